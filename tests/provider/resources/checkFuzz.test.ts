/**
 * Property-based fuzz of every resource's `check` (docs/resources.md, "Validation before any
 * request"): whatever the inputs, check answers with clean failures that name a field, never throws,
 * and never sends a request.
 *
 * - The resources come from the runtime's table (RESOURCE_TYPES), and check is reached through
 *   `dispatch`, as the shim reaches it; a resource added to the table later is fuzzed too.
 * - Inputs: arbitrary JSON-like property bags (Pulumi's Struct values: null, booleans, numbers,
 *   strings, lists, objects; plus the preview's unknown placeholder), bags whose keys are the
 *   resource's real inputs with arbitrary values, and mutations of a valid bag (a key removed, a value
 *   at any depth replaced by an arbitrary one, an unknown key added, a value made unknown). The valid
 *   bag is the quickstart's (examples/quickstart/index.ts) where this file has one, else values
 *   generated from the resource's zod schema.
 * - Properties: check resolves to `{inputs, failures}`; every failure names a non-empty property
 *   path and its reason starts with that path (or the path's last key) and reads as a sentence (no
 *   "[object Object]", "undefined" or "NaN" left by string building); an input bag that passes is a
 *   fixed point (checking check's own inputs passes with the same inputs).
 * - No request: the client is configured against a tripwire server on 127.0.0.1 that counts every
 *   request; the count must stay 0. A first test proves the tripwire sees a request when one is sent.
 *
 * Bounded: a fixed seed and a fixed number of runs per property (200 runs x 4 properties x 8 resources = 6,400 generated inputs today).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import type { z } from "zod";
import { platformClient, resetSettings, setConfigValues } from "../../../provider/framework/settings";
import { UNKNOWN } from "../../../provider/framework/validation";
import { dispatch, lookupDefinition, RESOURCE_TYPES } from "../../../provider/runtime";

/** Runs per property and resource; the seed makes every run of the suite the same. */
const RUNS = 200;
const SEED = 20261123;

/** Valid inputs per type (the quickstart's). Types missing here get schema-generated seeds. */
const VALID_INPUTS: Readonly<Record<string, Record<string, unknown>>> = {
  AlertConfiguration: {
    groupId: "5f1a000000000000000000a1",
    enabled: true,
    eventTypeName: "DEPLOYMENT_FAILURE",
    matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "demo-app" }],
    notifications: [
      { typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 0, intervalMin: 60 },
      {
        typeName: "WEBHOOK",
        webhookUrl: "https://hooks.example.com/platform-alerts",
        webhookSecret: "quickstart-webhook-secret-0001",
        delayMin: 5,
        intervalMin: 60,
      },
      { typeName: "SLACK", apiToken: "xoxb-fuzz-token-0001", channelName: "#alerts" },
    ],
  },
  Auditing: {
    groupId: "5f1a000000000000000000a1",
    enabled: true,
    auditAuthorizationSuccess: false,
    auditFilter: { atype: { $in: ["authenticate", "createCollection"] } },
  },
  BackupCompliancePolicy: {
    groupId: "5f1a000000000000000000a1",
    authorizedEmail: "security@example.com",
    authorizedUserFirstName: "Dana",
    authorizedUserLastName: "Reyes",
    copyProtectionEnabled: false,
    encryptionAtRestEnabled: false,
    pitEnabled: false,
    onDemandPolicyItem: { retentionUnit: "days", retentionValue: 3 },
    scheduledPolicyItems: [
      { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
    ],
    keepEnabledOnDelete: true,
  },
  CloudBackupSchedule: {
    groupId: "5f1a000000000000000000a1",
    clusterName: "demo-cluster",
    referenceHourOfDay: 3,
    referenceMinuteOfHour: 30,
    restoreWindowDays: 7,
    autoExportEnabled: true,
    export: { exportBucketId: "5f1a000000000000000000d1", frequencyType: "monthly" },
    policies: [
      {
        policyItems: [
          { frequencyType: "hourly", frequencyInterval: 6, retentionUnit: "days", retentionValue: 2 },
          { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 14 },
        ],
      },
    ],
  },
  CustomDns: { groupId: "5f1a000000000000000000a1", enabled: true },
  ExportBucket: {
    groupId: "5f1a000000000000000000a1",
    bucketName: "quickstart-backup-exports",
    cloudProvider: "AWS",
    iamRoleId: "5f1a000000000000000000c1",
  },
  SearchDeployment: {
    groupId: "5f1a000000000000000000a1",
    clusterName: "demo-cluster",
    specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
  },
  SearchIndex: {
    groupId: "5f1a000000000000000000a1",
    clusterName: "demo-cluster",
    database: "sample_mflix",
    collectionName: "movies",
    name: "movies-text",
    definition: {
      analyzer: "lucene.english",
      mappings: { dynamic: false, fields: { title: { type: "string" }, year: { type: "number" } } },
    },
  },
};

type Bag = Record<string, unknown>;

interface CheckAnswer {
  inputs: Bag;
  failures: Array<{ property: string; reason: string }>;
}

// ---------------------------------------------------------------------------------------------
// The tripwire: every request the client could send lands here and is counted.

