/**
 * The command-line tool's only way into Pulumi: the Automation API (`@pulumi/pulumi/automation`)
 * on a LocalWorkspace, read-only operations (a refresh preview, a preview, a state export), and the
 * engine's structured events. No CLI text is parsed, except the last resort for an error's cause.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type EngineEvent,
  LocalWorkspace,
  type PolicyEvent,
  PulumiCommand,
  Stack,
  type Workspace,
} from "@pulumi/pulumi/automation";
import { withoutProviderKey } from "../../framework/validation";
import { nameOfUrn, shortType, stackOfUrn } from "../../protocol/urns";
import { byCodePoint, type JsonValue } from "../report/values";

/**
 * A resource of a deployment as `pulumi stack export` gives it: the fields the tool reads (recover,
 * migrate), and the rest kept as they are.
 */
export interface DeploymentResource {
  urn: string;
  type: string;
  custom?: boolean;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  /** The provider's `<urn>::<id>`. */
  provider?: string;
  [field: string]: unknown;
}

/**
 * What the engine's step events say of one resource in one operation, as the exported `EngineEvent`
 * type of the Automation API has it (its outputs and pre events carry the same metadata).
 */
export type StepMetadata = NonNullable<EngineEvent["resOutputsEvent"]>["metadata"];

/** The engine's view of one resource in one operation: the last step event it sent for the URN. */
export interface ResourceStep {
  urn: string;
  /** The full type token, e.g. `pulumi-nodejs:dynamic/platform:AlertConfiguration` or `platform:index:AlertConfiguration`. */
  typeToken: string;
  /** Every operation the engine announced for the resource (a replacement is several steps). */
  ops: Set<StepMetadata["op"]>;
  /** The step metadata of the resource's latest event (for a replacement, of its replace step). */
  metadata: StepMetadata;
}

/** A resource's inputs as the engine's step events carry them. */
export type Inputs = Record<string, JsonValue>;

/** A resource's inputs in a step event, without the dynamic provider's `__provider`. */
export function inputsOf(state: StepMetadata["old"]): Inputs {
  return withoutProviderKey((state?.inputs ?? {}) as Inputs);
}

/** Config as `stack.getAllConfig()` answers it: values are strings (objects as JSON text). */
export type StackConfig = Record<string, { value: string; secret?: boolean }>;

/** `--policy-pack` (repeatable) and `--policy-pack-config` (repeatable, one per pack). */
export interface PolicyPackOptions {
  /** Absolute paths: the preview runs in the project's folder. */
  packs: string[];
  configs: string[];
  /** The packs as given on the command line, for the report (no machine's folders in it). */
  asGiven: string[];
}

/** What an operation's events told: each resource's step, and the engine's error messages. */
export interface OperationEvents {
  steps: Map<string, ResourceStep>;
  /** Error diagnostics, with the URN of the resource each is about (none: the stack's own). */
  errors: Array<{ urn: string | undefined; message: string }>;
  /**
   * A preview run with policy packs: the packs, the engine's policy events, and whether the preview
   * failed on mandatory violations (policyFindings.ts).
   */
  policy?: { packs: string[]; events: PolicyEvent[]; failed: boolean };
}

/**
 * The error messages in URN order, the stack's own last. Reads run in parallel, so the order errors
 * arrive in is a race; in this order the cause reported for a failed stack is the same on every run.
 */
export function errorMessages(events: OperationEvents): string[] {
  const key = (urn: string | undefined) => (urn === undefined || urn === "" ? "\uffff" : urn);
  return [...events.errors].sort((a, b) => byCodePoint(key(a.urn), key(b.urn))).map((error) => error.message);
}

/** A line of progress for the person watching (printed on stderr, so `--json` stays clean). */
export type Progress = (line: string) => void;

/** An error the tool reports on one line and exits 1 for. */
export class CliError extends Error {}

/**
 * Mends what keeps a stack from being opened (recover.ts, repairFileCheckpoint) and says what it
 * did, in words; nothing said means nothing was mended.
 */
export type StackRepair = (workspace: LocalWorkspace, stackName: string) => Promise<string[]>;

/**
 * Opens an existing stack of the Pulumi project in `cwd` (never creates one): the one named, else the
 * one selected there. `select` it for the commands after which the user runs `pulumi up` on it
 * (recover, migrate); else it is opened to read (`stackToRead`), a named one that does not exist an
 * error before any operation (`pulumi stack tag ls` loads no state). With `repair`, a stack whose
 * checkpoint cannot be loaded is mended (each repair reported through `progress`) and opened again.
 */
