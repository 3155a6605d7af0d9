/**
 * Process-wide settings of the provider process, received through the dynamic provider `configure`.
 *
 * The Pulumi dynamic provider host calls `configure(req)` once per distinct serialized provider (so
 * once per resource type) per process, before any other method, with the whole stack configuration,
 * secrets decrypted. The shim forwards it here. The configuration lives only in this process's
 * memory: it is never captured in serialized code and never written to state.
 *
 * Resources get their API client from {@link platformClient} (one per process, built from this
 * configuration; `PLATFORM_*` environment variables are the client's fallback), or read raw values
 * through {@link configSource}.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import type * as pulumi from "@pulumi/pulumi";
import { createClient, fileBudgetStore, type PlatformClient, resolveClientConfig, SETTINGS } from "../client";

/**
 * Where provider processes share each project's request budget (client/budgetStore.ts), so a
 * command started right after another does not start with a full bucket:
 * `PLATFORM_THROTTLE_STATE_DIR`, else `<PULUMI_HOME or ~/.pulumi>/cluster-platform/throttle`.
 */
export function throttleStateDir(env: NodeJS.ProcessEnv = process.env): string {
  return (
    env.PLATFORM_THROTTLE_STATE_DIR ??
    join(env.PULUMI_HOME ?? join(homedir(), ".pulumi"), "cluster-platform", "throttle")
  );
}

/** Looks up one configuration key ("platform:baseUrl"); undefined when not set. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

/** A source with no keys: what resources see before (or without) `configure`. */
const EMPTY_SOURCE: ConfigSource = { get: () => undefined };

let current: ConfigSource = EMPTY_SOURCE;
let configured = false;
/** The `platform:*` values `current` had when the client was built; a change rebuilds the client. */
let fingerprint: ReadonlyArray<string | undefined> = [];
let client: PlatformClient | undefined;

function platformValues(source: ConfigSource): Array<string | undefined> {
  return Object.keys(SETTINGS).map((name) => source.get(`platform:${name}`));
}

function install(source: ConfigSource): void {
  const values = platformValues(source);
  const unchanged =
    values.length === fingerprint.length && values.every((value, i) => value === fingerprint[i]);
  current = source;
  configured = true;
  if (!unchanged) {
    fingerprint = values;
    // The old client's connections are left to close with the process: an operation may still use it.
    client = undefined;
  }
}

/**
 * Stores the configuration from a `configure` request. Repeated calls (one per resource type) carry
 * the same stack configuration; the latest wins.
 */
export function applyConfigure(request: pulumi.dynamic.ConfigureRequest): void {
  const config = request.config;
  install({ get: (key) => config.get(key) });
}

/** Sets the configuration from a plain map of keys ("platform:baseUrl" -> value); for tests and tools. */
export function setConfigValues(values: Readonly<Record<string, string>>): void {
  const copy = { ...values };
  install({ get: (key) => (Object.hasOwn(copy, key) ? copy[key] : undefined) });
}

/** The configuration received through `configure` (an empty source before it). */
export function configSource(): ConfigSource {
  return current;
}

/** Whether `configure` has run in this process. */
export function isConfigured(): boolean {
  return configured;
}

/**
 * The process-wide API client, built on first use from the configuration (stack config `platform:*`,
 * else `PLATFORM_*` environment variables, via the client's `resolveClientConfig`). One client per
 * process keeps its throttle, digest nonce and OAuth token cache across all resources; it is rebuilt
 * only when a `configure` brings different `platform:*` values.
 *
 * @throws PlatformError (CONFIG_MISSING...) naming the setting to set when the configuration is incomplete
 */
export function platformClient(): PlatformClient {
  if (client === undefined) {
    client = createClient(resolveClientConfig(current), { budgetStore: fileBudgetStore(throttleStateDir()) });
    fingerprint = platformValues(current);
  }
  return client;
}

/** Forgets the configuration and the client (tests). */
export function resetSettings(): void {
  current = EMPTY_SOURCE;
  configured = false;
  fingerprint = [];
  client = undefined;
}
