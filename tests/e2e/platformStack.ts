/**
 * The scaffolding every platform resource's end-to-end suite shares: an in-process emulator, a stack
 * configured against it (platform:* config, the private key as a secret), a client for changes made
 * out of band, and the checks each suite makes on what the engine printed and stored. A suite then
 * reads as its scenario.
 *
 * The stack's program is programs/resources unless a suite names another: it declares the objects the
 * config lists (`resources` here, {@link setResource}, {@link removeResource}), so a suite changes its
 * stack by changing config only. programs/resources/index.ts says the config form.
 */
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import type { RunResult } from "../../scripts/lib/pulumi-stack";
import type * as sdk from "../../sdk";
import type { PlatformResource } from "../../sdk/base";
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

/** The generic program's folder under tests/e2e/programs/ (its index.ts says the config form). */
export const RESOURCES_PROGRAM = "resources";
/** The config namespace of the generic program's objects: `resources:<name>` declares <name>. */
const RESOURCES_NAMESPACE = "resources";

/**
 * The package's resource classes by name (`"SearchIndex"`); not the explicit provider, which a
 * structural check cannot tell from them (the objects use the default provider).
 */
export type PlatformResourceType = Exclude<
  {
    [Name in keyof typeof sdk]: (typeof sdk)[Name] extends abstract new (
      ...args: never
    ) => PlatformResource
      ? Name
      : never;
  }[keyof typeof sdk],
  "Provider"
>;

/**
 * One object of the generic program: its class and arguments (any JSON: a bad one is judged by the
 * resource's check), with {@link fromSecretConfig} and {@link fromOutput} where JSON cannot say it.
 */
export interface DeclaredResource {
  type: PlatformResourceType;
  args: Record<string, unknown>;
  options?: { dependsOn?: string[]; protect?: boolean };
}

/** In `args`: the secret config value `key` of the project (set it with PlatformE2EOptions.secrets). */
export function fromSecretConfig(key: string): { fromSecretConfig: string } {
  return { fromSecretConfig: key };
}

/** In `args`: the output `output` of the declared object `name` (the engine orders the two by it). */
export function fromOutput(name: string, output: string): { fromOutput: string } {
  return { fromOutput: `${name}.${output}` };
}

export interface PlatformE2EOptions {
  /** Folder name under tests/e2e/programs/; by default the generic program ({@link RESOURCES_PROGRAM}). */
  program?: string;
  /** The generic program's objects, by logical name. */
  resources?: Record<string, DeclaredResource>;
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
    Object.assign(config, resourcesConfig(options.resources ?? {}));
    stack = await E2EStack.create({
      program: join(__dirname, "programs", options.program ?? RESOURCES_PROGRAM),
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

/** The config keys and values that declare `resources` in the generic program. */
export function resourcesConfig(resources: Record<string, DeclaredResource>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(resources).map(([name, resource]) => [
      `${RESOURCES_NAMESPACE}:${name}`,
      configValue(resource),
    ]),
  );
}

/** Declares (or redeclares) objects of the generic program, in one CLI run (each run costs seconds). */
export async function setResources(
  stack: E2EStack,
  resources: Record<string, DeclaredResource>,
): Promise<void> {
  const pairs = Object.entries(resourcesConfig(resources)).flatMap(([key, value]) => [
    "--plaintext",
    `${key}=${value}`,
  ]);
  await stack.pulumi(["config", "set-all", ...pairs], { quiet: true });
}

/** Declares (or redeclares) one object of the generic program. */
export function setResource(stack: E2EStack, name: string, resource: DeclaredResource): Promise<void> {
  return setResources(stack, { [name]: resource });
}

/** Takes an object out of the generic program (the next `up` deletes it). */
export function removeResource(stack: E2EStack, name: string): Promise<void> {
  return removeConfig(stack, `${RESOURCES_NAMESPACE}:${name}`);
}

/** The generic program's outputs: each declared object's output properties (id and urn too), by name. */
export async function resourceOutputs(stack: E2EStack): Promise<Record<string, Record<string, unknown>>> {
  return (await stack.outputs()) as Record<string, Record<string, unknown>>;
}

/** The `fields` of an object's outputs, for an exact assertion on just those. */
export function pick(
  outputs: Record<string, unknown> | undefined,
  ...fields: string[]
): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, outputs?.[field]]));
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
