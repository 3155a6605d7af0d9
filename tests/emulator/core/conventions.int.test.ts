import { type RunningEmulator, startEmulator } from "../../../emulator";
import { DigestClient, http, OWNER_KEY, PROJECT, testOperations, V2 } from "./helpers";

let emu: RunningEmulator;
let owner: DigestClient;
const v2 = `/api/platform/v2/groups/${PROJECT}`;

beforeEach(async () => {
  emu = await startEmulator({ port: 0, seed: "default", clock: "manual", operations: testOperations });
  owner = new DigestClient(emu.url, OWNER_KEY);
});
afterEach(async () => {
  await emu.close();
});

async function createWidgets(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const answer = await owner.call("POST", `${v2}/widgets`, { body: { name: `w${index}` } });
    expect(answer.status).toBe(201);
    ids.push((answer.json as { id: string }).id);
  }
  return ids;
}

describe("entities and links", () => {
  test("a created entity: versioned content type, deterministic id, self link, ISO date", async () => {
    const answer = await owner.call("POST", `${v2}/widgets`, { body: { name: "first" } });
    expect(answer.status).toBe(201);
    expect(answer.headers["content-type"]).toBe("application/vnd.platform.2025-03-12+json");
    expect(answer.text).toBe(
      JSON.stringify({
        id: "5f1b00000000000000000001",
        groupId: PROJECT,
        name: "first",
        created: "2025-03-12T00:00:00.000Z",
        links: [{ rel: "self", href: `${emu.url}${v2}/widgets/5f1b00000000000000000001` }],
      }),
    );
    const fetched = await owner.call("GET", `${v2}/widgets/5f1b00000000000000000001`);
    expect((fetched.json as { links: unknown }).links).toEqual([
      { rel: "self", href: `${emu.url}${v2}/widgets/5f1b00000000000000000001` },
    ]);
  });

  test("envelope wraps an entity in {status, content}; 204 becomes 200 with {status: 204}", async () => {
    const [id] = await createWidgets(1);
    const answer = await owner.call("GET", `${v2}/widgets/${id}?envelope=true`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      status: 200,
      content: {
        id,
        groupId: PROJECT,
        name: "w0",
        created: "2025-03-12T00:00:00.000Z",
        links: [{ rel: "self", href: `${emu.url}${v2}/widgets/${id}` }],
      },
    });
    const deleted = await owner.call("DELETE", `${v2}/widgets/${id}?envelope=true`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ status: 204 });
    const plainDelete = await owner.call("DELETE", `${v2}/widgets/${id}`);
    expect(plainDelete.status).toBe(204);
    expect(plainDelete.text).toBe("");
  });

  test("pretty=true indents; default output has no extra whitespace; arrays stay bare", async () => {
    const [id] = await createWidgets(1);
    const pretty = await owner.call("GET", `${v2}/widgets/${id}?pretty=true`);
    expect(pretty.text).toBe(`${JSON.stringify(pretty.json, null, 2)}\n`);
    const compact = await owner.call("GET", `${v2}/widgets/${id}`);
    expect(compact.text).toBe(JSON.stringify(compact.json));
    const names = await owner.call("GET", "/api/platform/v2/things/names?envelope=true");
    expect(names.json).toEqual({ status: 200, content: ["ALPHA", "BETA"] });
  });

  test("pretty on an operation that does not accept it: 400 naming the parameter", async () => {
    const answer = await owner.call("GET", "/api/platform/v2/things/names?pretty=true");
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      detail: "Invalid query parameter pretty: not accepted by this operation",
      error: 400,
      errorCode: "INVALID_QUERY_PARAMETER",
      parameters: ["pretty", "not accepted by this operation"],
      reason: "Bad Request",
    });
  });
});

