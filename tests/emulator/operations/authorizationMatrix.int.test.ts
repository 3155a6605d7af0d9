/**
 * The emulator's authorization matrix, every operation of the one operation table (api/versions.ts:
 * OPERATION_VERSIONS and LEGACY_OPERATIONS), against what the documents say:
 *
 * - the roles of each operation: docs/spec/api-spec.md, Endpoints (and docs/api-choices.md, "Roles and
 *   rate limits chosen where the spec is silent"), written out below as DOCUMENTED_ROLES, independently
 *   of the emulator's operation definitions;
 * - role implications and the refusals: docs/api-choices.md, Authorization (ORG_OWNER implies every
 *   project role of its organization's projects, GROUP_OWNER every project role, any project role
 *   GROUP_READ_ONLY; 403 USER_CANNOT_ACCESS_GROUP / USER_CANNOT_ACCESS_ORG with no role in the context,
 *   403 INSUFFICIENT_ROLE with some role but none that would do);
 * - authentication: docs/spec/api-spec.md, Authentication 6 and docs/api-choices.md, Authentication
 *   (missing or wrong credentials: 401 UNAUTHENTICATED with the Digest challenges; an address outside
 *   the credential's access list: 403 IP_ADDRESS_NOT_ON_ACCESS_LIST, docs/spec/operations.md).
 *
 * For each operation: one API key per role (each holding exactly that one role) is allowed or refused
 * as documented; no credentials, a wrong private key, an unknown key and an invalid Bearer token get
 * 401; a key with every role, calling from outside its access list, gets 403. "Allowed" means the
 * request got past authentication and authorization: any answer but 401 and 403 (the placeholder ids
 * end most calls in 404 or 400).
 */

import { LEGACY_OPERATIONS, OPERATION_VERSIONS } from "../../../api/versions";
import { PROJECT_ROLES } from "../../../api/vocabulary";
import { type RunningEmulator, type Seed, startEmulator } from "../../../emulator";
import type { OperationDef } from "../../../emulator/core/contract";
import { operations } from "../../../emulator/operations";
import defaultSeed from "../../../emulator/seed/default.json";
import { challengesOf, DigestClient, http, OWNER_KEY, V2 } from "../core/helpers";

const ORG = "5f1a00000000000000000001";
const PROJECT = "5f1a000000000000000000a1";
const PLACEHOLDER_ID = "5f1a00000000000000000fff";

type OrgRole = "ORG_OWNER" | "ORG_MEMBER";
type ProjectRole = (typeof PROJECT_ROLES)[number];
type Role = OrgRole | ProjectRole;

const RO: ProjectRole = "GROUP_READ_ONLY";
const OWNERS: Role[] = ["ORG_OWNER", "GROUP_OWNER"];
const DATA_ADMIN: ProjectRole = "GROUP_DATA_ACCESS_ADMIN";
/**
 * Reads of search indexes and nodes: the spec names Project Data Access Read Write; the emulator also
 * lets Project Data Access Admin read what it may write (docs/api-choices.md, Authorization).
 */
const DATA_READ: Role[] = ["GROUP_DATA_ACCESS_READ_WRITE", DATA_ADMIN];
const BACKUP: ProjectRole = "GROUP_BACKUP_MANAGER";
const PLATFORM_ADMIN: ProjectRole = "GROUP_PLATFORM_ADMIN";

