/**
 * State compatibility with release 0.1.0, in-process: every object of the fixture's stack
 * (tests/e2e/fixtures/state-0.1.0: programs/everyType, all 18 types, made by release 0.1.0's package
 * and emulator) read and diffed by the current package in both forms, against the fixture's emulator
 * state. Each read finds its object with the stored outputs and inputs unchanged, each diff finds no
 * change, and nothing but reads reaches the service: what stateCompat.e2e.test.ts's refresh and
 * preview steps hold through the real CLI (which stays, in the full run), here in seconds.
 *
 * The fixture's secrets are encrypted with its passphrase; their plaintext is what the Pulumi CLI
 * decrypts (stateCompat.secrets.json says how it was made). The engine sends a dynamic provider
 * plaintext (its host does not accept secrets) and the native plugin secrets marked. The program's
 * inputs are the stored ones (the program has not changed since the fixture was made): check and
 * diff each object as the preview of the unchanged program does.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { specialSecretSig, specialSigKey } from "@pulumi/pulumi/runtime/rpc";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import { PROVIDER_KEY, providerShimText } from "../../provider/framework/shim";
import type { WaitClock } from "../../provider/framework/waiter";
import { RESOURCE_TYPES } from "../../provider/runtime";
import {
  EMULATOR_DIR,
  type FixtureInfo,
  fixtureEmulatorOptions,
  readFixtureInfo,
  STACK_FILE,
} from "../../scripts/state-compat/fixture";
import { type Bag, dynamicForm, type Form, nativeForm } from "./lifecycle/forms";

const FIXTURE = join(__dirname, "..", "e2e", "fixtures", "state-0.1.0");
const DYNAMIC_TYPE = "pulumi-nodejs:dynamic/platform:";

interface ExportedResource {
  type: string;
  id?: string;
  inputs?: Bag;
  outputs?: Bag;
}
type Part = "inputs" | "outputs";
/** type -> part -> property -> plaintext */
type Plaintexts = Record<string, Partial<Record<Part, Bag>>>;

const exported =
  (
    JSON.parse(readFileSync(join(FIXTURE, STACK_FILE), "utf8")) as {
      deployment: { resources?: ExportedResource[] };
    }
  ).deployment.resources ?? [];
const plaintexts = (
  JSON.parse(readFileSync(join(__dirname, "stateCompat.secrets.json"), "utf8")) as { secrets: Plaintexts }
).secrets;
/** The fixture's resource of each platform type (the program declares each type once). */
const resources = new Map(
  exported
    .filter((resource) => resource.type.startsWith(DYNAMIC_TYPE))
    .map((resource) => [resource.type.slice(DYNAMIC_TYPE.length), resource]),
);

const isEncrypted = (value: unknown): boolean =>
  typeof value === "object" && value !== null && (value as Bag)[specialSigKey] === specialSecretSig;

/** A stored bag with each encrypted secret replaced: `reveal` gets its plaintext and says what the engine sends. */
function decrypted(type: string, part: Part, bag: Bag, reveal: (plaintext: unknown) => unknown): Bag {
  return Object.fromEntries(
    Object.entries(bag).map(([name, value]) => {
      if (!isEncrypted(value)) return [name, value];
      const plaintext = plaintexts[type]?.[part]?.[name];
      if (plaintext === undefined) throw new Error(`stateCompat.secrets.json has no ${type} ${part}.${name}`);
      return [name, reveal(plaintext)];
    }),
  );
}

/** What the engine holds of a fixture's object, as it sends it to a form. */
interface Stored {
  id: string;
  inputs: Bag;
  outputs: Bag;
  /** The unchanged program's inputs, as the engine sends them to check. */
  program: Bag;
}

/** The dynamic form gets plaintext, `__provider` (0.1.0's text) as stored; the current program sends today's text. */
function forDynamic(type: string, resource: ExportedResource): Stored {
  const plain = (part: Part) => decrypted(type, part, resource[part] ?? {}, (plaintext) => plaintext);
  const inputs = plain("inputs");
  return {
    id: String(resource.id),
    inputs,
    outputs: plain("outputs"),
    program: { ...inputs, [PROVIDER_KEY]: providerShimText(type) },
  };
}

