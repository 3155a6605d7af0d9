/**
 * Many stacks of several Pulumi project folders in one process (docs/cli.md, "Many stacks"): which
 * stacks the options name, and each stack's read-only engine operations, several stacks at once.
 * What one process shares that a loop of `drift` runs pays per stack: Node.js and the Automation API
 * loaded once, the Pulumi CLI looked up once, one type check of a folder's program (in the tool,
 * with the declarations one folder's check parsed reused by the next: programTypeCheck.ts), and one
 * export per stack at most (on a file backend, its projects come from the checkpoint).
 *
 * The service's rate limit is per project (docs/client.md, "Throttle"), and each stack's read of the
 * live state has a client of its own (liveRead.ts: in this process, or in the provider process of an
 * engine's refresh). Those clients share a project's budget through the client's budget store, which
 * a client reads when its throttle starts and then once a window: one that starts after another's
 * reads knows them, but two reading one project at the same moment would each see the budget the
 * other is spending. So the reads of the live state (the only calls to the service: `preview` runs
 * check and diff only) of stacks whose resources are in the same project run one after the other;
 * everything else runs concurrently.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { LocalWorkspace, type PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import type { StackConfig } from "./compare";
import { forEachBounded, KeyedLocks } from "./concurrency";
import { driftReport } from "./drift";
import {
  CliError,
  causeOf,
  findPulumi,
  type OperationEvents,
  type Progress,
  platformTypeName,
  stackOfListed,
  stacksFolderOfBackend,
} from "./engine";
import {
  type FailedStack,
  type FleetEntry,
  type FleetReport,
  fleetReport,
  type StackRef,
  stackLabel,
} from "./fleet";
import { readLiveState } from "./liveRead";
import { openedDeployment, type StateSeen } from "./openedState";
import type { FleetSelection, FolderSelection, StackChoice } from "./options";
import { type ProgramPreview, previewProgram } from "./previewHost";
import { ProgramTypeChecks, planTypeCheck, type TypeCheckPlan } from "./programTypeCheck";
import { driftSummary, pendingSummary } from "./render";
import { readStackListing, sliceOfListing } from "./stackListing";

/** A Pulumi project folder of the run, with its stacks as the backend lists them. */
export interface FleetFolder {
  /** The folder as given on the command line (a listing keeps it so, for the jobs of a matrix). */
  dir: string;
  path: string;
  /** The project's name (Pulumi.yaml), which tells its stacks from another folder's. */
  project: string;
  workspace: LocalWorkspace;
  /** The stacks' names as the backend gives them; undefined when they could not be listed. */
  listed: string[] | undefined;
  /** Why the stacks could not be listed. */
  listingError: string | undefined;
  /** The stack selected in the folder before the run, restored after it. */
  selected: string | undefined;
  /** Where its program's type check runs (programTypeCheck.ts). */
  typeCheck: TypeCheckPlan;
  /** Which backend it is on, as far as the CLI's choice of backend depends on the folder. */
  backend: string;
}

/** A stack the run checks: its folder, and its name as the backend lists it (given to the engine). */
export interface FleetTarget extends StackRef {
  folder: FleetFolder;
  name: string;
}

/** What the options name: the stacks to check, and the ones that cannot be (an unknown stack, ...). */
export interface FleetTargets {
  folders: FleetFolder[];
  targets: FleetTarget[];
  failed: FailedStack[];
}

