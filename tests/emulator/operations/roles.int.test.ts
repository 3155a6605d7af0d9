/**
 * Role enforcement of every operation over HTTP with Digest auth: the org owner key is allowed
 * everywhere; the project read-only key (also ORG_MEMBER) only where a read role is listed; a key of
 * the same organization with no role at all is refused everywhere except the any-role operation.
 * "Allowed" means the core let the request reach the operation (any status but 401/403); the
 * placeholder ids make most calls end in 404 or 400, which is fine here.
 */
import { type RunningEmulator, type Seed, startEmulator } from "../../../emulator";
import type { OperationDef } from "../../../emulator/core/contract";
import { operations } from "../../../emulator/operations";
import defaultSeed from "../../../emulator/seed/default.json";
import { DigestClient, OWNER_KEY, READONLY_KEY } from "../core/helpers";

const ORG = "5f1a00000000000000000001";
const PROJECT = "5f1a000000000000000000a1";
const PLACEHOLDER_ID = "5f1a00000000000000000fff";
const OUTSIDER_KEY = { username: "outsider-key", password: "outsider-secret-0000-0001" };

const PARAMS: Record<string, string> = {
  groupId: PROJECT,
  orgId: ORG,
  clusterName: "demo-cluster",
  hostname: "host.example",
  databaseName: "sample",
  collectionName: "movies",
  indexName: "default",
  cloudProvider: "AWS",
};

function concretePath(op: OperationDef): string {
  const root = op.root === "v1.0" ? "/api/platform/v1.0" : "/api/platform/v2";
  return root + op.path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? PLACEHOLDER_ID);
}

/** Whether the read-only key (GROUP_READ_ONLY in the project, ORG_MEMBER) holds a listed role. */
function readOnlyAllowed(op: OperationDef): boolean {
  return op.roles === "ANY" || op.roles.includes("GROUP_READ_ONLY") || op.roles.includes("ORG_MEMBER");
}

let emu: RunningEmulator;
let clients: Record<"owner" | "readonly" | "outsider", DigestClient>;

beforeAll(async () => {
  const seed: Seed = structuredClone(defaultSeed) as Seed;
  seed.credentials = [
    ...(seed.credentials ?? []),
    {
      kind: "apiKey",
      id: OUTSIDER_KEY.username,
      secret: OUTSIDER_KEY.password,
      orgId: ORG,
      orgRoles: [],
      projectRoles: {},
      accessList: ["127.0.0.1/32", "::1/128"],
    },
  ];
  emu = await startEmulator({
    port: 0,
    seed,
    clock: "manual",
    rateLimit: { limit: 100_000, windowMs: 60_000 },
  });
  clients = {
    owner: new DigestClient(emu.url, OWNER_KEY),
    readonly: new DigestClient(emu.url, READONLY_KEY),
    outsider: new DigestClient(emu.url, OUTSIDER_KEY),
  };
});
afterAll(async () => {
  await emu.close();
});

async function statusFor(who: keyof typeof clients, op: OperationDef): Promise<number> {
  const hasBody = op.method === "POST" || op.method === "PUT" || op.method === "PATCH";
  const answer = await clients[who].call(op.method, concretePath(op), {
    ...(hasBody && op.id !== "68" ? { body: {} } : {}),
    ...(op.root === "v1.0" ? { headers: { accept: "application/json" } } : {}),
  });
  return answer.status;
}

describe.each(operations.map((op) => [op.id, op.method, op.path, op] as const))(
  "%s %s %s",
  (_id, _m, _p, op) => {
    test("the org owner is allowed", async () => {
      expect([401, 403]).not.toContain(await statusFor("owner", op));
    });

    test(
      readOnlyAllowed(op) ? "the read-only key is allowed" : "the read-only key is forbidden (403)",
      async () => {
        const status = await statusFor("readonly", op);
        if (readOnlyAllowed(op)) expect([401, 403]).not.toContain(status);
        else expect(status).toBe(403);
      },
    );

    test(
      op.roles === "ANY" ? "a key without roles is allowed" : "a key without roles is forbidden (403)",
      async () => {
        const status = await statusFor("outsider", op);
        if (op.roles === "ANY") expect([401, 403]).not.toContain(status);
        else expect(status).toBe(403);
      },
    );
  },
);