/** The native plugin gets secrets marked and no `__provider` (the dynamic host's own property). */
function forNative(type: string, resource: ExportedResource): Stored {
  const marked = (part: Part) => {
    const { [PROVIDER_KEY]: _provider, ...rest } = decrypted(type, part, resource[part] ?? {}, (value) => ({
      [specialSigKey]: specialSecretSig,
      value,
    }));
    return rest;
  };
  const inputs = marked("inputs");
  return { id: String(resource.id), inputs, outputs: marked("outputs"), program: inputs };
}

let info: FixtureInfo;
let dataDir: string;
let emulator: RunningEmulator;
let client: PlatformClient;
const forms: Partial<Record<Form["name"], Form>> = {};

beforeAll(async () => {
  info = readFixtureInfo(FIXTURE);
  dataDir = mkdtempSync(join(tmpdir(), "state-compat-int-"));
  cpSync(join(FIXTURE, EMULATOR_DIR), dataDir, { recursive: true });
  emulator = await startEmulator(fixtureEmulatorOptions(dataDir, info.clockMs));
  client = createClient({ baseUrl: emulator.baseUrl, ...DEFAULT_SEED.orgOwnerKey, rateLimitPerMinute: 0 });
  // Nothing here waits; a wait would move the emulator's clock, which the fixture keeps still.
  const clock: WaitClock = {
    now: () => emulator.now(),
    sleep: async (ms) => emulator.advance(ms),
    random: () => 0,
  };
  forms.dynamic = dynamicForm({ client, clock }, [...RESOURCE_TYPES]);
  forms.native = await nativeForm({ client, clock });
});

afterAll(async () => {
  await forms.dynamic?.close();
  await forms.native?.close();
  await client?.close();
  await emulator?.close();
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
});

/** The requests other than GET the emulator served since its log was cleared ("POST /api/..."). */
const writes = () =>
  emulator.core.requestLog
    .list()
    .filter((entry) => entry.method !== "GET")
    .map((entry) => `${entry.method} ${entry.path}`);

test("the fixture holds one object of every type of the resource table, and a plaintext for each of its secrets", () => {
  expect([...resources.keys()].sort()).toEqual([...RESOURCE_TYPES]);
  const encrypted: string[] = [];
  for (const [type, resource] of resources)
    for (const part of ["inputs", "outputs"] as const)
      for (const [name, value] of Object.entries(resource[part] ?? {}))
        if (isEncrypted(value)) encrypted.push(`${type} ${part}.${name}`);
  const known = Object.entries(plaintexts).flatMap(([type, parts]) =>
    Object.entries(parts).flatMap(([part, bag]) =>
      Object.keys(bag ?? {}).map((name) => `${type} ${part}.${name}`),
    ),
  );
  expect(encrypted.sort()).toEqual(known.sort());
});

describe.each([
  ["dynamic", forDynamic],
  ["native", forNative],
] as const)("the %s form", (formName, stored) => {
  test.each([...RESOURCE_TYPES])("reads and diffs 0.1.0's %s with no change and no write", async (type) => {
    const form = forms[formName];
    const resource = resources.get(type);
    if (form === undefined || resource === undefined) throw new Error(`no ${formName} form or no ${type}`);
    const state = stored(type, resource);
    emulator.core.requestLog.clear();

    const read = await form.read(type, state.id, state);
    expect(read.id).toBe(state.id);
    expect(form.plain(read.outputs)).toEqual(form.plain(state.outputs));
    expect(form.plain(read.inputs)).toEqual(form.plain(state.inputs));

    const checked = await form.check(type, read.inputs, state.program);
    expect(checked.failures).toEqual([]);
    expect(await form.diff(type, state.id, read.outputs, read.inputs, checked.inputs)).toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
    });
    expect(writes()).toEqual([]);
  });
});