/** The last segment of a stack name (`org/project/dev` -> `dev`): how a fleet names a stack. */
function shortName(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

function oneLine(error: unknown): string {
  const message = error instanceof CliError ? error.message : causeOf(error, []);
  return message.split("\n").join(" ");
}

/**
 * The stack names a file backend holds for the project (`<stack>.json` files in its stacks folder),
 * for when `pulumi stack ls` fails: it loads every checkpoint, so one unreadable checkpoint would
 * otherwise hide every stack of the project. Undefined for other backends.
 */
function stacksInFolder(folder: string | undefined): string[] | undefined {
  if (folder === undefined || !existsSync(folder)) return undefined;
  return readdirSync(folder)
    .map((file) => /^(.+)\.json(?:\.gz)?$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
}

/**
 * The type check of a TypeScript program depends on its files and tsconfig, not on the stack: once
 * one stack's preview of a folder's program passed it, the folder's other stacks preview it
 * transpile-only (`PULUMI_NODEJS_TRANSPILE_ONLY`, @pulumi/pulumi's run-plugin). The first stack of a
 * folder to preview carries the check; the others wait for it, and when it fails (a type error, or
 * anything else), the next one carries it, so a program that does not compile fails every stack as
 * `drift` on each alone would. A user's own PULUMI_NODEJS_TRANSPILE_ONLY is left to decide. This is
 * the check of a folder the tool does not type-check itself (programTypeCheck.ts), or whose check
 * there found anything.
 */
export class TypeCheckOnce {
  readonly #passed = new Set<string>();
  readonly #carrying = new Map<string, Promise<void>>();
  readonly #userSetting: string | undefined;

  constructor(userSetting: string | undefined) {
    this.#userSetting = userSetting;
  }

  /** Whether a preview of a stack of `folder` would now wait for another stack's type check. */
  wouldWait(folder: string): boolean {
    return this.#userSetting === undefined && !this.#passed.has(folder) && this.#carrying.has(folder);
  }

  /** Runs `preview(transpileOnly)` for a stack of `folder`; `onWait` when it waits for the carrier. */
  async run<T>(
    folder: string,
    preview: (transpileOnly: boolean) => Promise<T>,
    onWait: () => void,
  ): Promise<T> {
    if (this.#userSetting !== undefined) return preview(false);
    for (;;) {
      if (this.#passed.has(folder)) return preview(true);
      const carrier = this.#carrying.get(folder);
      if (carrier === undefined) break;
      onWait();
      await carrier;
    }
    let done!: () => void;
    this.#carrying.set(
      folder,
      new Promise<void>((resolve) => {
        done = resolve;
      }),
    );
    try {
      const result = await preview(false);
      this.#passed.add(folder);
      return result;
    } finally {
      this.#carrying.delete(folder);
      done();
    }
  }
}

/** The projects (group ids) the platform resources of a stack's state are in. */
export function apiProjectsOf(deployment: unknown): string[] {
  const resources = (deployment as { resources?: unknown[] } | undefined)?.resources ?? [];
  const projects = new Set<string>();
  for (const resource of resources) {
    const { type, inputs } = (resource ?? {}) as { type?: unknown; inputs?: Record<string, unknown> };
    if (typeof type !== "string" || platformTypeName(type) === undefined) continue;
    if (typeof inputs?.groupId === "string") projects.add(inputs.groupId);
  }
  return [...projects].sort();
}

/**
 * The projects of a stack from its checkpoint file as a file backend keeps it (`{"checkpoint":
 * {"latest": <deployment>}}`), what `apiProjectsOf` reads of `pulumi stack export` without running
 * it. Undefined when the text does not tell (not a checkpoint, no deployment yet, or a platform
 * resource whose groupId is not a plain string, e.g. a secret): the export decides then.
 */
export function apiProjectsOfCheckpoint(text: string): string[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const latest = (parsed as { checkpoint?: { latest?: unknown } } | null)?.checkpoint?.latest;
  if (typeof latest !== "object" || latest === null) return undefined;
  const resources = (latest as { resources?: unknown }).resources ?? [];
  if (!Array.isArray(resources)) return undefined;
  for (const resource of resources) {
    const { type, inputs } = (resource ?? {}) as { type?: unknown; inputs?: Record<string, unknown> };
    if (typeof type !== "string" || platformTypeName(type) === undefined) continue;
    const groupId = inputs?.groupId;
    if (groupId !== undefined && typeof groupId !== "string") return undefined;
  }
  return apiProjectsOf(latest);
}

/** The text of a stack's checkpoint in a file backend's stacks folder (plain or gzipped); undefined when absent. */
export function readCheckpoint(stacksFolder: string, stackName: string): string | undefined {
  const path = join(stacksFolder, `${shortName(stackName)}.json`);
  try {
    if (existsSync(path)) return readFileSync(path, "utf8");
    if (existsSync(`${path}.gz`)) return gunzipSync(readFileSync(`${path}.gz`)).toString("utf8");
  } catch {
    return undefined;
  }
  return undefined;
}

/** The running order: one stack of each folder in turn, so the folders' type checks start first. */
export function interleaveByFolder<T extends { folder: { path: string } }>(targets: readonly T[]): T[] {
  const byFolder = new Map<string, T[]>();
  for (const target of targets) {
    const list = byFolder.get(target.folder.path) ?? [];
    list.push(target);
    byFolder.set(target.folder.path, list);
  }
  const queues = [...byFolder.values()];
  const order: T[] = [];
  for (let round = 0; order.length < targets.length; round++) {
    for (const queue of queues) {
      const target = queue[round];
      if (target !== undefined) order.push(target);
    }
  }
  return order;
}

/** The stored state of a stack as the live read needs it (FleetSession `storedStateOf`). */
export interface StoredState {
  /** The checkpoint file's text (a file backend), read before the stack's preview. */
  checkpoint: string | undefined;
  projects: string[];
  /** The export (secrets shown), when the checkpoint did not tell the projects. */
  exported: unknown;
}

/** How many project folders are opened (a `pulumi stack ls` each) at once. */
const FOLDERS_OPENED_AT_ONCE = 4;

/** The state shared by the stacks of one run: the CLI, the locks, the type checks. */
export class FleetSession {
  readonly #pulumi: PulumiCommand;
  /** The reads of the live state, per project (the module comment). */
  readonly #reading = new KeyedLocks();
  readonly #typeCheck = new TypeCheckOnce(process.env.PULUMI_NODEJS_TRANSPILE_ONLY);
  readonly #toolTypeChecks = new ProgramTypeChecks();
  /** Each backend's URL (`pulumi whoami`) by `FleetFolder.backend`: the folders on one backend ask once. */
  readonly #backendUrls = new Map<string, Promise<string | undefined>>();

  private constructor(pulumi: PulumiCommand) {
    this.#pulumi = pulumi;
  }

  static async start(): Promise<FleetSession> {
    return new FleetSession(await findPulumi());
  }

  /** Opens each folder (once, however it is spelled) and lists its stacks. */
  async openFolders(dirs: readonly string[]): Promise<FleetFolder[]> {
    const byPath = new Map<string, string>();
    for (const dir of dirs) {
      const path = resolve(dir);
      if (byPath.has(path)) continue;
      if (!existsSync(path)) throw new CliError(`${dir}: no such folder`);
      byPath.set(path, dir);
    }
    // Each folder's listing is a CLI process of its own: several at once, errors taken in the order given.
    const unique = [...byPath.entries()];
    const opened: Array<FleetFolder | CliError> = [];
    await forEachBounded(unique, FOLDERS_OPENED_AT_ONCE, async ([path, dir], index) => {
      opened[index] = await this.#openFolder(dir, path).catch((error: unknown) =>
        error instanceof CliError ? error : new CliError(`${dir}: ${oneLine(error)}`),
      );
    });
    const folders: FleetFolder[] = [];
    for (const folder of opened) {
      if (folder instanceof CliError) throw folder;
      const same = folders.find((other) => other.project === folder.project);
      if (same !== undefined) {
        throw new CliError(
          `${same.dir} and ${folder.dir} are both project ${folder.project}: a report tells stacks apart by project name`,
        );
      }
      folders.push(folder);
    }
    return folders;
  }

  /** A project folder: its workspace, project name and stacks (or why they could not be listed). */
  async #openFolder(dir: string, path: string): Promise<FleetFolder> {
    let workspace: LocalWorkspace;
    let project: string;
    let typeCheck: TypeCheckPlan;
    let backend: string;
    try {
      workspace = await LocalWorkspace.create({ workDir: path, pulumiCommand: this.#pulumi });
      const settings = await workspace.projectSettings();
      project = settings.name;
      typeCheck = planTypeCheck(path, settings);
      // The CLI's backend: Pulumi.yaml's (its own, as a path in it may be relative to the folder),
      // else PULUMI_BACKEND_URL, else PULUMI_HOME's login: the same for every folder of the run.
      const own = settings.backend?.url;
      backend = own !== undefined ? `${path}\0${own}` : (process.env.PULUMI_BACKEND_URL ?? "");
    } catch (error) {
      throw new CliError(`${dir}: ${oneLine(error)}`);
    }
    const folder: FleetFolder = {
      dir,
      path,
      project,
      workspace,
      listed: undefined,
      listingError: undefined,
      selected: undefined,
      typeCheck,
      backend,
    };
    try {
      const summaries = await workspace.listStacks();
      folder.listed = summaries.map((summary) => summary.name).sort();
      folder.selected = summaries.find((summary) => summary.current)?.name;
    } catch (error) {
      folder.listingError = oneLine(error);
      folder.listed = await this.#stacksFolderOf(folder)
        .then((stacksFolder) => stacksInFolder(stacksFolder))
        .catch(() => undefined);
    }
    return folder;
  }

  /** The stacks a selection of folders names. */
  async targetsOf(selection: FolderSelection): Promise<FleetTargets> {
    const folders = await this.openFolders(selection.folders);
    return { folders, ...resolveTargets(folders, selection.stacks) };
  }

  /** The stacks of a selection: of folders, or of a listing (one slice of it). */
  async targetsOfSelection(selection: FleetSelection): Promise<FleetTargets> {
    if (selection.from === "folders") return this.targetsOf(selection);
    const listing = readStackListing(selection.file);
    const stacks = sliceOfListing(listing, selection.slice, selection.file);
    return this.targetsOf({
      from: "folders",
      folders: [...new Set(stacks.map((stack) => stack.cwd))],
      stacks: { kind: "named", names: stacks.map((stack) => stackLabel(stack)) },
    });
  }

  /**
   * Opens a stack (its own workspace, so its operations can have their own environment), without
   * selecting it: the folder's selected stack stays the user's (engine.ts `stackOfListed`).
   */
  async openStack(target: FleetTarget): Promise<Stack> {
    try {
      const workspace = await LocalWorkspace.create({
        workDir: target.folder.path,
        pulumiCommand: this.#pulumi,
      });
      return await stackOfListed(target.name, workspace);
    } catch (error) {
      throw new CliError(`stack ${target.name}: ${oneLine(error)}`);
    }
  }

  /**
   * What the live read needs of the stored state before it runs: the stack's service projects (the
   * checkpoint's on a file backend, else the export's), the checkpoint's text, and the export when
   * one was made. A state that cannot be read fails here, whichever order the stack then runs in.
   */
  async storedStateOf(target: FleetTarget, stack: Stack): Promise<StoredState> {
    try {
      const checkpoint = await this.checkpointOf(target);
      const projects = checkpoint === undefined ? undefined : apiProjectsOfCheckpoint(checkpoint);
      if (projects !== undefined) return { checkpoint, projects, exported: undefined };
      const exported = (await stack.exportStack()).deployment;
      return { checkpoint, projects: apiProjectsOf(exported), exported };
    } catch (error) {
      throw new CliError(`stack ${stack.name}: ${oneLine(error)}`);
    }
  }

  /**
   * The stack's live state (its resources read from the service, liveRead.ts), while no other stack
   * of the run reads one of its projects; `onPhase` says what it does or waits for. `seen`: the
   * state the stack's preview was sent; when the checkpoint is still the text `stored` read, the
   * deployment the live read needs is made from them (openedState.ts) instead of exported.
   */
  async readLive(
    target: FleetTarget,
    stack: Stack,
    onPhase: (phase: string) => void,
    stored?: StoredState,
    seen?: StateSeen,
  ): Promise<OperationEvents> {
    const { checkpoint, projects, exported } = stored ?? (await this.storedStateOf(target, stack));
    let deployment = exported;
    if (deployment === undefined && checkpoint !== undefined && seen !== undefined) {
      if ((await this.checkpointOf(target)) === checkpoint) deployment = openedDeployment(checkpoint, seen);
    }
    return this.#reading.withKeys(
      projects,
      () => {
        onPhase("reading the live state");
        return readLiveState(stack, () => {}, deployment);
      },
      (project) => onPhase(`waiting: another stack reads project ${project}`),
    );
  }

  /**
   * The text of the stack's checkpoint on a file backend: what `pulumi stack export` would tell,
   * without a CLI process (and its decryption of every secret) per stack. Undefined for another
   * backend, or when there is no checkpoint file.
   */
  async checkpointOf(target: FleetTarget): Promise<string | undefined> {
    const stacksFolder = await this.#stacksFolderOf(target.folder).catch(() => undefined);
    return stacksFolder === undefined ? undefined : readCheckpoint(stacksFolder, target.name);
  }

  /** The folder's file backend stacks folder (undefined: another backend); `pulumi whoami` once per backend. */
  #stacksFolderOf(folder: FleetFolder): Promise<string | undefined> {
    let url = this.#backendUrls.get(folder.backend);
    if (url === undefined) {
      url = folder.workspace.whoAmI().then((who) => who.url);
      this.#backendUrls.set(folder.backend, url);
    }
    return url.then((backendUrl) => stacksFolderOfBackend(backendUrl, folder.project));
  }

  /** Whether the stack's preview would now wait for the type check of its folder's program. */
  previewWouldWait(target: FleetTarget): boolean {
    return target.folder.typeCheck.where === "program" && this.#typeCheck.wouldWait(target.folder.path);
  }

  /**
   * The stack's preview (the program against the state), its folder's program type-checked once:
   * in the tool when the folder is planned for it, while the stack previews it transpile-only (the
   * check decides only whether that preview stands); else, or when the tool's check found anything,
   * in the program of one stack of the folder, the others waiting for it (`TypeCheckOnce`).
   */
  async planned(
    target: FleetTarget,
    stack: Stack,
    onPhase: (phase: string) => void,
  ): Promise<ProgramPreview> {
    const preview = (transpileOnly: boolean) => {
      const { PULUMI_NODEJS_TRANSPILE_ONLY: _previous, ...envVars } = stack.workspace.envVars;
      stack.workspace.envVars = transpileOnly
        ? { ...envVars, PULUMI_NODEJS_TRANSPILE_ONLY: "true" }
        : envVars;
      onPhase("comparing the program with the state");
      return previewProgram(stack, () => {});
    };
    const waitingFor = `waiting for the type check of project ${target.folder.project}'s program`;
    const plan = target.folder.typeCheck;
    if (plan.where === "tool") {
      let checked = false;
      const verdict = this.#toolTypeChecks.verdict(plan.request).finally(() => {
        checked = true;
      });
      const previewed = await preview(true).then(
        (done) => ({ done }),
        (error: unknown) => ({ error }),
      );
      if (!checked) onPhase(waitingFor);
      const checkedInTool = await verdict;
      if (checkedInTool.passed) {
        if ("error" in previewed) throw previewed.error;
        return previewed.done;
      }
      onPhase(
        `type-checking project ${target.folder.project}'s program in its own process: the tool's check found ${checkedInTool.reason}`,
      );
    }
    return this.#typeCheck.run(target.folder.path, preview, () => onPhase(waitingFor));
  }
}

