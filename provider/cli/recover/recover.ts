/**
 * `pulumi-cluster-platform recover`: resolves what an interrupted run (a killed CLI, a lost machine)
 * left in a stack's state, so the next `pulumi up` succeeds and leaves no orphan.
 *
 * An interrupted `pulumi up` leaves pending operations in the state: for each pending create the
 * engine does not know whether the object was made, and every later `up` tries to create it again
 * ("already exists", or a duplicate for objects without a unique name). The engine's own
 * `pulumi refresh --import-pending-creates` cannot help a dynamic resource: its read needs the
 * serialized provider, which a pending create has only among its inputs.
 *
 * So, through the Automation API (`stack export` / `stack import`, engine/):
 * - for each pending create of a platform resource, the resource's finder looks for the object the
 *   create made (`findCreated`, the same lookup a create does after a POST that may have acted: a
 *   unique name, or the parameters sent, a date at or after the run began and an id no other
 *   resource holds, framework/findCreated.ts); found, the object is put into the state with its id
 *   (its outputs the inputs, which include the serialized provider), then a refresh of exactly those
 *   resources reads its real outputs; not found, nothing was created and the pending create is
 *   cleared; more than one fits (or the type cannot be listed), the pending create stays and the
 *   report names the candidates (undecided: a person decides);
 * - any other pending operation (an update, a delete, a resource of another provider) is cleared:
 *   its resource is in the state as the engine last wrote it, and the next command converges it;
 * - a lock left by the killed CLI (file backends) is removed, after checking that the process that
 *   holds it is gone;
 * - a checkpoint of a file backend that the kill left unreadable is repaired (repairFileCheckpoint),
 *   before the stack is even selected (selecting it loads the checkpoint).
 */
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import type { Stack, Workspace } from "@pulumi/pulumi/automation";
import { AmbiguousCreateError } from "../../framework/findCreated";
import { setConfigValues } from "../../framework/settings";
import { withoutProviderKey } from "../../framework/validation";
import { isAlive } from "../../host/engineWatch";
import { nameOfUrn, platformTypeName, shortType } from "../../protocol/urns";
import { revealSecrets } from "../../protocol/values";
import {
  CliError,
  causeOf,
  type DeploymentResource,
  fileBackendStacksFolder,
  type Progress,
} from "../engine";
import { plural } from "../report/tables";

/** What recover did for one pending operation. */
export interface RecoveryAction {
  urn: string;
  /** The short type (`SearchIndex`) or the full token of a resource of another provider. */
  type: string;
  /** The engine's kind of pending operation: creating, updating, deleting, reading. */
  operation: string;
  /**
   * adopted: the object exists and is now in the state; cleared: the pending operation was dropped;
   * undecided: more than one object fits, none was adopted and the pending operation stays, for a
   * person to decide (`candidates`).
   */
  outcome: "adopted" | "cleared" | "undecided";
  /** The adopted object's id. */
  id?: string;
  /** undecided: the ids of the objects that fit. */
  candidates?: readonly string[];
  /** Why, in words. */
  reason: string;
}

export interface RecoveryReport {
  stack: string;
  /** Whether a lock left by a process that is gone was removed. */
  lockRemoved: boolean;
  actions: RecoveryAction[];
}

interface PendingOperation {
  resource: DeploymentResource;
  type: string;
}

interface Deployment {
  resources?: DeploymentResource[];
  pending_operations?: PendingOperation[];
  [field: string]: unknown;
}

/**
 * The finder of a resource type: `findCreated` of its implementation (provider/runtime/index.ts).
 * Throws AmbiguousCreateError (framework/findCreated.ts) when more than one object fits.
 */
export type FindCreated = (
  typeName: string,
  inputs: Record<string, unknown>,
  lookup: { taken: ReadonlySet<string>; since: Date | undefined },
) => Promise<string | undefined | "no-natural-key">;

