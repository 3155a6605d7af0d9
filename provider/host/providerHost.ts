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