/** What target resolution reads of a folder. */
export type ListedFolder = Pick<FleetFolder, "project" | "listed" | "listingError" | "selected">;

/**
 * Resolves the stack choice against the folders' listings: the stacks to check, and the ones named
 * that cannot be (an unknown stack, a project no folder holds, a folder whose stacks could not be
 * listed), each with its one-line reason.
 */
export function resolveTargets<F extends ListedFolder>(
  folders: readonly F[],
  choice: StackChoice,
): { targets: Array<StackRef & { folder: F; name: string }>; failed: FailedStack[] } {
  const targets: Array<StackRef & { folder: F; name: string }> = [];
  const failed: FailedStack[] = [];
  const seen = new Set<string>();
  const add = (folder: F, name: string) => {
    const target = { project: folder.project, stack: shortName(name), folder, name };
    if (seen.has(stackLabel(target))) return;
    seen.add(stackLabel(target));
    targets.push(target);
  };
  const fail = (project: string, stack: string, error: string) => {
    if (seen.has(`${project}/${stack}`)) return;
    seen.add(`${project}/${stack}`);
    failed.push({ project, stack, error });
  };
  for (const folder of folders) {
    if (choice.kind === "all") {
      if (folder.listed === undefined)
        fail(folder.project, "*", `listing the stacks failed: ${folder.listingError}`);
      for (const name of folder.listed ?? []) add(folder, name);
    } else if (choice.kind === "selected") {
      if (folder.selected !== undefined) add(folder, folder.selected);
      else if (folder.listingError !== undefined)
        fail(folder.project, "*", `listing the stacks failed: ${folder.listingError}`);
      else fail(folder.project, "*", "no stack selected: pass --stack <name> or --all-stacks");
    }
  }
  if (choice.kind !== "named") return { targets, failed };
  for (const given of choice.names) {
    const parts = given.split("/");
    const stack = parts.at(-1) as string;
    const project = parts.length > 1 ? parts.at(-2) : undefined;
    const inFolders = folders.filter((folder) => project === undefined || folder.project === project);
    if (project !== undefined && inFolders.length === 0) {
      fail(project, stack, `no folder of project ${project} was given (--cwd)`);
      continue;
    }
    for (const folder of inFolders) {
      if (folder.listed === undefined) {
        // Not listed: the engine says whether it exists.
        add(folder, parts.length === 3 ? given : stack);
        continue;
      }
      const name = folder.listed.find((listed) =>
        parts.length === 3 ? listed === given || listed === stack : shortName(listed) === stack,
      );
      if (name === undefined) fail(folder.project, stack, `stack ${stack}: no stack named '${stack}' found`);
      else add(folder, name);
    }
  }
  return { targets, failed };
}