/**
 * Decides, for each pending operation, what to do, and returns the deployment to import. Pure but
 * for `find`: the unit tests give it a finder. `since`: a time at or before the interrupted run
 * began ({@link runBeganBy}); an object the service dates earlier is not one its creates made.
 */
export async function planRecovery(
  deployment: Deployment,
  find: FindCreated,
  since?: Date,
): Promise<{ deployment: Deployment; actions: RecoveryAction[] }> {
  const resources = [...(deployment.resources ?? [])];
  const actions: RecoveryAction[] = [];
  const stillPending: PendingOperation[] = [];
  for (const pending of deployment.pending_operations ?? []) {
    const { resource } = pending;
    const platformType = platformTypeName(resource.type);
    const base = { urn: resource.urn, type: shortType(resource.type), operation: pending.type };
    if (pending.type !== "creating" || platformType === undefined || resource.custom === false) {
      actions.push({
        ...base,
        outcome: "cleared",
        reason:
          pending.type === "creating"
            ? "not a resource of this package: check on its service whether it was created"
            : "the resource is in the state as last written; the next pulumi command converges it",
      });
      continue;
    }
    const inputs = withoutProviderKey(revealSecrets(resource.inputs ?? {}) as Record<string, unknown>);
    const taken = new Set(
      resources
        .filter((known) => known.type === resource.type && known.id !== undefined)
        .map((known) => known.id as string),
    );
    let id: Awaited<ReturnType<FindCreated>>;
    try {
      id = await find(platformType, inputs, { taken, since });
    } catch (error) {
      if (!(error instanceof AmbiguousCreateError)) throw error;
      stillPending.push(pending);
      actions.push({ ...base, outcome: "undecided", candidates: error.candidates, reason: error.message });
      continue;
    }
    if (id === "no-natural-key") {
      actions.push({
        ...base,
        outcome: "cleared",
        reason: "this resource type has no natural key; if the object exists, set importId to adopt it",
      });
    } else if (id === undefined) {
      actions.push({ ...base, outcome: "cleared", reason: "nothing was created on the service" });
    } else {
      resources.push({ ...resource, id, outputs: { ...(resource.inputs ?? {}) } });
      actions.push({ ...base, outcome: "adopted", id, reason: "found on the service by its natural key" });
    }
  }
  const { pending_operations: _pending, ...rest } = deployment;
  return {
    deployment: {
      ...rest,
      resources,
      ...(stillPending.length === 0 ? {} : { pending_operations: stillPending }),
    },
    actions,
  };
}

/** The pid in a lock message of a file backend ("... created by user@host (pid 1234) ..."), if any. */
function lockHolders(message: string): Array<{ host: string; pid: number }> {
  return [...message.matchAll(/@([^\s()]+) \(pid (\d+)\)/g)].map((match) => ({
    host: match[1] as string,
    pid: Number(match[2]),
  }));
}

/**
 * Runs `operation`; when the stack is locked by a process of this machine that is gone (a killed
 * CLI), removes the lock (`pulumi cancel`) and runs it again. A lock held by a live process, or by
 * another machine, is an error: recover never takes a stack from a running command.
 */
async function withStaleLockRemoved<T>(
  stack: Stack,
  operation: () => Promise<T>,
  onRemoved: () => void,
): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (!/locked/i.test(text)) throw error;
    const holders = lockHolders(text);
    const live = holders.filter((holder) => holder.host !== hostname() || isAlive(holder.pid));
    if (holders.length === 0 || live.length > 0) {
      throw new CliError(
        `stack ${stack.name} is locked by a command that may still be running (${causeOf(error, [])}); ` +
          "wait for it to end, or run pulumi cancel if you know it is gone, then recover again",
      );
    }
    await stack.cancel();
    onRemoved();
    return operation();
  }
}