let tripwire: Server;
let requestsSeen = 0;

beforeAll(async () => {
  tripwire = createServer((req, res) => {
    requestsSeen += 1;
    req.resume();
    res.writeHead(500, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => tripwire.listen(0, "127.0.0.1", resolve));
  const { port } = tripwire.address() as AddressInfo;
  setConfigValues({
    "platform:baseUrl": `http://127.0.0.1:${port}/api/platform/v2`,
    "platform:publicKey": "fuzz-public-key",
    "platform:privateKey": "fuzz-private-key-0000",
    // One attempt: the proof below must not wait for retries.
    "platform:maxRetries": "0",
  });
});

afterAll(async () => {
  resetSettings();
  await new Promise<void>((resolve) => tripwire.close(() => resolve()));
});

// ---------------------------------------------------------------------------------------------
// Generators.

const JSON_KEYS = ["", "a", "name", "type", "__proto__", "constructor", "toString", "0", "value", "id"];

/** JSON-like values as Pulumi's Struct carries them, with the preview placeholder and awkward strings. */
const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1e21)),
    fc.oneof(
      fc.string(),
      fc.constantFrom(UNKNOWN, "", " ", "null", "{}", "[]", '{"a":', "lucene.", "5f1a000000000000000000a1"),
    ),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...JSON_KEYS), fc.string({ maxLength: 6 })), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

/** zod 4's definition of a schema node (the structure the consistency test walks too). */
type ZodDef = Record<string, unknown> & { type: string };
const defOf = (schema: unknown): ZodDef => (schema as { _zod: { def: ZodDef } })._zod.def;

/**
 * Values shaped by a zod schema: objects with their keys, enums' members, regex-matching strings,
 * numbers within bounds where the schema says so. Refinements are not honoured, so some values fail
 * check; they are seeds for mutation, not promises of validity.
 */
function fromSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return jsonish;
  const def = defOf(schema);
  const inner = (node: unknown) => fromSchema(node, depth + 1);
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, node] of Object.entries(shape)) record[key] = inner(node);
      return fc.record(record, { requiredKeys: [] });
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return inner(def.innerType);
    case "pipe":
      // A preprocess's input side is often `unknown`; the output side carries the shape.
      return defOf(def.in).type === "transform" || defOf(def.in).type === "unknown"
        ? inner(def.out)
        : inner(def.in);
    case "lazy":
      return inner((def.getter as () => unknown)());
    case "union":
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case "literal":
      return fc.constantFrom(...(def.values as unknown[]));
    case "boolean":
      return fc.boolean();
    case "number":
      return fc.integer({ min: 0, max: 60 });
    case "array":
      return fc.array(inner(def.element), { minLength: 1, maxLength: 3 });
    case "record":
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), inner(def.valueType), { maxKeys: 3 });
    case "string": {
      const checks = (def.checks as unknown[] | undefined) ?? [];
      for (const check of checks) {
        const checkDef = defOf(check) as ZodDef & { check?: string; pattern?: RegExp };
        if (checkDef.check === "string_format" && checkDef.pattern instanceof RegExp)
          return fc.stringMatching(checkDef.pattern);
      }
      return fc.string({ minLength: 1, maxLength: 12 });
    }
    default:
      return jsonish;
  }
}

/** The zod schema check uses: the declaration's inputs schema. */
function inputsSchemaOf(typeName: string): z.ZodType {
  const definition = lookupDefinition(typeName);
  if (definition === undefined) throw new Error(`${typeName} is not in the runtime's resource table`);
  return definition.inputs;
}

/** Every path into a JSON-like value ([] is the value itself). */
function pathsOf(value: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  const paths: PropertyKey[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) paths.push(...pathsOf(item, [...prefix, index]));
  } else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  return paths;
}

/** A copy of `root` with the value at `path` replaced (or removed when `replacement` is REMOVE). */
const REMOVE = Symbol("remove");
function withValueAt(root: unknown, path: readonly PropertyKey[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    const next = withValueAt(copy[head as number], rest, replacement);
    if (next === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = next;
    return copy;
  }
  const copy = { ...(root as Bag) };
  const next = withValueAt(copy[head as string], rest, replacement);
  if (next === REMOVE) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

type Mutation =
  | { kind: "replace"; pick: number; value: unknown }
  | { kind: "remove"; pick: number }
  | { kind: "unknown"; pick: number }
  | { kind: "addKey"; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(), value: jsonish }),
  fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("unknown" as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant("addKey" as const),
    key: fc.oneof(fc.constantFrom(...JSON_KEYS), fc.string({ minLength: 1, maxLength: 8 })),
    value: jsonish,
  }),
);

function applyMutation(bag: Bag, step: Mutation): Bag {
  if (step.kind === "addKey") return { ...bag, [step.key]: step.value };
  // Paths below the top level object itself: the bag stays an object, as Pulumi always sends one.
  const paths = pathsOf(bag).filter((path) => path.length > 0);
  if (paths.length === 0) return bag;
  const path = paths[step.pick % paths.length] as PropertyKey[];
  const replacement = step.kind === "replace" ? step.value : step.kind === "remove" ? REMOVE : UNKNOWN;
  return withValueAt(bag, path, replacement) as Bag;
}

