/**
 * Version negotiation of the real operations, walking the whole of api/versions.ts: every declared
 * version of every operation is accepted (and a success answers in that version's media type), a
 * date between declared versions is served with the newest one not later than it, and a date before
 * all of them is 406 UNSUPPORTED_VERSION. Where the shape differs by version (20, 23), the resolved
 * version's shape answers.
 */
import { OPERATION_VERSIONS, type OperationId } from "../../../api/versions";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { DigestClient, ORG, OWNER_KEY, PROJECT } from "./helpers";

let emu: RunningEmulator;
let owner: DigestClient;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: "default", rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  owner = new DigestClient(emu.url, OWNER_KEY);
});
afterAll(async () => {
  await emu.close();
});

const PARAMETERS: Record<string, string> = {
  groupId: PROJECT,
  orgId: ORG,
  clusterName: "demo-cluster",
  hostname: "demo-cluster-shard-00-00.example.net",
  databaseName: "sample",
  collectionName: "comments",
  indexName: "no-such-index",
  cloudProvider: "AWS",
};

/** The operation's path with its parameters filled in (ids that name nothing: 404 is fine here). */
function pathOf(id: OperationId): string {
  const filled = OPERATION_VERSIONS[id].path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => PARAMETERS[name] ?? "5f1a0000000000000000ffff",
  );
  return `/api/platform/v2${filled}`;
}

function mediaType(version: string): string {
  return `application/vnd.platform.${version}+json`;
}

function dayBefore(date: string): string {
  return new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10);
}

async function callWith(id: OperationId, version: string) {
  const { method } = OPERATION_VERSIONS[id];
  const withBody = method === "POST" || method === "PUT" || method === "PATCH";
  return owner.call(method, pathOf(id), {
    headers: { accept: mediaType(version), ...(withBody ? { "content-type": mediaType(version) } : {}) },
    ...(withBody ? { body: {} } : {}),
  });
}

const declared = (Object.keys(OPERATION_VERSIONS) as OperationId[]).flatMap((id) =>
  OPERATION_VERSIONS[id].versions.map((version) => [id, version] as const),
);

describe("every declared version of every operation", () => {
  test.each(declared)("operation %s accepts %s", async (id, version) => {
    const answer = await callWith(id, version);
    expect([id, answer.status === 406 ? answer.text : "accepted"]).toEqual([id, "accepted"]);
    if (answer.status < 300 && answer.text !== "") {
      expect(answer.headers["content-type"]).toBe(mediaType(version));
    }
  });
});

describe("dates that are not declared versions", () => {
  test.each(Object.keys(OPERATION_VERSIONS) as OperationId[])(
    "operation %s: the spec's date is accepted, the day before its oldest version is 406",
    async (id) => {
      const versions = OPERATION_VERSIONS[id].versions;
      const current = await callWith(id, "2025-03-12");
      expect(current.status).not.toBe(406);
      if (current.status < 300 && current.text !== "") {
        expect(current.headers["content-type"]).toBe(mediaType(versions[versions.length - 1] as string));
      }
      const tooEarly = dayBefore(versions[0] as string);
      const refused = await callWith(id, tooEarly);
      expect(refused.status).toBe(406);
      expect(refused.json).toMatchObject({
        errorCode: "UNSUPPORTED_VERSION",
        parameters: [
          tooEarly,
          OPERATION_VERSIONS[id].method,
          OPERATION_VERSIONS[id].path,
          [...versions].reverse().join(", "),
        ],
      });
    },
  );
});

describe("the resolved version's shape", () => {
  const deployment = `/api/platform/v2/groups/${PROJECT}/clusters/demo-cluster/search/deployment`;
  const specs = { specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }] };

  test("search nodes (23, 20): asked 2025-03-12, served 2024-05-30: 201 and 204", async () => {
    const created = await owner.call("POST", deployment, {
      headers: { accept: mediaType("2025-03-12") },
      body: specs,
    });
    expect(created.status).toBe(201);
    expect(created.headers["content-type"]).toBe(mediaType("2024-05-30"));
    const deleted = await owner.call("DELETE", deployment, { headers: { accept: mediaType("2025-03-12") } });
    expect(deleted.status).toBe(204);
  });

  test("search nodes (23, 20): asked 2024-01-01, served 2023-01-01: 200 and 200", async () => {
    const created = await owner.call("POST", deployment, {
      headers: { accept: mediaType("2024-01-01") },
      body: specs,
    });
    expect(created.status).toBe(200);
    expect(created.headers["content-type"]).toBe(mediaType("2023-01-01"));
    const deleted = await owner.call("DELETE", deployment, { headers: { accept: mediaType("2024-01-01") } });
    expect(deleted.status).toBe(200);
  });
});
