/**
 * Many stacks of several Pulumi project folders in one process (docs/cli.md, "Many stacks"): which
 * stacks the options name, and each stack's read-only engine operations through the Automation API,
 * several stacks at once. What one process shares that a loop of `drift` runs pays per stack:
 * Node.js and the Automation API loaded once, the Pulumi CLI looked up once, one listing per folder,
 * and one type check of a folder's program (programTypeCheck.ts).
 *
 * The service's rate limit is per project (docs/client.md, "Throttle"), and each engine operation
 * runs its own provider process. Those processes share a project's budget through the client's
 * budget store, which a process reads when its throttle starts and then once a window: a process
 * that starts after another's reads knows them, but two reading one project at the same moment would
 * each see the budget the other is spending. So the refresh previews (the only operation that calls
 * the service: `preview` runs check and diff only) of stacks whose resources are in the same project
 * run one after the other; everything else runs concurrently. A stack's preview runs first: its
 * steps carry the state of every resource the refresh will read, so their group ids are the projects
 * to wait for (`pulumi stack export` tells them only when the preview fails).
 */
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import {
  LocalWorkspace,
  type PulumiCommand,
  type Stack,
  StackNotFoundError,
} from "@pulumi/pulumi/automation";
import { platformTypeName } from "../../protocol/urns";
import {
  CliError,
  causeOf,
  findPulumi,
  type OperationEvents,
  type PolicyPackOptions,
  type Progress,
  programPreview,
  refreshPreview,
  type StackConfig,
  shortStackName,
  stackToRead,
} from "../engine";
import type { FleetSelection, FolderSelection, StackChoice } from "../options";
import { forEachBounded, KeyedLocks } from "./concurrency";
import { driftReport } from "./drift";
import {
  type FailedStack,
  type FleetEntry,
  type FleetReport,
  fleetReport,
  type StackRef,
  stackLabel,
} from "./fleet";
import {
  ProgramTypeChecks,
  planTscCheck,
  previewEnv,
  TRANSPILE_ONLY,
  type TscCheck,
} from "./programTypeCheck";
import { stackSummaryLine } from "./render";
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
  /** The stack selected in the folder (`--stack` not given: the one checked); unknown when not listed. */
  selected: string | undefined;
  /** The folder's one `tsc --noEmit` for the run, when its program is TypeScript with a tsconfig. */
  tscCheck: TscCheck | undefined;
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

function oneLine(error: unknown): string {
  const message = error instanceof CliError ? error.message : causeOf(error, []);
  return message.split("\n").join(" ");
}

/**
 * The stacks of the project, for when `pulumi stack ls` fails: it loads every stack's state, so one
 * unreadable state would otherwise hide every stack of the project. The folder's stack settings files
 * (`Pulumi.<stack>.yaml`) name the candidates; the backend tells which exist (`pulumi stack tag ls`,
 * which reads no state); one it does not know is left out, any other answer is kept for the engine
 * to say. Undefined when there is no candidate.
 */
