/**
 * The layers of the repository's source and what each may import (docs/architecture.md): the table
 * architecture.test.ts holds every import to.
 */

/** The layer a repository file belongs to: a fixed name, or `resource:<folder>` for a resource folder. */
export function layerOf(file: string): string {
  const parts = file.split("/");
  const [top, second, third] = parts;
  if (top === "provider") {
    if (second === "resources") return `resource:${third}`;
    return `provider/${second}`;
  }
  if (top === "emulator") {
    if (second === "core" || second === "domain" || second === "operations" || second === "seed")
      return `emulator/${second}`;
    return "emulator/top";
  }
  return top ?? "";
}

/** What each layer may import besides itself; `resource:*` is any resource folder other than its own. */
export const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  api: [],
  "provider/host": ["api"],
  // Pulumi's wire formats (provider/protocol): the markers come from @pulumi/pulumi itself.
  "provider/protocol": ["api"],
  // The host holds what the client loads of undici (provider/host/undiciParts.ts).
  "provider/client": ["api", "provider/host"],
  "provider/framework": ["api", "provider/client", "provider/host", "provider/protocol"],
  resource: ["api", "provider/client", "provider/framework"],
  // The runtime is the one layer that knows every resource (its generated table, provider/runtime/).
  "provider/runtime": ["api", "provider/client", "provider/framework", "provider/host", "resource:*"],
  "provider/functions": ["api", "provider/client", "provider/framework"],
  "provider/native": [
    "api",
    "provider/client",
    "provider/framework",
    "provider/functions",
    "provider/host",
    "provider/protocol",
    "provider/runtime",
  ],
  "provider/cli": [
    "api",
    "provider/client",
    "provider/framework",
    "provider/functions",
    "provider/host",
    "provider/protocol",
    "provider/runtime",
  ],
  // The policy pack reads the declarations (the runtime's table) and the type tokens, never the client.
  "provider/policy": ["api", "provider/protocol", "provider/runtime"],
  sdk: ["api", "provider/client", "provider/framework", "provider/functions", "resource:*"],
  // The seed is data (the default seed's JSON and its documented credentials) the core loads.
  "emulator/seed": ["api"],
  "emulator/core": ["api", "emulator/seed"],
  "emulator/domain": ["api", "emulator/seed", "emulator/core"],
  "emulator/operations": ["api", "emulator/seed", "emulator/core", "emulator/domain"],
  "emulator/top": ["api", "emulator/seed", "emulator/core", "emulator/domain", "emulator/operations"],
  scripts: [
    "api",
    "provider/host",
    "provider/client",
    "provider/framework",
    "provider/functions",
    "provider/native",
    "provider/cli",
    "provider/protocol",
    "provider/runtime",
    "resource:*",
    "sdk",
    "emulator/seed",
    "emulator/core",
    "emulator/domain",
    "emulator/operations",
    "emulator/top",
  ],
};

/** Whether a file of layer `from` may import a file of layer `to`. */
export function mayImport(from: string, to: string): boolean {
  if (from === to || from === "tests") return true;
  const allowed = ALLOWED[from.startsWith("resource:") ? "resource" : from];
  if (allowed === undefined) throw new Error(`no import rule for layer ${from}`);
  return allowed.includes(to) || (to.startsWith("resource:") && allowed.includes("resource:*"));
}

/**
 * The command-line tool's rooms (provider/cli, docs/architecture.md): a folder per workflow (drift/,
 * compare/, recover/, migrate/, ...), the two folders every command shares, and the top level that
 * composes them (main.ts, options.ts).
 */
export const CLI_SHARED: readonly string[] = ["engine", "report"];

/** The room of a file of provider/cli: its folder's name, or "" for a file of the top level. */
export function cliRoomOf(file: string): string {
  const parts = file.split("/");
  return parts.length > 3 ? (parts[2] as string) : "";
}

/**
 * Whether one file of provider/cli may import another: a workflow folder imports its own files, the
 * shared folders and the options' types (options.ts), never another workflow's folder; the shared
 * folders import each other only; the top level imports every room.
 */
export function mayImportInCli(from: string, to: string): boolean {
  const fromRoom = cliRoomOf(from);
  const toRoom = cliRoomOf(to);
  if (fromRoom === toRoom || fromRoom === "") return true;
  if (CLI_SHARED.includes(toRoom)) return true;
  return to === "provider/cli/options.ts" && !CLI_SHARED.includes(fromRoom);
}
