/** The operations the emulator serves: emulator/operations/index.ts exports `operations`. */
import type { OperationDef } from "./contract";

export function registeredOperations(): OperationDef[] {
  try {
    // A runtime require (not an import) because the operations module is written in parallel with
    // the core; the core and its tests must build and run before it exists.
    const loaded = require("../operations") as { operations?: OperationDef[] };
    return loaded.operations ?? [];
  } catch (error) {
    const missing =
      (error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND" &&
      String((error as Error).message).includes("'../operations'");
    if (missing) return [];
    throw error;
  }
}
