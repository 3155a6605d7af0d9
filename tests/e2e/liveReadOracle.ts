/**
 * The oracles of what the tool does in its own process: of the live state read (provider/cli/liveRead.ts)
 * the engine's own refresh preview of the same stack, of the preview host (provider/cli/previewHost.ts)
 * the engine's preview with its own provider host, compared step by step as the events carry them (the
 * verdict, the old and new inputs and outputs, secrets blinded), as text, so key order counts too.
 */
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
import { type OperationEvents, openStack, programPreview, refreshPreview } from "../../provider/cli/engine";
import { readLiveInProcess } from "../../provider/cli/liveRead";
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
    const viaTool = await previewProgram(opened, (line) => {
      if (!/^\s+planned /.test(line)) progress.push(line);
    });
    return { inProcess, engine, viaTool, progress };
  });
}
