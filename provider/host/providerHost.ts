/**
 * Whether this process serves the resources to the engine: the dynamic provider host, or the native
 * plugin's process (`pulumi-resource-platform <engine address>`, which runs
 * `node <package>/dist/provider/native/main.js <engine address>`). Both live for one command and are
 * started by the engine, so the same set-up applies to both.
 */
export function isProviderProcess(argv: readonly string[]): boolean {
  return isProviderHost(argv) || isNativePlugin(argv);
}

/** Whether this process is the native plugin started by the engine (provider/native/main.ts). */
export function isNativePlugin(argv: readonly string[]): boolean {
  return /[/\\]provider[/\\]native[/\\]main\.[jt]s$/.test(argv[1] ?? "") && /:\d+$/.test(argv[2] ?? "");
}

/**
 * Whether this process is the dynamic provider host: the process the Pulumi engine starts for each
 * command to run the program's dynamic providers (`pulumi-resource-pulumi-nodejs <engine address>`, a
 * shell script that runs `node <@pulumi/pulumi>/cmd/dynamic-provider/index.js <engine address>`).
 * What provider/host sets up is for that process only: the program, the command-line tool, the
 * emulator and tests keep Node's defaults.
 *
 * This reads @pulumi/pulumi's layout (the host script's path) and the engine's arguments:
 * tests/provider/host/providerHost.e2e.test.ts runs a real command and fails when the real host is no
 * longer recognised.
 */
export function isProviderHost(argv: readonly string[]): boolean {
  return /[/\\]cmd[/\\]dynamic-provider([/\\]index\.js)?$/.test(argv[1] ?? "") && /:\d+$/.test(argv[2] ?? "");
}
