/**
 * Property-based fuzz of the emulator from the public contract: request bodies and path parameters are
 * generated from each write operation's request schema (valid ones and invalid variants: wrong types,
 * unknown fields, values outside an enumeration, malformed ids), sent with valid credentials, and every
 * answer must be a non-5xx answer the contract declares (the oracle's answer checks, with the
 * allow-list of scripts/lib/contract/allow-list.ts). Seeded and bounded: a few hundred requests in total.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parse } from "yaml";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { ALLOW_LIST, allows } from "../../scripts/lib/contract/allow-list";
import { ContractOracle, type Divergence, type RecordedExchange } from "../../scripts/lib/contract/oracle";

type Node = Record<string, unknown>;

const contract = parse(readFileSync(join(__dirname, "../../api/openapi/openapi-v2.yml"), "utf8")) as Node;
const components = ((contract.components as Node).schemas ?? {}) as Record<string, Node>;
const oracle = new ContractOracle();
/** The version our client sends (per-operation versions are being fixed; the allow-list says so). */
const ACCEPT = "application/vnd.platform.2025-03-12+json";
const RUNS_PER_OPERATION = 10;

function resolve(schema: Node): Node {
  const ref = schema.$ref;
  return typeof ref === "string" ? resolve(components[ref.slice(ref.lastIndexOf("/") + 1)] ?? {}) : schema;
}

/** Values matching a request schema, as far as depth allows (read-only fields are left out). */
function schemaValue(raw: Node, depth: number): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as Node[] | undefined;
  if (alternatives && depth > 0)
    return fc.oneof(...alternatives.map((member) => schemaValue(member, depth - 1)));
  if (Array.isArray(schema.allOf) && depth > 0) {
    const parts = [...(schema.allOf as Node[]), { ...schema, allOf: undefined }].map((member) =>
      schemaValue(member, depth - 1),
    );
    return fc.tuple(...parts).map((values) => Object.assign({}, ...values.filter(isObject)));
  }
  switch (schema.type) {
    case "string":
      return schema.pattern === "^([a-f0-9]{24})$"
        ? fc.constantFrom(DEFAULT_SEED.awsRoleId, "5f1a00000000000000000fff")
        : fc.string({ maxLength: 12 });
    case "integer": {
      const min = typeof schema.minimum === "number" ? Math.max(schema.minimum, -1_000_000) : -3;
      const max = typeof schema.maximum === "number" ? Math.min(schema.maximum, 1_000_000) : min + 400;
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1000, max: 1000 });
    case "boolean":
      return fc.boolean();
    case "array":
      return depth > 0
        ? fc.array(schemaValue((schema.items ?? {}) as Node, depth - 1), { maxLength: 2 })
        : fc.constant([]);
    default: {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Node>).filter(
        ([, property]) => resolve(property).readOnly !== true && property.readOnly !== true,
      );
      if (properties.length === 0 || depth <= 0) return fc.constant({});
      const required = new Set((schema.required ?? []) as string[]);
      return fc.record(
        Object.fromEntries(properties.map(([name, property]) => [name, schemaValue(property, depth - 1)])),
        {
          requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
        },
      );
    }
  }
}

