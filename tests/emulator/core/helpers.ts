/** Shared by the core's tests: operations of our own (so the core is tested without the real
 * operations) and an HTTP client that speaks Digest computed independently of the emulator. */
import { createHash, randomBytes } from "node:crypto";
import { type Agent, request } from "undici";
import type { JsonObject, OperationDef } from "../../../emulator/core/contract";
import { apiError } from "../../../emulator/core/errors";
import { mintId } from "../../../emulator/core/ids";

export const ORG = "5f1a00000000000000000001";
export const PROJECT = "5f1a000000000000000000a1";
export const OTHER_PROJECT = "5f1a000000000000000000a2";
export const OWNER_KEY = { username: "demo-public-key", password: "demo-private-key-0000-0000-000000000001" };
export const READONLY_KEY = {
  username: "demo-readonly-key",
  password: "demo-private-key-0000-0000-000000000002",
};
export const SERVICE_ACCOUNT = {
  clientId: "mdb_sa_id_demo",
  clientSecret: "mdb_sa_sk_demo_0000000000000001",
};
export const V2 = "application/vnd.platform.2025-03-12+json";

function widgets(state: Parameters<OperationDef["handler"]>[1]): Record<string, JsonObject> {
  state.entities.widgets ??= {};
  return state.entities.widgets;
}

/** A small API: widgets (paginated, rate limited), a cluster-scoped thing with three versions, an
 * org-scoped list, an any-role array without pretty, a literal route beside a parameter route, and
 * a legacy v1.0 operation. */
export const testOperations: OperationDef[] = [
  {
    id: "t1",
    name: "list widgets",
    root: "v2",
    method: "GET",
    path: "/groups/{groupId}/widgets",
    roles: ["GROUP_READ_ONLY"],
    versions: ["2025-03-12"],
    rateLimited: true,
    pretty: true,
    paginated: true,
    handler: (req, state) => ({
      kind: "list",
      status: 200,
      items: Object.values(widgets(state)).filter((widget) => widget.groupId === req.params.groupId),
      itemSelfPath: (item) => `/groups/${String(item.groupId)}/widgets/${String(item.id)}`,
    }),
  },
  {
    id: "t2",
    name: "create widget",
    root: "v2",
    method: "POST",
    path: "/groups/{groupId}/widgets",
    roles: ["GROUP_OWNER"],
    versions: ["2025-03-12"],
    rateLimited: true,
    pretty: true,
    handler: (req, state) => {
      const body = req.body as JsonObject | undefined;
      if (typeof body?.name !== "string") throw apiError("MISSING_ATTRIBUTE", ["name"]);
      const id = mintId(state);
      const groupId = req.params.groupId as string;
      const widget: JsonObject = { id, groupId, name: body.name, created: new Date(req.now).toISOString() };
      widgets(state)[id] = widget;
      return { kind: "entity", status: 201, body: widget, selfPath: `/groups/${groupId}/widgets/${id}` };
    },
  },
  {
    id: "t3",
    name: "get widget",
    root: "v2",
    method: "GET",
    path: "/groups/{groupId}/widgets/{widgetId}",
    roles: ["GROUP_READ_ONLY"],
    versions: ["2025-03-12"],
    rateLimited: false,
    pretty: true,
    handler: (req, state) => {
      const widget = widgets(state)[req.params.widgetId as string];
      if (!widget) throw apiError("RESOURCE_NOT_FOUND", [`widget ${req.params.widgetId}`]);
      return { kind: "entity", status: 200, body: widget };
    },
  },
  {
    id: "t4",
    name: "delete widget",
    root: "v2",
    method: "DELETE",
    path: "/groups/{groupId}/widgets/{widgetId}",
    roles: ["GROUP_OWNER"],
    versions: ["2025-03-12"],
    rateLimited: false,
    pretty: true,
    handler: (req, state) => {
      delete widgets(state)[req.params.widgetId as string];
      return { kind: "empty", status: 204 };
    },
  },
  {
    id: "t5",
    name: "get cluster thing",
    root: "v2",
    method: "GET",
    path: "/groups/{groupId}/clusters/{clusterName}/thing",
    roles: ["GROUP_DATA_ACCESS_READ_WRITE"],
    versions: ["2025-03-12", "2024-05-30", "2023-01-01"],
    rateLimited: false,
    pretty: true,
    handler: (req) => ({
      kind: "entity",
      status: 200,
      body: { clusterName: req.params.clusterName as string, version: req.version, now: req.now },
    }),
  },
  {
    id: "t6",
    name: "thing names",
    root: "v2",
    method: "GET",
    path: "/things/names",
    roles: "ANY",
    versions: ["2025-03-12"],
    rateLimited: false,
    pretty: false,
    handler: () => ({ kind: "array", status: 200, body: ["ALPHA", "BETA"] }),
  },
  {
    id: "t7",
    name: "org things",
    root: "v2",
    method: "GET",
    path: "/orgs/{orgId}/things",
    roles: ["ORG_OWNER"],
    versions: ["2025-03-12"],
    rateLimited: false,
    pretty: true,
    handler: (req) => ({ kind: "array", status: 200, body: [req.params.orgId as string] }),
  },
  {
    id: "t8",
    name: "legacy mode",
    root: "v1.0",
    method: "PATCH",
    path: "/groups/{groupId}/privateIpMode",
    roles: ["GROUP_OWNER"],
    versions: ["1.0"],
    rateLimited: false,
    pretty: true,
    handler: (req) => ({
      kind: "entity",
      status: 200,
      body: { enabled: (req.body as JsonObject).enabled ?? null },
    }),
  },
  {
    id: "t9",
    name: "validate widget",
    root: "v2",
    method: "POST",
    path: "/groups/{groupId}/widgets/validate",
    roles: ["GROUP_OWNER"],
    versions: ["2025-03-12"],
    rateLimited: false,
    pretty: true,
    handler: () => ({ kind: "entity", status: 200, body: { valid: true } }),
  },
];