/** The roles each operation requires, as the documents give them ("ANY": every caller). */
const DOCUMENTED_ROLES: Readonly<Record<string, Role[] | "ANY">> = {
  // api-spec.md, Access history
  "1": ["GROUP_MONITORING_ADMIN", "GROUP_DATABASE_ACCESS_ADMIN"],
  "2": ["GROUP_MONITORING_ADMIN", "GROUP_DATABASE_ACCESS_ADMIN"],
  // Alert configurations and alerts
  "3": "ANY",
  "4": [RO],
  "5": OWNERS,
  "6": OWNERS,
  "7": [RO],
  "8": OWNERS,
  "9": OWNERS,
  "10": [RO],
  "11": [RO],
  "12": [RO],
  "13": [RO],
  "14": OWNERS,
  // Search indexes and search nodes (20-23 and 26: api-choices.md)
  "15": [DATA_ADMIN],
  "16": DATA_READ,
  "17": [DATA_ADMIN],
  "18": DATA_READ,
  "19": [DATA_ADMIN],
  "20": [DATA_ADMIN],
  "21": DATA_READ,
  "22": [DATA_ADMIN],
  "23": [DATA_ADMIN],
  "24": DATA_READ,
  "25": [DATA_ADMIN],
  "26": DATA_READ,
  "27": [DATA_ADMIN],
  "28": DATA_READ,
  "29": [DATA_ADMIN],
  "30": [DATA_ADMIN],
  "31": DATA_READ,
  "32": [DATA_ADMIN],
  // Auditing and DNS
  "33": ["GROUP_OWNER"],
  "34": ["GROUP_OWNER"],
  "35": [RO],
  "36": [PLATFORM_ADMIN],
  // Cloud backup
  "37": [RO],
  "38": ["GROUP_OWNER"],
  "39": [BACKUP],
  "40": [RO],
  "41": ["GROUP_OWNER"],
  "42": ["GROUP_OWNER"],
  "43": ["GROUP_OWNER"],
  "44": [PLATFORM_ADMIN],
  "45": [PLATFORM_ADMIN],
  "46": [PLATFORM_ADMIN],
  "47": [BACKUP],
  "48": [BACKUP],
  "49": [BACKUP],
  "50": [BACKUP],
  "51": [PLATFORM_ADMIN],
  "52": [RO],
  "53": ["GROUP_OWNER"],
  "54": [RO, BACKUP],
  "55": [BACKUP],
  "56": [BACKUP],
  "57": [RO, BACKUP],
  "58": [RO, BACKUP],
  "59": [BACKUP],
  "60": [RO, BACKUP],
  "61": [BACKUP],
  "62-create": ["GROUP_OWNER"],
  "62-get": ["GROUP_OWNER"],
  "62-list": ["GROUP_OWNER"],
  "63-get": [RO],
  "63-list": [RO],
  // Live migration (69: api-choices.md)
  "64": ["ORG_OWNER"],
  "65": ["ORG_OWNER"],
  "66": ["ORG_OWNER"],
  "67": ["ORG_MEMBER"],
  "68": ["ORG_OWNER"],
  "69": ["ORG_OWNER"],
  "70": ["ORG_OWNER"],
  "71": ["ORG_OWNER"],
  // Cloud provider access and outage simulation (74a, 74b, 75, 76, 76a: api-choices.md)
  "72": ["GROUP_OWNER"],
  "73": ["GROUP_OWNER"],
  "74": ["GROUP_OWNER"],
  "74a": ["GROUP_OWNER"],
  "74b": ["GROUP_OWNER"],
  "75": ["GROUP_OWNER"],
  "76": [RO],
  "76a": ["GROUP_OWNER"],
  // Legacy (api-choices.md)
  "77": ["GROUP_OWNER"],
  "78": [RO],
};

const ROLES: Role[] = ["ORG_OWNER", "ORG_MEMBER", ...PROJECT_ROLES];

/** The roles a credential holding exactly `role` has in a project of its organization (api-choices.md). */
function grantedInProject(role: Role): Set<Role> {
  if (role === "ORG_OWNER") return new Set<Role>(["ORG_OWNER", "ORG_MEMBER", ...PROJECT_ROLES]);
  if (role === "ORG_MEMBER") return new Set<Role>(["ORG_MEMBER"]);
  if (role === "GROUP_OWNER") return new Set<Role>(PROJECT_ROLES);
  return new Set<Role>([role, RO]);
}