/**
 * What a long run shows on stderr: a line when a stack starts, waits and ends, each with how many
 * are done, running and waiting, and every `heartbeatMs` what the running ones are doing.
 */
export class FleetProgress {
  readonly #write: Progress;
  readonly #total: number;
  readonly #running = new Map<string, { phase: string; since: number }>();
  #done = 0;
  readonly #timer: NodeJS.Timeout | undefined;

  constructor(total: number, write: Progress, heartbeatMs = 30_000) {
    this.#total = total;
    this.#write = write;
    if (heartbeatMs > 0) {
      this.#timer = setInterval(() => this.#heartbeat(), heartbeatMs);
      // A heartbeat must not keep the process alive.
      this.#timer.unref();
    }
  }

  #counts(): string {
    const waiting = this.#total - this.#done - this.#running.size;
    return `[${this.#done}/${this.#total} done, ${this.#running.size} running, ${waiting} waiting]`;
  }

  #heartbeat(): void {
    if (this.#running.size === 0) return;
    const now = Date.now();
    const running = [...this.#running].map(
      ([label, { phase, since }]) => `${label} (${phase}, ${Math.round((now - since) / 1000)} s)`,
    );
    this.#write(`${this.#counts()} running: ${running.join("; ")}`);
  }

  started(label: string): void {
    this.#running.set(label, { phase: "opening the stack", since: Date.now() });
    this.#write(`${this.#counts()} ${label}: started`);
  }

  /**
   * A new phase of a running stack; waits, and a type check the tool could not make, are printed (the
   * rest shows in the heartbeat).
   */
  phase(label: string, phase: string): void {
    const running = this.#running.get(label);
    if (running !== undefined) running.phase = phase;
    if (/^(waiting|type-checking)/.test(phase)) this.#write(`${this.#counts()} ${label}: ${phase}`);
  }

  finished(label: string, outcome: string): void {
    const since = this.#running.get(label)?.since ?? Date.now();
    this.#running.delete(label);
    this.#done++;
    this.#write(`${this.#counts()} ${label}: ${outcome} (${Math.round((Date.now() - since) / 1000)} s)`);
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
  }
}