/**
 * A file backend writes a checkpoint as `<stack>.json` plus a `<stack>.json.attrs` sidecar; a CLI
 * killed between the two leaves an empty sidecar, and every command then fails with "failed to load
 * checkpoint: EOF" (seen in the crash trials, tests/e2e/reliability.e2e.test.ts). Removes an empty
 * sidecar (the backend reads a missing one as "no attributes"), and puts the previous checkpoint
 * (`.bak`) back when the checkpoint itself is not JSON. Returns what it repaired, in words.
 */
export async function repairFileCheckpoint(workspace: Workspace, fullStackName: string): Promise<string[]> {
  const folder = await fileBackendStacksFolder(workspace);
  if (folder === undefined || !existsSync(folder)) return [];
  const stackName = fullStackName.split("/").pop() ?? fullStackName;
  const repaired: string[] = [];
  const checkpoint = join(folder, `${stackName}.json`);
  const backup = `${checkpoint}.bak`;
  if (existsSync(checkpoint) && existsSync(backup) && !isJsonFile(checkpoint) && isJsonFile(backup)) {
    copyFileSync(backup, checkpoint);
    rmSync(`${checkpoint}.attrs`, { force: true });
    repaired.push(`put back the previous checkpoint of ${checkpoint} (the last one was cut off)`);
  }
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (name.startsWith(`${stackName}.json`) && name.endsWith(".attrs") && statSync(path).size === 0) {
      rmSync(path);
      repaired.push(`removed the empty ${path} that a killed CLI left`);
    }
  }
  return repaired;
}

function isJsonFile(path: string): boolean {
  try {
    JSON.parse(readFileSync(path, "utf8"));
    return true;
  } catch {
    return false;
  }
}

/**
 * The stack's deployment; a file checkpoint a killed CLI left unreadable is repaired first. Both
 * repair points are needed: selecting the stack reads the checkpoint's blob (an empty sidecar fails
 * there, mended by openStack), while only the export parses it (a cut-off checkpoint fails here);
 * tests/provider/cli/recover/recoverCheckpoint.e2e.test.ts covers each.
 */
async function exportRepairing(stack: Stack, progress: Progress): ReturnType<Stack["exportStack"]> {
  try {
    return await stack.exportStack();
  } catch (error) {
    const repaired = /failed to load checkpoint/i.test(String(error))
      ? await repairFileCheckpoint(stack.workspace, stack.name)
      : [];
    if (repaired.length === 0) throw new CliError(`stack ${stack.name}: ${causeOf(error, [])}`);
    for (const line of repaired) progress(`  ${line}`);
    return stack.exportStack();
  }
}

/**
 * A time at or before the interrupted run began, from the stack's update history: when the last
 * recorded update ended, or began when it has not ended. A killed CLI records nothing of its run on a
 * file backend, so the last update recorded there finished before the killed one started; Pulumi
 * Cloud records a run as it starts, and that is the killed one. Undefined when the stack has no
 * history (its first `up` was the one killed) or the history cannot be read: then any creation time
 * fits, and only the parameters and the ids other resources hold tell objects apart.
 */
export async function runBeganBy(stack: Pick<Stack, "history">): Promise<Date | undefined> {
  let entries: Awaited<ReturnType<Stack["history"]>>;
  try {
    entries = await stack.history(10, 1);
  } catch {
    return undefined;
  }
  let latest: number | undefined;
  for (const entry of entries) {
    const ms = new Date(entry.endTime ?? entry.startTime).getTime();
    if (Number.isFinite(ms) && (latest === undefined || ms > latest)) latest = ms;
  }
  return latest === undefined ? undefined : new Date(latest);
}

