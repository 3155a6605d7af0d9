/**
 * The native plugin's process: what `pulumi-resource-platform` (the launcher beside this file's
 * source, provider/native/pulumi-resource-platform) runs. The engine starts it with its own address as
 * the first argument and reads the port this process prints.
 */
// First: the provider process's set-up (provider/host), before anything loads undici.
import "../host";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { platformClient } from "../framework/settings";
import type { FunctionOptions } from "../functions";
import { engineLog } from "../protocol/providerKit";
import { lookupDefinition, lookupResource } from "../runtime";
import { serveNativeProvider } from "./server";

/**
 * The package root: two folders up from provider/native/ (source) or three from dist/provider/native/.
 * Not by the package's own name as export.ts finds it: the plugin archive's package.json holds only
 * its name, version and license (scripts/package.ts), and without `exports` a package cannot resolve
 * itself by name.
 */
function packageRoot(): string {
  const fromSource = join(__dirname, "../..");
  const fromDist = join(__dirname, "../../..");
  try {
    readFileSync(join(fromSource, "package.json"));
    return fromSource;
  } catch {
    return fromDist;
  }
}

type AnyFunction = (args: unknown, options?: FunctionOptions) => Promise<unknown>;

/**
 * The functions' module, loaded at the first invoke, not at start-up: it brings in the whole
 * `@pulumi/pulumi` SDK (functions/define.ts reads a program's configuration through it), which no
 * resource method needs, and the engine starts this process for every command; a stack that calls no
 * function never loads it.
 */
let functionsModule: Record<string, AnyFunction | undefined> | undefined;
function functions(): Record<string, AnyFunction | undefined> {
  functionsModule ??= require("../functions") as Record<string, AnyFunction | undefined>;
  return functionsModule;
}

async function main(argv: readonly string[]): Promise<void> {
  const root = packageRoot();
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const engineAddress = argv[2];
  await serveNativeProvider({
    version,
    schema: () => readFileSync(join(root, "provider/native/schema.json"), "utf8"),
    resource: lookupDefinition,
    provider: lookupResource,
    secretWhen: (typeName) => lookupDefinition(typeName)?.secretWhen ?? {},
    async invoke(name, args) {
      const fn = functions()[name];
      if (typeof fn !== "function" || !name.startsWith("get") || name.endsWith("Output")) {
        throw new Error(
          `unknown function platform:index:${name}: this version of the plugin does not serve it`,
        );
      }
      return fn(args, { client: platformClient() });
    },
    ...(engineAddress === undefined ? {} : { log: engineLog(engineAddress) }),
  });
}

main(process.argv).catch((error: unknown) => {
  process.stderr.write(`pulumi-resource-platform: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