export async function openStack(
  stackName: string | undefined,
  cwd: string,
  how: { select: boolean; repair?: { mend: StackRepair; progress: Progress } },
): Promise<Stack> {
  let workspace: LocalWorkspace;
  try {
    workspace = await LocalWorkspace.create({ workDir: cwd });
  } catch (error) {
    throw startError(error, cwd);
  }
  let name = stackName;
  if (name === undefined) {
    try {
      name = (await workspace.stack())?.name;
    } catch (error) {
      throw new CliError(`${cwd}: ${causeOf(error, [])}`);
    }
  }
  if (name === undefined) throw new CliError("no stack selected: pass --stack <name>");
  try {
    if (!how.select) {
      if (stackName !== undefined) await workspace.listTags(name);
      return await stackToRead(name, workspace);
    }
    return await LocalWorkspace.selectStack({ stackName: name, workDir: cwd });
  } catch (error) {
    const { repair } = how;
    const mended =
      repair !== undefined && /failed to load checkpoint/i.test(String(error))
        ? await repair.mend(workspace, name)
        : [];
    if (mended.length === 0) throw new CliError(`stack ${name}: ${causeOf(error, [])}`);
    for (const line of mended) repair?.progress(`  ${line}`);
    try {
      return await LocalWorkspace.selectStack({ stackName: name, workDir: cwd });
    } catch (again) {
      throw new CliError(`stack ${name}: ${causeOf(again, [])}`);
    }
  }
}

/**
 * A stack of `workspace` opened without selecting it, for the commands that only read: the folder's
 * selected stack is the user's, for their next `pulumi up` (docs/cli.md, "Many stacks"). Each of a
 * `Stack`'s operations names its stack, so the workspace given to `Stack.select` selects nothing.
 */
export function stackToRead(name: string, workspace: LocalWorkspace): Promise<Stack> {
  const selectsNothing = new Proxy(workspace, {
    get: (of, key) => (key === "selectStack" ? async () => {} : Reflect.get(of, key, of)),
  });
  return Stack.select(name, selectsNothing);
}

/** The last segment of a stack name (`org/project/dev` -> `dev`): its URNs' and a fleet's name for it. */
export function shortStackName(name: string): string {
  return name.slice(name.lastIndexOf("/") + 1);
}

/** The events of an operation on `stackName`, checked to be of it (`stackToRead` selects nothing). */
export function ofStack(stackName: string, events: OperationEvents): OperationEvents {
  const short = shortStackName(stackName);
  for (const urn of events.steps.keys()) {
    if (stackOfUrn(urn) !== short)
      throw new CliError(`the engine answered for ${urn}, not for stack ${stackName}`);
  }
  return events;
}

/** Why the Pulumi CLI could not be started for the project in `cwd`: not installed, or the cause. */
function startError(error: unknown, cwd: string): CliError {
  const text = error instanceof Error ? error.message : String(error);
  if (/ENOENT/.test(text) && /pulumi/.test(text)) {
    return new CliError(
      "the Pulumi CLI was not found on PATH: install it (https://www.pulumi.com/docs/install/)",
    );
  }
  return new CliError(`${cwd}: ${causeOf(error, [])}`);
}

/**
 * The Pulumi CLI on PATH, looked up once (`pulumi version`) for all the workspaces of a command over
 * many stacks, which then start no CLI of their own to find it.
 */
export async function findPulumi(): Promise<PulumiCommand> {
  try {
    return await PulumiCommand.get();
  } catch (error) {
    throw startError(error, process.cwd());
  }
}

/**
 * Where a file backend keeps the project's checkpoints (`<backend>/.pulumi/stacks/<project>/`,
 * `<stack>.json` each); undefined for any other backend.
 */
export async function fileBackendStacksFolder(workspace: Workspace): Promise<string | undefined> {
  const { url } = await workspace.whoAmI();
  if (url === undefined || !url.startsWith("file://")) return undefined;
  const project = (await workspace.projectSettings()).name;
  return join(fileURLToPath(url), ".pulumi", "stacks", project);
}

/** Collects step events: custom resources only (the stack and providers never differ). */
function collector(
  progress: Progress,
  verb: string,
): { events: OperationEvents; onEvent: (e: EngineEvent) => void } {
  const events: OperationEvents = { steps: new Map(), errors: [] };
  const onEvent = (event: EngineEvent) => {
    const metadata = event.resOutputsEvent?.metadata ?? event.resourcePreEvent?.metadata;
    if (metadata !== undefined && isManagedResource(metadata.type)) {
      if (event.resourcePreEvent !== undefined && !events.steps.has(metadata.urn)) {
        progress(`  ${verb} ${shortType(metadata.type)} ${nameOfUrn(metadata.urn)}`);
      }
      const known = events.steps.get(metadata.urn);
      if (known === undefined) {
        events.steps.set(metadata.urn, {
          urn: metadata.urn,
          typeToken: metadata.type,
          ops: new Set([metadata.op]),
          metadata,
        });
      } else {
        known.ops.add(metadata.op);
        // The latest event wins (a refresh's outputs event follows its pre event), except the
        // delete-replaced step of a replacement, which carries only the old state.
        if (metadata.op !== "delete-replaced") known.metadata = metadata;
      }
    }
    if (event.policyEvent !== undefined) events.policy?.events.push(event.policyEvent);
    const diagnostic = event.diagnosticEvent;
    if (diagnostic?.severity === "error")
      events.errors.push({ urn: diagnostic.urn, message: diagnostic.message });
  };
  return { events, onEvent };
}

