/** What the emulator takes from its operations (emulator/operations/index.ts): the `operations` it
 * serves and `raiseAlert`, which the control API's POST /__emulator/alerts calls. */
import type { AlertRaiser, FailureForcer, OperationDef } from "./contract";

interface OperationsModule {
  operations?: OperationDef[];
  raiseAlert?: AlertRaiser;
  forceFailure?: FailureForcer;
}

function operationsModule(): OperationsModule {
  try {
    // A runtime require (not an import) because the operations module is written in parallel with
    // the core; the core and its tests must build and run before it exists.
    return require("../operations") as OperationsModule;
  } catch (error) {
    const missing =
      (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" &&
      String((error as Error).message).includes("'../operations'");
    if (missing) return {};
    throw error;
  }
}

export function registeredOperations(): OperationDef[] {
  return operationsModule().operations ?? [];
}

/** The operations' alert raiser; undefined when no operations module is present. */
export function registeredAlertRaiser(): AlertRaiser | undefined {
  return operationsModule().raiseAlert;
}

/** The operations' failure forcer (POST /__emulator/failures); undefined without operations. */
export function registeredFailureForcer(): FailureForcer | undefined {
  return operationsModule().forceFailure;
}