/** Checks one stack of the run: its report, or why it could not be checked (one line). */
async function checkStack(
  session: FleetSession,
  target: FleetTarget,
  progress: FleetProgress,
): Promise<FleetEntry> {
  const label = stackLabel(target);
  const ref = { project: target.project, stack: target.stack };
  progress.started(label);
  const onPhase = (phase: string) => progress.phase(label, phase);
  try {
    const stack = await session.openStack(target);
    const stored = await session.storedStateOf(target, stack);
    let refresh: OperationEvents;
    let preview: ProgramPreview;
    if (session.previewWouldWait(target)) {
      // The live read (with an export) while another stack of the folder type-checks the program.
      refresh = await session.readLive(target, stack, onPhase, stored);
      preview = await session.planned(target, stack, onPhase);
    } else {
      // The preview first: the state it is sent spares the live read an export (openedState.ts).
      // A failure of both says the live read's, as in the other order.
      const previewed = await session.planned(target, stack, onPhase).then(
        (done) => ({ done }),
        (error: unknown) => ({ error }),
      );
      refresh = await session.readLive(
        target,
        stack,
        onPhase,
        stored,
        "done" in previewed ? previewed.done.seen : undefined,
      );
      if ("error" in previewed) throw previewed.error;
      preview = previewed.done;
    }
    const report = driftReport(stack.name, refresh, preview.events);
    progress.finished(label, `${driftSummary(report)}; ${pendingSummary(report).replace(/^No/, "no")}`);
    return { ...ref, report };
  } catch (error) {
    const message = oneLine(error);
    progress.finished(label, `could not be checked: ${message}`);
    return { ...ref, error: message };
  }
}