/** Recovers the stack (see the module comment); `find` looks objects up on the service. */
export async function recoverStack(
  stack: Stack,
  find: FindCreated,
  progress: Progress,
): Promise<RecoveryReport> {
  const report: RecoveryReport = { stack: stack.name, lockRemoved: false, actions: [] };
  const exported = await exportRepairing(stack, progress);
  const deployment = exported.deployment as Deployment;
  const pendingCount = deployment.pending_operations?.length ?? 0;
  progress(`Stack ${stack.name}: ${plural(pendingCount, "pending operation")}`);
  const since = pendingCount === 0 ? undefined : await runBeganBy(stack);
  if (since !== undefined)
    progress(
      `  objects the service dates before ${since.toISOString()} (the last recorded update) are not taken`,
    );
  const plan = await planRecovery(deployment, find, since);
  report.actions = plan.actions;
  for (const action of plan.actions) {
    progress(
      `  ${action.outcome} ${action.type} ${nameOfUrn(action.urn)}${action.id === undefined ? "" : ` (${action.id})`}: ${action.reason}`,
    );
  }
  const removed = () => {
    report.lockRemoved = true;
    progress(`  removed the lock left by a ${"pulumi"} command that is gone`);
  };
  if (pendingCount > 0) {
    await withStaleLockRemoved(
      stack,
      () => stack.importStack({ ...exported, deployment: plan.deployment }),
      removed,
    );
  }
  const adopted = plan.actions.filter((action) => action.outcome === "adopted").map((action) => action.urn);
  if (adopted.length > 0) {
    progress(`Reading the ${plural(adopted.length, "adopted object")} (pulumi refresh --target)`);
    try {
      await withStaleLockRemoved(stack, () => stack.refresh({ target: adopted }), removed);
    } catch (error) {
      if (error instanceof CliError) throw error;
      throw new CliError(
        `the adopted objects are in the state, but reading them failed (${causeOf(error, [])}); run pulumi refresh`,
      );
    }
  }
  if (pendingCount === 0 && !report.lockRemoved) {
    // Nothing pending; a lock may still be left (a CLI killed before it wrote anything).
    await withStaleLockRemoved(stack, () => stack.importStack(exported), removed);
  }
  return report;
}

/** Sets the provider's configuration from the stack's `platform:*` config (secrets decrypted). */
export async function configureFromStack(stack: Stack): Promise<void> {
  const all = await stack.getAllConfig();
  const values: Record<string, string> = {};
  for (const [key, entry] of Object.entries(all)) values[key] = entry.value;
  setConfigValues(values);
}

/** The report in lines, for the person who ran the command. */
export function renderRecovery(report: RecoveryReport): string {
  const count = (outcome: RecoveryAction["outcome"]) =>
    report.actions.filter((action) => action.outcome === outcome).length;
  const [adopted, cleared, undecided] = [count("adopted"), count("cleared"), count("undecided")];
  const lines = [
    report.actions.length === 0 && !report.lockRemoved
      ? `Stack ${report.stack}: nothing to recover.`
      : `Stack ${report.stack}: adopted ${adopted}, cleared ${plural(cleared, "pending operation")}${undecided === 0 ? "" : `, ${undecided} undecided`}${report.lockRemoved ? ", removed a stale lock" : ""}.`,
  ];
  for (const action of report.actions) {
    const found =
      action.candidates !== undefined
        ? `: one of ${action.candidates.join(", ")}`
        : action.id === undefined
          ? ""
          : ` -> ${action.id}`;
    lines.push(`  ${action.outcome.padEnd(7)} ${action.type} ${nameOfUrn(action.urn)}${found}`);
  }
  if (undecided > 0) {
    lines.push(
      "Each undecided resource's create may have made one of the objects listed, and more than one fits: " +
        "set the resource's importId to the one it made (or delete the ones you do not want), then pulumi up. " +
        "Until then pulumi up would make another.",
    );
  } else if (report.actions.length > 0 || report.lockRemoved) {
    lines.push("Next: pulumi up");
  }
  return `${lines.join("\n")}\n`;
}

/** Whether a person must decide before the next `pulumi up` (an undecided pending create). */
export function needsDecision(report: RecoveryReport): boolean {
  return report.actions.some((action) => action.outcome === "undecided");
}
