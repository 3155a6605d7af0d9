/**
 * zod as the dynamic provider host runs it: without its parser compiler.
 *
 * zod compiles a parser (`new Function`) for each object schema the first time it parses with it:
 * about 5 ms of CPU per schema, which pays back only after hundreds of parses. A provider host lives
 * for one command and parses each schema a handful of times (a refresh of 200 alert configurations
 * through pages: about 200), so there the compiled parser never pays for itself. Measured on the
 * build machine: the first parse of the alert configuration answer 7 ms compiled against 1.8 ms
 * interpreted; 400 parses 8-20 ms against 9-15 ms. The result of a parse is the same either way.
 *
 * zod reads the setting when a schema is built, not when it parses, so runtime.ts imports this
 * module before any module that builds a schema. Only inside the provider host (engineWatch.ts
 * `isProviderHost`): the emulator, tests, tools and user programs keep zod's defaults.
 */
import { config } from "zod";
import { isProviderHost } from "./engineWatch";

/** Turns zod's parser compiler off when this process is the provider host. Returns whether it did. */
export function useInterpretedZodInProviderHost(argv: readonly string[] = process.argv): boolean {
  if (!isProviderHost(argv)) return false;
  config({ jitless: true });
  return true;
}

useInterpretedZodInProviderHost();
