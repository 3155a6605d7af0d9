/**
 * Progress the user can see while a resource waits.
 *
 * A dynamic provider runs in its own process (`pulumi-resource-pulumi-nodejs`), where `pulumi.log`
 * has no engine connection. The engine reads that process's stderr line by line and forwards every
 * non-empty line as an informational diagnostic (Pulumi SDK `resource/plugin/plugin.go`, `runtrace`:
 * dynamic provider binaries are exempt from the "hide plugin logs" rule, stderr goes to
 * `Diag.Infoerrf`). Those diagnostics carry no resource URN, so each line names its resource.
 * stdout is not used: the host's first stdout line is its gRPC port.
 *
 * The native plugin (provider/native/) can do better: it sends each line to the engine's log with the
 * URN of the resource being waited for, so the line shows on that resource's row. It runs each call
 * with its own sink ({@link withProgressSink}), since one process serves many resources at once.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** One progress report of a wait. */
export interface ProgressEvent {
  /** What is being waited for: "search index movies in demo-cluster". */
  describe: string;
  /** The last known state ("BUILDING"), or a note such as "HTTP 503 (still working)". */
  state: string;
  /** Milliseconds since the wait started. */
  elapsedMs: number;
}

/** Receives progress reports. */
export type ProgressSink = (line: string) => void;

/** Writes one line to stderr, where the Pulumi engine picks it up as a diagnostic. */
export const stderrSink: ProgressSink = (line) => {
  process.stderr.write(`${line}\n`);
};

let currentSink: ProgressSink = stderrSink;

/** The sink of the call in progress, when it set one (the native plugin: one per resource operation). */
const callSink = new AsyncLocalStorage<ProgressSink>();

/** Runs `work` with its progress lines going to `sink` (and only its own: concurrent calls keep theirs). */
export function withProgressSink<T>(sink: ProgressSink, work: () => T): T {
  return callSink.run(sink, work);
}

/** Replaces where progress lines go (tests); returns the previous sink so it can be restored. */
export function setProgressSink(sink: ProgressSink): ProgressSink {
  const previous = currentSink;
  currentSink = sink;
  return previous;
}

/** Reports a line of progress ("platform: search index movies in demo-cluster: BUILDING (12s)"). */
export function reportProgress(line: string): void {
  (callSink.getStore() ?? currentSink)(`platform: ${line}`);
}
