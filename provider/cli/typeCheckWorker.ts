/**
 * The thread the fleet's program type checks run on (programTypeCheck.ts), so that a check (seconds
 * of CPU) never holds up the tool's event loop, which serves the stacks' preview hosts and live reads.
 * One thread for the run: its checker keeps the parsed declarations for the next folder.
 */
import { parentPort } from "node:worker_threads";
import { SharedTypeChecker, type TypeCheckAnswer, type TypeCheckMessage } from "./programTypeCheck";

const checker = new SharedTypeChecker();
parentPort?.on("message", ({ id, request }: TypeCheckMessage) => {
  parentPort?.postMessage({ id, verdict: checker.check(request) } satisfies TypeCheckAnswer);
});
