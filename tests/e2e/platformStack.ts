/**
 * The scaffolding every platform resource's end-to-end suite shares: an in-process emulator, a stack
 * of one of the programs under programs/ configured against it (platform:* config, the private key as
 * a secret), a client for changes made out of band, and the checks each suite makes on what the
 * engine printed and stored. A suite then reads as its scenario.
 */
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import type { RunResult } from "../../scripts/lib/pulumi-stack";
import { E2EStack } from "./harness";

/** The emulator's seeded API key pair ("default" seed). */
export const PLATFORM_PUBLIC_KEY = DEFAULT_SEED.orgOwnerKey.publicKey;
export const PLATFORM_PRIVATE_KEY = DEFAULT_SEED.orgOwnerKey.privateKey;
/** What no resource's state may contain: any part of the private key. */
const PRIVATE_KEY_MARKER = "demo-private-key";

/**
 * Upper bound, in characters, of a dynamic resource's provider text (the `__provider` output), the
 * same bound the unit test of the shim asserts (tests/provider/framework/shim.test.ts). The text is
 * about 300 characters per resource type: a require of `pulumi-cluster-platform/runtime` and the type
 * name, nothing captured from configuration or credentials (provider/framework/shim.ts). Anything more
 * (a client, the config, a bundled dependency) would bloat every resource's state and could leak
 * credentials, and fails here.
 */
export const MAX_PROVIDER_SHIM_CHARS = 400;

/** Stack config: strings as they are, anything else stored as JSON (the programs read it with requireObject). */
export type StackConfig = Record<string, string | number | boolean | object>;

export interface PlatformE2EOptions {
  /** Folder name under tests/e2e/programs/. */
  program: string;
  /** The program's plain-text config; the platform:* settings are added. */
  config?: StackConfig;
  /** The program's secret config; platform:privateKey is added. */
  secrets?: Record<string, string>;
  /** Extra environment of every command of the stack (e.g. a PATH with another Pulumi CLI first). */
  env?: Record<string, string>;
}

/** What a suite works with; read the fields inside tests and hooks (they are set in beforeAll). */
export interface PlatformE2E {
  readonly emulator: RunningEmulator;
  readonly stack: E2EStack;
  /** A client of the same emulator, for changes made outside Pulumi and for checks on live objects. */
  readonly client: PlatformClient;
}

function configValue(value: StackConfig[string]): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Registers beforeAll/afterAll hooks that start an emulator (seed "default", asynchronous changes
 * taking 300 ms), create the stack of `programs/<program>` configured against it and a client, and
 * dispose of all three after the suite. Call it at the top of a describe block.
 */