/** `drift` over the stacks of a selection: every stack's report, or why it could not be checked. */
export async function driftFleet(
  selection: FleetSelection,
  options: { concurrency: number; progress: Progress; heartbeatMs?: number },
): Promise<FleetReport> {
  const session = await FleetSession.start();
  const { folders, targets, failed } = await session.targetsOfSelection(selection);
  options.progress(
    `Checking ${targets.length} stack${targets.length === 1 ? "" : "s"} of ${folders.length} project${folders.length === 1 ? "" : "s"}, ${Math.min(options.concurrency, targets.length)} at a time (the report goes to stdout)`,
  );
  for (const entry of failed) options.progress(`${stackLabel(entry)}: could not be checked: ${entry.error}`);
  const progress = new FleetProgress(targets.length, options.progress, options.heartbeatMs);
  const entries: FleetEntry[] = [...failed];
  try {
    await forEachBounded(interleaveByFolder(targets), options.concurrency, async (target) => {
      entries.push(await checkStack(session, target, progress));
    });
  } finally {
    progress.stop();
  }
  return fleetReport(entries);
}

/** One stack's live resources and config, for `compare` along a chain. */
export interface LiveStack {
  name: string;
  refresh: OperationEvents;
  config: StackConfig;
}

/**
 * Reads stacks of the project in `cwd` for `compare` (each stack's refresh preview and config), in
 * the order given, several at once under the run's locks. Any stack that cannot be read is an error:
 * a comparison needs them all.
 */
export async function readLiveStacks(
  cwd: string,
  names: readonly string[],
  options: { concurrency: number; progress: Progress },
): Promise<LiveStack[]> {
  const session = await FleetSession.start();
  const { targets, failed } = await session.targetsOf({
    from: "folders",
    folders: [cwd],
    stacks: { kind: "named", names: [...names] },
  });
  const firstFailure = failed[0];
  if (firstFailure !== undefined) throw new CliError(firstFailure.error);
  const read = new Map<string, LiveStack>();
  await forEachBounded(targets, options.concurrency, async (target) => {
    const stack = await session.openStack(target);
    options.progress(`Reading the live state of stack ${stack.name} (nothing is written)`);
    const refresh = await session.readLive(target, stack, (phase) => {
      if (phase.startsWith("waiting")) options.progress(`  stack ${stack.name}: ${phase}`);
    });
    read.set(target.stack, { name: stack.name, refresh, config: await stack.getAllConfig() });
  });
  return targets.map((target) => read.get(target.stack) as LiveStack);
}