async function stacksOfSettingsFiles(
  workspace: LocalWorkspace,
  folder: string,
): Promise<string[] | undefined> {
  const candidates = readdirSync(folder)
    .map((file) => /^Pulumi\.(.+)\.ya?ml$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  if (candidates.length === 0) return undefined;
  const known = await Promise.all(
    candidates.map((name) =>
      workspace.listTags(name).then(
        () => true,
        (error: unknown) => !(error instanceof StackNotFoundError),
      ),
    ),
  );
  return candidates.filter((_, index) => known[index]);
}

/** The projects (group ids) of the platform resources among `resources` (type token and inputs each). */
export function apiProjectsOf(
  resources: Iterable<{ type?: unknown; inputs?: Record<string, unknown> | null } | null | undefined>,
): string[] {
  const projects = new Set<string>();
  for (const resource of resources) {
    const { type, inputs } = resource ?? {};
    if (typeof type !== "string" || platformTypeName(type) === undefined) continue;
    if (typeof inputs?.groupId === "string") projects.add(inputs.groupId);
  }
  return [...projects].sort();
}

/** The projects of the resources in a stack's state, from a preview's steps (each with the state it compares). */
export function projectsOfSteps(events: OperationEvents): string[] {
  return apiProjectsOf(
    [...events.steps.values()].map(({ typeToken, metadata }) => ({
      type: typeToken,
      inputs: metadata.old?.inputs as Record<string, unknown> | undefined,
    })),
  );
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

/** How many project folders are opened (a `pulumi stack ls` each) at once. */
const FOLDERS_OPENED_AT_ONCE = 4;

/** The state shared by the stacks of one run: the CLI, the locks, the type checks. */
export class FleetSession {
  readonly #pulumi: PulumiCommand;
  /** The refresh previews, per project (the module comment). */
  readonly #reading = new KeyedLocks();
  readonly #typeChecks = new ProgramTypeChecks(process.env[TRANSPILE_ONLY]);

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
    let tscCheck: TscCheck | undefined;
    try {
      workspace = await LocalWorkspace.create({ workDir: path, pulumiCommand: this.#pulumi });
      const settings = await workspace.projectSettings();
      project = settings.name;
      tscCheck = planTscCheck(path, settings);
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
      tscCheck,
    };
    try {
      const summaries = await workspace.listStacks();
      folder.listed = summaries.map((summary) => summary.name).sort();
      folder.selected = summaries.find((summary) => summary.current)?.name;
    } catch (error) {
      folder.listingError = oneLine(error);
      folder.listed = await stacksOfSettingsFiles(workspace, path);
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

  /** Opens a stack to read, in a workspace of its own (its operations have their own environment). */
  async openStack(target: FleetTarget): Promise<Stack> {
    try {
      const workspace = await LocalWorkspace.create({
        workDir: target.folder.path,
        pulumiCommand: this.#pulumi,
      });
      return await stackToRead(target.name, workspace);
    } catch (error) {
      throw new CliError(`stack ${target.name}: ${oneLine(error)}`);
    }
  }

  /** The service projects of the stack's resources, from its state as `pulumi stack export` gives it. */
  async projectsOf(stack: Stack): Promise<string[]> {
    try {
      const { deployment } = await stack.exportStack();
      return apiProjectsOf((deployment as { resources?: [] } | undefined)?.resources ?? []);
    } catch (error) {
      throw new CliError(`stack ${stack.name}: ${oneLine(error)}`);
    }
  }

  /**
   * The stack's refresh preview (its resources read from the service), while no other stack of the
   * run reads one of its projects; `onPhase` says what it does or waits for.
   */
  async readLive(
    stack: Stack,
    onPhase: (phase: string) => void,
    projects?: readonly string[],
  ): Promise<OperationEvents> {
    return this.#reading.withKeys(
      projects ?? (await this.projectsOf(stack)),
      () => {
        onPhase("reading the live state");
        return refreshPreview(stack, () => {});
      },
      (project) => onPhase(`waiting: another stack reads project ${project}`),
    );
  }

  /** The stack's preview (the program against the state), its folder's program type-checked once. */
  planned(
    target: FleetTarget,
    stack: Stack,
    onPhase: (phase: string) => void,
    policy?: PolicyPackOptions,
  ): Promise<OperationEvents> {
    const { project } = target.folder;
    return this.#typeChecks.run(
      target.folder,
      (transpileOnly) => {
        stack.workspace.envVars = previewEnv(stack.workspace.envVars, transpileOnly);
        onPhase("comparing the program with the state");
        return programPreview(stack, () => {}, policy);
      },
      {
        waiting: () => onPhase(`waiting for the type check of project ${project}'s program`),
        checkFailed: (reason) =>
          onPhase(`type-checking project ${project}'s program in its own process: ${reason}`),
      },
    );
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
    const target = { project: folder.project, stack: shortStackName(name), folder, name };
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
        parts.length === 3 ? listed === given || listed === stack : shortStackName(listed) === stack,
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
   * A new phase of a running stack; waits, and a preview that type-checks its program because the
   * folder's tsc found something, are printed (the rest shows in the heartbeat).
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
  policy: PolicyPackOptions | undefined,
): Promise<FleetEntry> {
  const label = stackLabel(target);
  const ref = { project: target.project, stack: target.stack };
  progress.started(label);
  const onPhase = (phase: string) => progress.phase(label, phase);
  try {
    const stack = await session.openStack(target);
    // The preview first (module comment). A failure of both says the refresh preview's, as `drift`
    // on the stack alone does, which reads first.
    const previewed = await session.planned(target, stack, onPhase, policy).then(
      (done) => ({ done }),
      (error: unknown) => ({ error }),
    );
    const projects = "done" in previewed ? projectsOfSteps(previewed.done) : await session.projectsOf(stack);
    const refresh = await session.readLive(stack, onPhase, projects);
    if ("error" in previewed) throw previewed.error;
    const preview = previewed.done;
    const report = driftReport(stack.name, refresh, preview);
    progress.finished(label, stackSummaryLine(report));
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
  options: { concurrency: number; progress: Progress; heartbeatMs?: number; policy?: PolicyPackOptions },
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
      entries.push(await checkStack(session, target, progress, options.policy));
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
    options.progress(`Reading the live state of stack ${stack.name} (refresh preview, nothing is written)`);
    const refresh = await session.readLive(stack, (phase) => {
      if (phase.startsWith("waiting")) options.progress(`  stack ${stack.name}: ${phase}`);
    });
    read.set(target.stack, { name: stack.name, refresh, config: await stack.getAllConfig() });
  });
  return targets.map((target) => read.get(target.stack) as LiveStack);
}