/** The roles it has in an organization-scoped call (no project in the path): its org roles only. */
function grantedInOrg(role: Role): Set<Role> {
  if (role === "ORG_OWNER") return new Set<Role>(["ORG_OWNER", "ORG_MEMBER"]);
  if (role === "ORG_MEMBER") return new Set<Role>(["ORG_MEMBER"]);
  return new Set<Role>();
}

/** What the documents say a caller holding `role` gets: allowed, or 403 with this error code. */
function expectedOutcome(path: string, documented: Role[] | "ANY", role: Role): "allowed" | string {
  if (documented === "ANY") return "allowed";
  const projectScoped = path.includes("{groupId}");
  const granted = projectScoped ? grantedInProject(role) : grantedInOrg(role);
  if (documented.some((needed) => granted.has(needed))) return "allowed";
  if (projectScoped) {
    const hasProjectRole = [...granted].some((held) => (PROJECT_ROLES as readonly string[]).includes(held));
    return hasProjectRole ? "INSUFFICIENT_ROLE" : "USER_CANNOT_ACCESS_GROUP";
  }
  return granted.size === 0 ? "USER_CANNOT_ACCESS_ORG" : "INSUFFICIENT_ROLE";
}

/** One API key per role, each holding exactly that role; and one with every role, on no allowed address. */
const keyFor = (role: Role) => ({
  username: `matrix-${role.toLowerCase()}`,
  password: `secret-${role}-0001`,
});
const FENCED_KEY = { username: "matrix-fenced", password: "matrix-fenced-secret-0001" };

function seedWithMatrixKeys(): Seed {
  const seed = structuredClone(defaultSeed) as Seed;
  const loopback = ["127.0.0.1/32", "::1/128"];
  const matrixKeys = ROLES.map((role) => {
    const isOrgRole = role === "ORG_OWNER" || role === "ORG_MEMBER";
    return {
      kind: "apiKey" as const,
      id: keyFor(role).username,
      secret: keyFor(role).password,
      orgId: ORG,
      orgRoles: isOrgRole ? [role] : [],
      projectRoles: isOrgRole ? {} : { [PROJECT]: [role] },
      accessList: loopback,
    };
  });
  const fenced = {
    kind: "apiKey" as const,
    id: FENCED_KEY.username,
    secret: FENCED_KEY.password,
    orgId: ORG,
    orgRoles: ["ORG_OWNER"],
    projectRoles: { [PROJECT]: ["GROUP_OWNER"] },
    // Loopback is outside it: every request of this key comes from 127.0.0.1.
    accessList: ["10.0.0.0/8", "fd00::/8"],
  };
  seed.credentials = [...(seed.credentials ?? []), ...matrixKeys, fenced] as Seed["credentials"];
  return seed;
}

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

interface TableRow {
  id: string;
  method: string;
  root: "v2" | "v1.0";
  path: string;
}

const TABLE: TableRow[] = [
  ...Object.entries(OPERATION_VERSIONS).map(([id, op]) => ({
    id,
    method: op.method,
    root: "v2" as const,
    path: op.path,
  })),
  ...Object.entries(LEGACY_OPERATIONS).map(([id, op]) => ({
    id,
    method: op.method,
    root: "v1.0" as const,
    path: op.path,
  })),
];

function concretePath(row: TableRow): string {
  const root = row.root === "v1.0" ? "/api/platform/v1.0" : "/api/platform/v2";
  return root + row.path.replace(/\{(\w+)\}/g, (_, name: string) => PARAMS[name] ?? PLACEHOLDER_ID);
}

function requestOptions(row: TableRow): { body?: unknown; headers?: Record<string, string> } {
  const hasBody = row.method === "POST" || row.method === "PUT" || row.method === "PATCH";
  return {
    // 68 (cutover) takes no body.
    ...(hasBody && row.id !== "68" ? { body: {} } : {}),
    headers: { accept: row.root === "v1.0" ? "application/json" : V2 },
  };
}

