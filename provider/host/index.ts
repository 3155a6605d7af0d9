/**
 * The set-up of the processes that serve the resources to the engine (the dynamic provider host and
 * the native plugin, providerHost.ts), applied once, when the runtime is first loaded there
 * (provider/runtime/index.ts imports this module before anything else; provider/native/main.ts
 * loads the runtime). Only in those processes: the program, the command-line tool, the emulator and
 * tests keep Node's and V8's defaults.
 *
 * One line per measure below; deleting the line removes the measure. Each module says what it does,
 * why, and what it reaches into (with the test that fails when that changes shape). What each saves,
 * and the measures measured and removed, are in BENCHMARKS.md, "Provider host measures": a measure
 * stays only where a user would feel it, about 5% of a command's CPU in the bench.
 *
 * One measure is not applied here, because it is a module the client imports rather than a setting of
 * the process: undiciParts.ts, undici's `Agent` and `request` loaded without undici's index.
 */
import { exitWhenEngineGone } from "./engineWatch";
import { isProviderProcess } from "./providerHost";
import { keepWasmAtBaselineTier } from "./wasmTier";

if (isProviderProcess(process.argv)) {
  // Before undici compiles its WebAssembly parser, on the client's first connection.
  keepWasmAtBaselineTier();
  // Correctness, not speed: a killed CLI leaves no provider calling the API.
  exitWhenEngineGone();
}