function isObject(value: unknown): value is Node {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A valid-looking body, or one made invalid in one of the ways the service must refuse with 400. */
function bodyOf(schema: Node): fc.Arbitrary<unknown> {
  const valid = schemaValue(schema, 4);
  const wrong = fc.constantFrom<unknown>(12345, "not-the-type", true, null, [], { nested: 1 });
  return fc.oneof(
    valid,
    valid.map((body) => (isObject(body) ? { ...body, fuzzUnknownField: 1 } : body)),
    fc.tuple(valid, wrong, fc.nat()).map(([body, value, index]) => {
      if (!isObject(body) || Object.keys(body).length === 0) return value;
      const keys = Object.keys(body);
      return { ...body, [keys[index % keys.length] as string]: value };
    }),
    fc.tuple(valid, fc.nat()).map(([body, index]) => {
      if (!isObject(body)) return body;
      const enumKeys = Object.keys(body).filter((key) => typeof body[key] === "string");
      if (enumKeys.length === 0) return body;
      return { ...body, [enumKeys[index % enumKeys.length] as string]: "NOT_A_CONTRACT_VALUE" };
    }),
  );
}

interface WriteOperation {
  method: string;
  template: string;
  schema: Node;
}

const writeOperations: WriteOperation[] = [];
for (const [template, pathItem] of Object.entries(contract.paths as Record<string, Node>)) {
  for (const method of ["post", "patch", "put"]) {
    const operation = pathItem[method] as Node | undefined;
    const content = ((operation?.requestBody as Node | undefined)?.content ?? {}) as Record<string, Node>;
    const media = Object.values(content)[0];
    if (media?.schema)
      writeOperations.push({ method: method.toUpperCase(), template, schema: media.schema as Node });
  }
}

const pathValue: Record<string, fc.Arbitrary<string>> = {
  groupId: fc.constantFrom(
    DEFAULT_SEED.projectId,
    DEFAULT_SEED.projectId,
    "5f1a000000000000000000ff",
    "not-an-id",
  ),
  orgId: fc.constantFrom(DEFAULT_SEED.orgId, "5f1a0000000000000000ffff"),
  clusterName: fc.constantFrom(
    DEFAULT_SEED.clusterName,
    DEFAULT_SEED.clusterName,
    "no-such-cluster",
    "-bad-",
  ),
};
const otherPathValue = fc.constantFrom(
  "5f1a00000000000000000fff",
  DEFAULT_SEED.awsRoleId,
  "name-1",
  "bad id",
);

function pathOf(template: string): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((found) => found[1] as string);
  return fc
    .tuple(...names.map((name) => pathValue[name] ?? otherPathValue))
    .map((values) =>
      names.reduce(
        (path, name, index) => path.replace(`{${name}}`, encodeURIComponent(values[index] ?? "")),
        template,
      ),
    );
}

let emu: RunningEmulator;
let token: string;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  const { clientId, clientSecret } = DEFAULT_SEED.serviceAccount;
  const answer = await fetch(`${emu.url}/api/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  token = ((await answer.json()) as { access_token: string }).access_token;
});

afterAll(() => emu.close());

async function send(method: string, path: string, body: unknown): Promise<RecordedExchange> {
  const text = JSON.stringify(body);
  const answer = await fetch(`${emu.url}${path}`, {
    method,
    headers: {
      accept: ACCEPT,
      "content-type": ACCEPT,
      authorization: `Bearer ${token}`,
      "user-agent": "contract-fuzz",
    },
    body: text,
  });
  return {
    method,
    path,
    query: "",
    request: { accept: ACCEPT, contentType: ACCEPT, userAgent: "contract-fuzz", body: text },
    status: answer.status,
    response: { contentType: answer.headers.get("content-type"), body: await answer.text() },
  };
}

test(`every write operation (${writeOperations.length}) answers generated bodies without 5xx and as declared`, async () => {
  const unexplained: { exchange: RecordedExchange; divergences: Divergence[] }[] = [];
  let sent = 0;
  for (const [index, operation] of writeOperations.entries()) {
    await fc.assert(
      fc.asyncProperty(pathOf(operation.template), bodyOf(operation.schema), async (path, body) => {
        const exchange = await send(operation.method, path, body);
        sent += 1;
        const verdict = oracle.check(exchange);
        const divergences =
          verdict.kind === "checked"
            ? verdict.divergences.filter(
                (divergence) => !ALLOW_LIST.some((entry) => allows(entry, divergence)),
              )
            : [];
        if (exchange.status >= 500 || divergences.length > 0) unexplained.push({ exchange, divergences });
        return true;
      }),
      { seed: 20_261_123 + index, numRuns: RUNS_PER_OPERATION },
    );
  }
  expect(sent).toBe(writeOperations.length * RUNS_PER_OPERATION);
  expect(
    unexplained.map(({ exchange, divergences }) => ({
      request: `${exchange.method} ${exchange.path} ${exchange.request.body}`,
      status: exchange.status,
      answer: exchange.response.body?.slice(0, 200),
      divergences: divergences.map((d) => `${d.operation} ${d.side} ${d.kind} ${d.path}: ${d.message}`),
    })),
  ).toEqual([]);
});