let emu: RunningEmulator;
const clients = new Map<string, DigestClient>();
const client = (key: { username: string; password: string }): DigestClient => {
  let found = clients.get(key.username + key.password);
  if (found === undefined) {
    found = new DigestClient(emu.url, key);
    clients.set(key.username + key.password, found);
  }
  return found;
};

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    seed: seedWithMatrixKeys(),
    clock: "manual",
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await emu.close();
});

test("the operation table and the emulator's operations are the same set, each with its documented roles", () => {
  const served = new Map(operations.map((op) => [op.id, op]));
  expect(TABLE.map((row) => row.id).sort()).toEqual([...served.keys()].sort());
  expect(Object.keys(DOCUMENTED_ROLES).sort()).toEqual(TABLE.map((row) => row.id).sort());
  for (const row of TABLE) {
    const op = served.get(row.id) as OperationDef;
    expect({ id: row.id, method: op.method, root: op.root, path: op.path }).toEqual({
      id: row.id,
      method: row.method,
      root: row.root,
      path: row.path,
    });
  }
});

describe.each(TABLE.map((row) => [row.id, row.method, row.path, row] as const))(
  "%s %s %s",
  (id, _m, _p, row) => {
    const documented = DOCUMENTED_ROLES[id] ?? [];
    const path = concretePath(row);

    test.each(ROLES)("a key holding only %s", async (role) => {
      const expected = expectedOutcome(row.path, documented, role);
      const answer = await client(keyFor(role)).call(row.method, path, requestOptions(row));
      if (expected === "allowed") {
        expect([401, 403]).not.toContain(answer.status);
      } else {
        expect({
          status: answer.status,
          errorCode: (answer.json as { errorCode?: string })?.errorCode,
        }).toEqual({
          status: 403,
          errorCode: expected,
        });
      }
    });

    test("no credentials: 401 UNAUTHENTICATED with a Digest challenge", async () => {
      const options = requestOptions(row);
      const answer = await http(`${emu.url}${path}`, {
        method: row.method,
        headers: { ...options.headers, ...(options.body ? { "content-type": "application/json" } : {}) },
        ...(options.body ? { body: JSON.stringify(options.body) } : {}),
      });
      expect(answer.status).toBe(401);
      expect((answer.json as { errorCode: string }).errorCode).toBe("UNAUTHENTICATED");
      expect(challengesOf(answer)[0]).toMatch(/^Digest realm="MMS Public API"/);
    });

    test("wrong credentials (a wrong private key, an unknown key, an invalid token): 401 UNAUTHENTICATED", async () => {
      const wrongSecret = await client({ ...OWNER_KEY, password: "not-the-private-key" }).call(
        row.method,
        path,
        requestOptions(row),
      );
      const unknownKey = await client({ username: "no-such-key", password: "whatever" }).call(
        row.method,
        path,
        requestOptions(row),
      );
      const badToken = await http(`${emu.url}${path}`, {
        method: row.method,
        headers: { ...requestOptions(row).headers, authorization: "Bearer not-a-token" },
      });
      for (const answer of [wrongSecret, unknownKey, badToken]) {
        expect({
          status: answer.status,
          errorCode: (answer.json as { errorCode?: string })?.errorCode,
        }).toEqual({
          status: 401,
          errorCode: "UNAUTHENTICATED",
        });
      }
      expect(challengesOf(badToken)).toContain('Bearer realm="MMS Public API", error="invalid_token"');
    });

    test("an address outside the key's access list: 403 IP_ADDRESS_NOT_ON_ACCESS_LIST", async () => {
      const answer = await client(FENCED_KEY).call(row.method, path, requestOptions(row));
      expect({
        status: answer.status,
        errorCode: (answer.json as { errorCode?: string })?.errorCode,
      }).toEqual({
        status: 403,
        errorCode: "IP_ADDRESS_NOT_ON_ACCESS_LIST",
      });
    });
  },
);