// ---------------------------------------------------------------------------------------------
// The properties.

/** Check through the runtime, as the shim calls it: news carries the serialized provider. */
async function check(typeName: string, news: Bag): Promise<CheckAnswer> {
  return (await dispatch(typeName, "check", [{}, { ...news, __provider: "shim" }])) as CheckAnswer;
}

/** The answer is well formed and every failure names its field. (The host, not check, puts `__provider` back.) */
function expectCleanAnswer(answer: CheckAnswer): void {
  expect(typeof answer).toBe("object");
  expect(Array.isArray(answer.failures)).toBe(true);
  expect(typeof answer.inputs).toBe("object");
  for (const failure of answer.failures) {
    expect(typeof failure.property).toBe("string");
    expect(failure.property).not.toBe("");
    const lastKey = /([^.[\]]+)\]?$/.exec(failure.property)?.[1] ?? failure.property;
    const named = failure.reason.startsWith(failure.property) || failure.reason.startsWith(lastKey);
    if (!named) throw new Error(`failure of ${failure.property} does not name it: ${failure.reason}`);
    expect(failure.reason).not.toMatch(/\[object Object\]|\bundefined\b|\bNaN\b/);
  }
}

/** Inputs that passed check pass again unchanged (normalization is idempotent). */
async function expectFixedPoint(typeName: string, answer: CheckAnswer): Promise<void> {
  if (answer.failures.length > 0) return;
  const again = await check(typeName, answer.inputs);
  expect(again.failures).toEqual([]);
  expect(again.inputs).toEqual(answer.inputs);
}

const RESOURCES = RESOURCE_TYPES.map((typeName) => ({ typeName, schema: inputsSchemaOf(typeName) }));

test("the tripwire counts a request the client sends (so a count of 0 below means none was sent)", async () => {
  const before = requestsSeen;
  await expect(platformClient().customDns.get("5f1a000000000000000000a1")).rejects.toThrow();
  expect(requestsSeen).toBeGreaterThan(before);
  requestsSeen = 0;
});

test("every resource of the runtime's table is fuzzed, with a valid bag or schema-generated seeds", () => {
  expect(RESOURCES.map((resource) => resource.typeName).sort()).toEqual([...RESOURCE_TYPES].sort());
  expect(RESOURCES.length).toBeGreaterThan(0);
});

describe.each(RESOURCES)("$typeName check", ({ typeName, schema }) => {
  const valid = VALID_INPUTS[typeName];
  const shaped = fromSchema(schema) as fc.Arbitrary<Bag>;
  /** Bags to mutate: the valid bag when there is one, else schema-shaped bags. */
  const seeds: fc.Arbitrary<Bag> = valid === undefined ? shaped : fc.constant(valid);
  const params = { numRuns: RUNS, seed: SEED };

  afterEach(() => {
    expect(requestsSeen).toBe(0);
  });

  if (valid !== undefined) {
    test("the valid bag passes and is a fixed point", async () => {
      const answer = await check(typeName, valid);
      expect(answer.failures).toEqual([]);
      await expectFixedPoint(typeName, answer);
    });
  }

  test("arbitrary JSON-like bags: clean failures naming a field, never an exception", async () => {
    const bags = fc.dictionary(
      fc.oneof(fc.constantFrom(...JSON_KEYS), fc.string({ maxLength: 10 })),
      jsonish,
      {
        maxKeys: 6,
      },
    );
    await fc.assert(
      fc.asyncProperty(bags, async (bag) => {
        const answer = await check(typeName, bag);
        expectCleanAnswer(answer);
        await expectFixedPoint(typeName, answer);
      }),
      params,
    );
  });

  test("the resource's own input names with arbitrary values", async () => {
    const keys = Object.keys(defOf(schema).type === "object" ? (defOf(schema).shape as Bag) : {});
    const inputNames = keys.length > 0 ? keys : Object.keys(valid ?? { groupId: 0 });
    const bags = fc.record(Object.fromEntries(inputNames.map((key) => [key, jsonish])), { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(bags, async (bag) => {
        const answer = await check(typeName, bag as Bag);
        expectCleanAnswer(answer);
        await expectFixedPoint(typeName, answer);
      }),
      params,
    );
  });

  test("schema-shaped bags: clean failures or inputs that are a fixed point", async () => {
    await fc.assert(
      fc.asyncProperty(shaped, async (bag) => {
        const answer = await check(typeName, bag);
        expectCleanAnswer(answer);
        await expectFixedPoint(typeName, answer);
      }),
      params,
    );
  });

  test("mutations of a valid bag (removed, replaced, unknown, added values at any depth)", async () => {
    await fc.assert(
      fc.asyncProperty(seeds, fc.array(mutation, { minLength: 1, maxLength: 3 }), async (seed, steps) => {
        const bag = steps.reduce(applyMutation, seed);
        const answer = await check(typeName, bag);
        expectCleanAnswer(answer);
        await expectFixedPoint(typeName, answer);
      }),
      params,
    );
  });
});