export function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}
export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Parses one `Digest ...` challenge (test-side, independent of the emulator's parser). */
export function parseChallenge(header: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of header.replace(/^Digest\s+/i, "").matchAll(/(\w+)=(?:"([^"]*)"|([^,\s]*))/g)) {
    result[match[1] as string] = match[2] ?? match[3] ?? "";
  }
  return result;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

export async function http(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; dispatcher?: Agent } = {},
): Promise<HttpAnswer> {
  const response = await request(url, {
    method: (options.method ?? "GET") as "GET",
    headers: options.headers,
    body: options.body,
    dispatcher: options.dispatcher,
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

/** A call of the control API (`/__emulator/<path>`) of the emulator at `origin`, with a JSON body. */
export function controlCall(
  origin: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<HttpAnswer> {
  return http(`${origin}/__emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function challengesOf(answer: HttpAnswer): string[] {
  const value = answer.headers["www-authenticate"];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** A Digest client reusing one nonce with an increasing nc, re-challenging when told stale. */
export class DigestClient {
  nonce: string | undefined;
  opaque: string | undefined;
  nc = 0;

  constructor(
    readonly origin: string,
    readonly key: { username: string; password: string },
    readonly algorithm: "MD5" | "SHA-256" = "MD5",
    readonly dispatcher?: Agent,
    /** The API root the first challenge is fetched from (an emulator started with another serviceName). */
    readonly apiRoot = "/api/platform/v2",
  ) {}

  authorization(method: string, uri: string, nc = ++this.nc): string {
    const hash = this.algorithm === "MD5" ? md5 : sha256;
    const realm = "MMS Public API";
    const cnonce = randomBytes(8).toString("hex");
    const ncText = nc.toString(16).padStart(8, "0");
    const ha1 = hash(`${this.key.username}:${realm}:${this.key.password}`);
    const ha2 = hash(`${method}:${uri}`);
    const response = hash(`${ha1}:${this.nonce}:${ncText}:${cnonce}:auth:${ha2}`);
    return (
      `Digest username="${this.key.username}", realm="${realm}", nonce="${this.nonce}", uri="${uri}", ` +
      `algorithm=${this.algorithm}, qop=auth, nc=${ncText}, cnonce="${cnonce}", response="${response}", ` +
      `opaque="${this.opaque}"`
    );
  }

  async challenge(): Promise<HttpAnswer> {
    const answer = await http(`${this.origin}${this.apiRoot}/things/names`, { dispatcher: this.dispatcher });
    this.adopt(answer);
    return answer;
  }

  adopt(answer: HttpAnswer): void {
    const first = challengesOf(answer)[0];
    if (!first) throw new Error(`no challenge in a ${answer.status} answer`);
    const parsed = parseChallenge(first);
    this.nonce = parsed.nonce;
    this.opaque = parsed.opaque;
    this.nc = 0;
  }

  /** `path` is the full path and query after the origin, e.g. /api/platform/v2/groups/... */
  async call(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; retryStale?: boolean } = {},
  ): Promise<HttpAnswer> {
    if (!this.nonce) await this.challenge();
    const send = () =>
      http(`${this.origin}${path}`, {
        method,
        dispatcher: this.dispatcher,
        headers: {
          accept: V2,
          ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
          ...options.headers,
          authorization: this.authorization(method, path),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    const answer = await send();
    if (
      answer.status === 401 &&
      options.retryStale !== false &&
      /stale=true/.test(challengesOf(answer)[0] ?? "")
    ) {
      this.adopt(answer);
      return send();
    }
    return answer;
  }
}