function isManagedResource(typeToken: string): boolean {
  return typeToken !== "pulumi:pulumi:Stack" && !typeToken.startsWith("pulumi:providers:");
}

/** A refresh that writes nothing (`pulumi refresh --preview-only`): each resource's read against the service. */
export async function refreshPreview(stack: Stack, progress: Progress): Promise<OperationEvents> {
  const { events, onEvent } = collector(progress, "read");
  try {
    await stack.previewRefresh({ onEvent });
  } catch (error) {
    throw new CliError(causeOf(error, errorMessages(events)));
  }
  return ofStack(stack.name, events);
}

/**
 * A preview of the program against the stack's state as it is (no refresh): the pending changes.
 * With policy packs, the preview runs them and collects their violations; a preview that mandatory
 * violations failed is a result (the report says so), not an error.
 */
export async function programPreview(
  stack: Stack,
  progress: Progress,
  policy?: PolicyPackOptions,
): Promise<OperationEvents> {
  const { events, onEvent } = collector(progress, "planned");
  const withPacks = policy !== undefined && policy.packs.length > 0;
  if (withPacks) events.policy = { packs: policy.asGiven, events: [], failed: false };
  try {
    await stack.preview(
      withPacks ? { onEvent, policyPacks: policy.packs, policyPackConfigs: policy.configs } : { onEvent },
    );
  } catch (error) {
    // Mandatory violations fail the preview: then that is the report's finding, not an error. Any
    // other failure (the program's, a resource's) stays an error, as without a pack.
    const mandatory = events.policy?.events.some(
      (policyEvent) => policyEvent.enforcementLevel === "mandatory",
    );
    if (events.policy === undefined || mandatory !== true) {
      throw new CliError(causeOf(error, errorMessages(events)));
    }
    events.policy.failed = true;
  }
  return ofStack(stack.name, events);
}

/**
 * A refusal of the credentials (HTTP 401, as the client words it: provider/client/failures.ts
 * `answerError`) is the same for every resource of the stack; which resource's read met it first is a
 * race between parallel reads, so the cause names the credentials, not that resource or its path.
 */
function withoutTheResource(cause: string): string {
  const refused = /\banswered 401(?: ([A-Z_]+))?(?: \(after \d+ HTTP requests\))?(?:: (.*))?$/.exec(cause);
  if (refused === null) return cause;
  const [, code, rest] = refused;
  return `the service refused the credentials (401${code === undefined ? "" : ` ${code}`})${rest === undefined ? "." : `: ${rest}`}`;
}

/** Strips terminal colour codes and the engine's markup. */
export function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are what this removes
  return text.replace(/\u001b\[[0-9;]*m/g, "").replace(/<\{%[^%]*%\}>/g, "");
}

/**
 * The cause of a failed operation in one line: the engine's first error diagnostic (without the
 * engine's framing), else the first `error:` line of what the CLI printed, else the error's message.
 */
export function causeOf(error: unknown, diagnostics: string[]): string {
  const candidates = [...diagnostics];
  const text = error instanceof Error ? error.message : String(error);
  // The Automation API's message is "code: N\n stdout: ...\n stderr: ...": the CLI's "error: " lines.
  candidates.push(
    ...plain(text)
      .split("\n")
      .map((line) => /(?:^|\s)error:\s*(.*)$/i.exec(line)?.[1])
      .filter((line): line is string => line !== undefined),
  );
  for (const candidate of candidates) {
    // The engine frames a resource's error as "Preview failed: <cause>": the cause is what counts.
    const lines = plain(candidate)
      .split("\n")
      .map((line) =>
        line
          .trim()
          .replace(/^error:\s*/, "")
          .replace(/^(?:update|preview|refresh) failed:\s*/i, ""),
      )
      .filter((line) => line !== "" && !/^(update failed|preview failed|an error occurred)/i.test(line));
    if (lines.length > 0) return withoutTheResource(lines.join(" "));
  }
  const firstLine = plain(text)
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line !== "" && !line.startsWith("code:"));
  return firstLine ?? "unknown error";
}
