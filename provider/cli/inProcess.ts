/**
 * What the tool needs to run this package's resource implementations in its own process, in place of
 * a provider host the engine would start (liveRead.ts for a refresh's reads, previewHost.ts for a
 * preview's checks and diffs): whether the program's folder would run this very package, and the
 * implementations of one stack's provider configurations.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createClient, fileBudgetStore, type PlatformClient, resolveClientConfig } from "../client";
import { throttleStateDir } from "../framework/settings";
import { RUNTIME_MODULE } from "../framework/shim";
import type { PlatformProvider } from "../framework/types";
import { providerWith } from "../runtime";

/** The `package.json` above a resolved module file: its name and version. */
function packageOf(file: string): string | undefined {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as {
      name?: string;
      version?: string;
    };
    if (name !== undefined) return `${name}@${version ?? ""}`;
  }
  return undefined;
}

const OWN_PACKAGE = packageOf(__filename);

/**
 * Whether the provider host the engine would start for `folder` runs this very package: the shim's
 * `require` resolves from the program's folder, so the folder's installed version decides.
 */
export function runsOwnPackage(folder: string): boolean {
  try {
    const resolved = createRequire(join(folder, "noop.js")).resolve(RUNTIME_MODULE);
    return OWN_PACKAGE !== undefined && packageOf(resolved) === OWN_PACKAGE;
  } catch {
    return false;
  }
}

/** A provider configuration's source as the runtime reads one (`platform:baseUrl` -> value). */
export type ConfigValues = Readonly<Record<string, unknown>>;

/** A configuration as text, the same for the same keys and values in any order: what tells two apart. */
export function configIdentity(config: ConfigValues): string {
  return JSON.stringify(Object.entries(config).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The implementations for one stack's run: one client per provider configuration, and one provider
 * per type and client, as the engine's provider host has them (so the reads of many objects of a
 * kind are answered from its list pages, framework/pageReads.ts, as they are there). `close` closes
 * the clients.
 */
export class ProviderPool {
  readonly #clients = new Map<string, PlatformClient>();
  readonly #providers = new Map<string, PlatformProvider>();

  /**
   * The implementation of `typeName` with the client `config` makes. The client is made on the
   * implementation's first use of it, as the provider host's runtime makes its own: a `check` or a
   * `diff`, which call no API, does not need the configuration to be complete.
   */
  providerFor(typeName: string, config: ConfigValues): PlatformProvider {
    const key = configIdentity(config);
    let provider = this.#providers.get(`${typeName} ${key}`);
    if (provider === undefined) {
      provider = providerWith(typeName, { client: () => this.#clientFor(key, config) });
      this.#providers.set(`${typeName} ${key}`, provider);
    }
    return provider;
  }

  #clientFor(key: string, config: ConfigValues): PlatformClient {
    let client = this.#clients.get(key);
    if (client === undefined) {
      const copy = { ...config };
      // The values as the host's `Config.get` gives them to the runtime (`settings.applyConfigure`):
      // as the engine sent them, text in practice.
      const source = {
        get: (name: string) => (Object.hasOwn(copy, name) ? (copy[name] as string | undefined) : undefined),
      };
      client = createClient(resolveClientConfig(source), {
        budgetStore: fileBudgetStore(throttleStateDir()),
      });
      this.#clients.set(key, client);
    }
    return client;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#clients.values()].map((client) => client.close()));
  }
}
