/**
 * The oracles of what the tool does in its own process: of the live state read (provider/cli/liveRead.ts)
 * the engine's own refresh preview of the same stack, of the preview host (provider/cli/previewHost.ts)
 * the engine's preview with its own provider host, compared step by step as the events carry them (the
 * verdict, the old and new inputs and outputs, secrets blinded), as text, so key order counts too.
 */
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
import { specialSigKey as SECRET_SIG } from "@pulumi/pulumi/runtime/rpc";
import {
  fileBackendStacksFolder,
  type OperationEvents,
  openStack,
  programPreview,
  refreshPreview,
} from "../../provider/cli/engine";
import { readCheckpoint } from "../../provider/cli/fleetRun";
import { readLiveInProcess } from "../../provider/cli/liveRead";
import { openedDeployment } from "../../provider/cli/openedState";
import { type InProcessPreview, previewInProcess, previewProgram } from "../../provider/cli/previewHost";
import type { E2EStack } from "./harness";

/** Each resource's step as text, by URN: the verdict, and the old and new states as the events carry them. */
export function stepsText(events: OperationEvents): Record<string, string> {
  const part = (state: StepEventMetadata["old"]) =>
    state == null ? null : { inputs: state.inputs, outputs: state.outputs };
  return Object.fromEntries(
    [...events.steps.values()]
      .sort((a, b) => a.urn.localeCompare(b.urn))
      .map(({ urn, metadata }) => [
        urn,
        JSON.stringify({ op: metadata.op, old: part(metadata.old), new: part(metadata.new) }),
      ]),
  );
}

/**
 * Runs `body` with the stack's environment in this process (its backend, PULUMI_HOME for the
 * throttle's budget files, the passphrase): the Automation API and the in-process client read it.
 */
export async function withStackEnv<T>(stack: E2EStack, body: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  Object.assign(process.env, stack.env);
  try {
    return await body();
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/** The stack's live state read both ways; throws when the tool would not read it in process. */
export function readBothWays(
  stack: E2EStack,
  stackName: string,
): Promise<{ inProcess: OperationEvents; engine: OperationEvents }> {
  return withStackEnv(stack, async () => {
    const opened = await openStack(stackName, stack.programDir);
    const inProcess = await readLiveInProcess(opened, () => {});
    const engine = await refreshPreview(opened, () => {});
    if (inProcess === undefined) throw new Error(`stack ${stackName} was not read in process`);
    return { inProcess, engine };
  });
}

/** The events of a preview whose provider calls were answered in process; throws when they were not. */
export function answeredInProcess(preview: InProcessPreview | undefined): OperationEvents {
  if (preview === undefined) throw new Error("the tool would not answer the preview's provider calls");
  if (preview.refusal !== undefined) throw new Error(`the tool's preview host refused: ${preview.refusal}`);
  return preview.events;
}

/**
 * The program's preview of the stack both ways: with its provider calls answered in the tool's
 * process (provider/cli/previewHost.ts; `undefined` when the tool would not try) and by the engine's
 * own host; `progress` the lines the tool's way printed.
 */
export function previewBothWays(
  stack: E2EStack,
  stackName: string,
): Promise<{
  inProcess: InProcessPreview | undefined;
  engine: OperationEvents;
  viaTool: OperationEvents;
  progress: string[];
}> {
  return withStackEnv(stack, async () => {
    const opened = await openStack(stackName, stack.programDir);
    const inProcess = await previewInProcess(opened, () => {});
    const engine = await programPreview(opened, () => {});
    const progress: string[] = [];
    const { events: viaTool } = await previewProgram(opened, (line) => {
      if (!/^\s+planned /.test(line)) progress.push(line);
    });
    return { inProcess, engine, viaTool, progress };
  });
}

/** A deployment with each opened secret's plaintext parsed: the export's JSON and ours may differ in spacing and key order. */
function plaintextsParsed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plaintextsParsed);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (SECRET_SIG in record && typeof record.plaintext === "string") {
    return { ...record, plaintext: JSON.parse(record.plaintext) };
  }
  return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, plaintextsParsed(inner)]));
}

/**
 * The stack's deployment both ways: made from its checkpoint and the state its in-process preview was
 * sent (provider/cli/openedState.ts), and exported with its secrets shown (`pulumi stack export
 * --show-secrets`), plaintexts parsed; `ciphertexts` counts the checkpoint's secrets.
 */
export function openedBothWays(
  stack: E2EStack,
  stackName: string,
): Promise<{ opened: unknown; exported: unknown; ciphertexts: number }> {
  return withStackEnv(stack, async () => {
    const opened = await openStack(stackName, stack.programDir);
    const folder = await fileBackendStacksFolder(opened.workspace);
    if (folder === undefined) throw new Error("the e2e stacks are on a file backend");
    const checkpoint = readCheckpoint(folder, stackName);
    if (checkpoint === undefined) throw new Error(`no checkpoint of stack ${stackName}`);
    const preview = await previewInProcess(opened, () => {});
    if (preview === undefined || preview.refusal !== undefined) throw new Error("not previewed in process");
    const exported = (await opened.exportStack()).deployment;
    return {
      opened: plaintextsParsed(openedDeployment(checkpoint, preview.seen)),
      exported: plaintextsParsed(exported),
      ciphertexts: checkpoint.split('"ciphertext"').length - 1,
    };
  });
}