describe("pagination", () => {
  test("pages, totalCount, self/next/previous links, items with only self", async () => {
    const ids = await createWidgets(5);
    const first = await owner.call("GET", `${v2}/widgets?itemsPerPage=2`);
    const listUrl = `${emu.url}${v2}/widgets`;
    expect(first.json).toEqual({
      links: [
        { rel: "self", href: `${listUrl}?itemsPerPage=2&pageNum=1` },
        { rel: "next", href: `${listUrl}?itemsPerPage=2&pageNum=2` },
      ],
      results: ids.slice(0, 2).map((id, index) => ({
        id,
        groupId: PROJECT,
        name: `w${index}`,
        created: "2025-03-12T00:00:00.000Z",
        links: [{ rel: "self", href: `${listUrl}/${id}` }],
      })),
      totalCount: 5,
    });
    const middle = (await owner.call("GET", `${v2}/widgets?itemsPerPage=2&pageNum=2`)).json as {
      links: unknown;
      results: { id: string }[];
    };
    expect(middle.links).toEqual([
      { rel: "self", href: `${listUrl}?itemsPerPage=2&pageNum=2` },
      { rel: "next", href: `${listUrl}?itemsPerPage=2&pageNum=3` },
      { rel: "previous", href: `${listUrl}?itemsPerPage=2&pageNum=1` },
    ]);
    expect(middle.results.map((item) => item.id)).toEqual(ids.slice(2, 4));
    const last = (await owner.call("GET", `${v2}/widgets?itemsPerPage=2&pageNum=3&includeCount=false`))
      .json as {
      links: unknown;
      results: { id: string }[];
      totalCount?: number;
    };
    expect(last.links).toEqual([
      { rel: "self", href: `${listUrl}?itemsPerPage=2&pageNum=3&includeCount=false` },
      { rel: "previous", href: `${listUrl}?itemsPerPage=2&pageNum=2&includeCount=false` },
    ]);
    expect(last.results.map((item) => item.id)).toEqual([ids[4]]);
    expect(last.totalCount).toBeUndefined();
  });

  test("defaults (100 per page, page 1) and an empty list is 200; envelope adds status", async () => {
    const answer = await owner.call("GET", `${v2}/widgets?envelope=true`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      links: [{ rel: "self", href: `${emu.url}${v2}/widgets?envelope=true&pageNum=1&itemsPerPage=100` }],
      results: [],
      totalCount: 0,
      status: 200,
    });
  });

  test.each([
    ["itemsPerPage=0", "itemsPerPage", 'expected an integer 1..500, got "0"'],
    ["itemsPerPage=501", "itemsPerPage", 'expected an integer 1..500, got "501"'],
    ["itemsPerPage=ten", "itemsPerPage", 'expected an integer 1..500, got "ten"'],
    ["pageNum=0", "pageNum", 'expected an integer >= 1, got "0"'],
    ["pageNum=1.5", "pageNum", 'expected an integer >= 1, got "1.5"'],
    ["includeCount=yes", "includeCount", 'expected true or false, got "yes"'],
    ["envelope=1", "envelope", 'expected true or false, got "1"'],
  ])("%s -> 400 INVALID_QUERY_PARAMETER", async (query, name, reason) => {
    const answer = await owner.call("GET", `${v2}/widgets?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      detail: `Invalid query parameter ${name}: ${reason}`,
      error: 400,
      errorCode: "INVALID_QUERY_PARAMETER",
      parameters: [name, reason],
      reason: "Bad Request",
    });
  });
});

describe("versions", () => {
  const thing = `${v2}/clusters/demo-cluster/thing`;
  test.each([
    ["application/vnd.platform.2025-03-12+json", "2025-03-12"],
    ["application/vnd.platform.2024-05-30+json", "2024-05-30"],
    ["application/vnd.platform.2023-01-01+json;charset=utf-8", "2023-01-01"],
    ["text/plain;q=0.1, application/vnd.platform.2024-05-30+json", "2024-05-30"],
    ["application/json", "2023-01-01"],
    ["*/*", "2023-01-01"],
  ])("Accept %s answers version %s", async (accept, version) => {
    const answer = await owner.call("GET", thing, { headers: { accept } });
    expect(answer.status).toBe(200);
    expect((answer.json as { version: string }).version).toBe(version);
    expect(answer.headers["content-type"]).toBe(`application/vnd.platform.${version}+json`);
  });

  test("no Accept at all: the operation's oldest version", async () => {
    const answer = await owner.call("GET", `${v2}/widgets`, { headers: { accept: "" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/vnd.platform.2025-03-12+json");
  });

  test("an unsupported version: 406 UNSUPPORTED_VERSION listing the supported ones", async () => {
    const answer = await owner.call("GET", `${v2}/widgets`, {
      headers: { accept: "application/vnd.platform.2023-01-01+json" },
    });
    expect(answer.status).toBe(406);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.json).toEqual({
      detail:
        "Version 2023-01-01 is not supported by GET /groups/{groupId}/widgets. Supported versions: 2025-03-12.",
      error: 406,
      errorCode: "UNSUPPORTED_VERSION",
      parameters: ["2023-01-01", "GET", "/groups/{groupId}/widgets", "2025-03-12"],
      reason: "Not Acceptable",
    });
  });

  test.each([
    "application/vnd.platform.2025-3-12+json",
    "application/vnd.platform.latest+json",
    "application/vnd.other.2025-03-12+json",
    "text/html",
  ])("a malformed or foreign Accept %s: 406 INVALID_ACCEPT_HEADER", async (accept) => {
    const answer = await owner.call("GET", `${v2}/widgets`, { headers: { accept } });
    expect(answer.status).toBe(406);
    expect((answer.json as { errorCode: string }).errorCode).toBe("INVALID_ACCEPT_HEADER");
  });

  test("the v1.0 root takes application/json and answers application/json", async () => {
    const legacy = `/api/platform/v1.0/groups/${PROJECT}/privateIpMode`;
    const answer = await owner.call("PATCH", legacy, {
      body: { enabled: false },
      headers: { accept: "application/json" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.json).toEqual({
      enabled: false,
      links: [{ rel: "self", href: `${emu.url}${legacy}` }],
    });
    const versioned = await owner.call("PATCH", legacy, {
      body: { enabled: false },
      headers: { accept: V2 },
    });
    expect(versioned.status).toBe(406);
  });
});

describe("routing and path parameters", () => {
  test("unknown path: 404 RESOURCE_NOT_FOUND; unknown service: 404", async () => {
    const answer = await owner.call("GET", `${v2}/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      detail: `Cannot find resource ${v2}/nothing-here.`,
      error: 404,
      errorCode: "RESOURCE_NOT_FOUND",
      parameters: [`${v2}/nothing-here`],
      reason: "Not Found",
    });
    expect((await owner.call("GET", `/api/other/v2/groups/${PROJECT}/widgets`)).status).toBe(404);
    expect((await http(`${emu.url}/elsewhere`)).status).toBe(404);
  });

  test("known path, wrong method: 405 with Allow", async () => {
    const answer = await owner.call("PUT", `${v2}/widgets`, { body: {} });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, POST");
    expect((answer.json as { errorCode: string }).errorCode).toBe("METHOD_NOT_ALLOWED");
  });

  test("a literal segment wins over a parameter; the parameter route still serves other methods", async () => {
    expect((await owner.call("POST", `${v2}/widgets/validate`, { body: {} })).json).toEqual({
      valid: true,
      links: [{ rel: "self", href: `${emu.url}${v2}/widgets/validate` }],
    });
    const get = await owner.call("GET", `${v2}/widgets/validate`);
    expect(get.status).toBe(400);
    expect((get.json as { parameters: string[] }).parameters).toEqual([
      "widgetId",
      "must be 24 hexadecimal digits",
    ]);
  });

  test.each([
    ["/api/platform/v2/groups/not-hex/widgets", "groupId", "must be 24 hexadecimal digits"],
    [`${v2}/widgets/5F1A00000000000000000001`, "widgetId", "must be 24 hexadecimal digits"],
    ["/api/platform/v2/orgs/123/things", "orgId", "must be 24 hexadecimal digits"],
    [`${v2}/clusters/-bad/thing`, "clusterName", "must match ^[a-zA-Z0-9][a-zA-Z0-9-]*$"],
    [`${v2}/clusters/bad_name/thing`, "clusterName", "must match ^[a-zA-Z0-9][a-zA-Z0-9-]*$"],
  ])("%s -> 400 INVALID_PATH_PARAMETER %s", async (path, name, reason) => {
    const answer = await owner.call("GET", path);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      detail: `Invalid path parameter ${name}: ${reason}`,
      error: 400,
      errorCode: "INVALID_PATH_PARAMETER",
      parameters: [name, reason],
      reason: "Bad Request",
    });
  });

  test("missing project: 404 GROUP_NOT_FOUND; missing org: ORG_NOT_FOUND; missing cluster: CLUSTER_NOT_FOUND", async () => {
    const project = await owner.call("GET", "/api/platform/v2/groups/5f1a0000000000000000ffff/widgets");
    expect(project.status).toBe(404);
    expect(project.json).toEqual({
      detail: "No group with ID 5f1a0000000000000000ffff exists.",
      error: 404,
      errorCode: "GROUP_NOT_FOUND",
      parameters: ["5f1a0000000000000000ffff"],
      reason: "Not Found",
    });
    const org = await owner.call("GET", "/api/platform/v2/orgs/5f1a0000000000000000ffff/things");
    expect((org.json as { errorCode: string }).errorCode).toBe("ORG_NOT_FOUND");
    const cluster = await owner.call("GET", `${v2}/clusters/no-such-cluster/thing`);
    expect(cluster.status).toBe(404);
    expect(cluster.json).toEqual({
      detail: `No cluster named no-such-cluster exists in group ${PROJECT}.`,
      error: 404,
      errorCode: "CLUSTER_NOT_FOUND",
      parameters: ["no-such-cluster", PROJECT],
      reason: "Not Found",
    });
  });

  test("bodies: unparsable JSON -> 400 INVALID_JSON; a non-JSON content type -> 415", async () => {
    const client = owner;
    await client.challenge();
    const path = `${v2}/widgets`;
    const broken = await http(`${emu.url}${path}`, {
      method: "POST",
      headers: {
        accept: V2,
        "content-type": "application/json",
        authorization: client.authorization("POST", path),
      },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({
      detail: "Received JSON is malformed.",
      error: 400,
      errorCode: "INVALID_JSON",
      parameters: [],
      reason: "Bad Request",
    });
    const text = await http(`${emu.url}${path}`, {
      method: "POST",
      headers: {
        accept: V2,
        "content-type": "text/plain",
        authorization: client.authorization("POST", path),
      },
      body: "hello",
    });
    expect(text.status).toBe(415);
    const versioned = await http(`${emu.url}${path}`, {
      method: "POST",
      headers: { accept: V2, "content-type": V2, authorization: client.authorization("POST", path) },
      body: JSON.stringify({ name: "typed" }),
    });
    expect(versioned.status).toBe(201);
  });

  test("an operation that throws a non-API error answers 500 UNEXPECTED_ERROR", async () => {
    const broken = await startEmulator({
      operations: [
        {
          ...(testOperations[5] as (typeof testOperations)[number]),
          handler: () => {
            throw new Error("boom");
          },
        },
      ],
    });
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const answer = await new DigestClient(broken.url, OWNER_KEY).call(
        "GET",
        "/api/platform/v2/things/names",
      );
      expect(answer.status).toBe(500);
      expect((answer.json as { errorCode: string }).errorCode).toBe("UNEXPECTED_ERROR");
    } finally {
      spy.mockRestore();
      await broken.close();
    }
  });
});