export function startPlatformE2E(options: PlatformE2EOptions): PlatformE2E {
  let emulator: RunningEmulator | undefined;
  let stack: E2EStack | undefined;
  let client: PlatformClient | undefined;
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined)
      throw new Error(`the e2e ${name} is not started yet: use it inside a test or hook`);
    return value;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: PLATFORM_PUBLIC_KEY,
      privateKey: PLATFORM_PRIVATE_KEY,
    });
    const config: Record<string, string> = {
      "platform:baseUrl": emulator.baseUrl,
      "platform:publicKey": PLATFORM_PUBLIC_KEY,
    };
    for (const [key, value] of Object.entries(options.config ?? {})) config[key] = configValue(value);
    stack = await E2EStack.create({
      program: join(__dirname, "programs", options.program),
      config,
      secrets: { "platform:privateKey": PLATFORM_PRIVATE_KEY, ...options.secrets },
      env: options.env,
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  return {
    get emulator() {
      return ready(emulator, "emulator");
    },
    get stack() {
      return ready(stack, "stack");
    },
    get client() {
      return ready(client, "client");
    },
  };
}

/** Sets one stack config value; anything but a string is stored as JSON. */
export function setConfig(stack: E2EStack, key: string, value: StackConfig[string]): Promise<void> {
  return stack.setConfig(key, configValue(value));
}

export async function removeConfig(stack: E2EStack, key: string): Promise<void> {
  await stack.pulumi(["config", "rm", key], { quiet: true });
}

/** A resource as `pulumi stack export` stores it. */
/**
 * The key Pulumi puts on a secret value in exported state (`@pulumi/pulumi` runtime's
 * `specialSigKey`; spelled out so the e2e files need not load the SDK).
 */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";

export interface StoredResource {
  urn: string;
  type: string;
  id?: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

/** The resources of one type in the stack's state (secrets shown). */
export async function storedResourcesOfType(stack: E2EStack, type: string): Promise<StoredResource[]> {
  const state = await stack.exportState();
  return (state.deployment.resources ?? []).filter((r) => r.type === type) as unknown as StoredResource[];
}

/** The resource of that type and logical name in the stack's state, if any. */
export async function storedResource(
  stack: E2EStack,
  type: string,
  name: string,
): Promise<StoredResource | undefined> {
  return (await storedResourcesOfType(stack, type)).find((r) => String(r.urn).endsWith(`::${name}`));
}

/**
 * Every resource of the type carries a small serialized provider (below MAX_PROVIDER_SHIM_CHARS), and
 * neither it nor anything else in those resources' state holds the private key (the engine keeps it,
 * encrypted, with the default provider's config only) or any of `otherSecrets`.
 */
export async function expectSmallCredentialFreeProviders(
  stack: E2EStack,
  type: string,
  otherSecrets: string[] = [],
): Promise<void> {
  const resources = await storedResourcesOfType(stack, type);
  expect(resources.length).toBeGreaterThan(0);
  for (const resource of resources) {
    const shim = String(resource.outputs.__provider);
    expect(shim.length).toBeLessThan(MAX_PROVIDER_SHIM_CHARS);
    for (const secret of otherSecrets) expect(shim).not.toContain(secret);
  }
  expect(JSON.stringify(resources)).not.toContain(PRIVATE_KEY_MARKER);
}

/** The top-level properties a `--diff` output shows as changed (`      ~ definition : {`). */
export function changedProperties(stdout: string): string[] {
  return stdout
    .split("\n")
    .map((line) => /^ {6}[-+~] (\w+)\s*:/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

/**
 * Runs `pulumi refresh` after an out-of-band change: it updates one resource and shows exactly
 * `fields` as changed (in any order), leaving out the `ignoring` ones (outputs the service recomputes
 * on any change).
 */
export async function expectRefreshReportsOnly(
  stack: E2EStack,
  fields: string[],
  options: { ignoring?: string[] } = {},
): Promise<RunResult> {
  const refresh = await stack.refresh();
  expect(refresh.stdout).toContain("~ 1 updated");
  const ignoring = options.ignoring ?? [];
  expect(
    changedProperties(refresh.stdout)
      .filter((name) => !ignoring.includes(name))
      .sort(),
  ).toEqual([...fields].sort());
  return refresh;
}

/** Runs `pulumi up` and checks its summary shows each of `summaries` (e.g. "~ 1 updated"). */
export async function expectUp(stack: E2EStack, ...summaries: string[]): Promise<RunResult> {
  const result = await stack.up();
  for (const summary of summaries) expect(result.stdout).toContain(summary);
  return result;
}

/** A preview with no change, then a refresh that changes nothing. */
export async function expectCleanPreviewAndRefresh(stack: E2EStack): Promise<void> {
  await stack.preview({ expectNoChanges: true });
  await stack.refresh({ expectNoChanges: true });
}

/** Runs `pulumi <command> --yes --skip-preview`, expects it to fail and returns what it printed. */
export async function expectFailingRun(stack: E2EStack, command: "up" | "destroy"): Promise<string> {
  const result = await stack.pulumi([command, "--yes", "--skip-preview"], { allowFailure: true });
  expect(result.code).not.toBe(0);
  return result.stdout + result.stderr;
}

/** Runs `pulumi destroy` and checks it deleted `count` resources (the stack included). */
export async function expectDestroyDeletes(stack: E2EStack, count: number): Promise<RunResult> {
  const result = await stack.destroy();
  expect(result.stdout).toContain(`- ${count} deleted`);
  return result;
}

/** Waits for the emulator's asynchronous changes (300 ms) to finish. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 400));
}
