/**
 * Test helpers: an in-test loopback HTTP server that records requests, and a digest-checking guard
 * for it. Used by the unit tests (no network beyond 127.0.0.1).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { computeDigestResponse, type DigestAlgorithm } from "../../../provider/client/digest";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type Handler = (
  req: RecordedRequest,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface TestServer {
  origin: string;
  baseUrl: string;
  requests: RecordedRequest[];
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on("data", (chunk: Buffer) => chunks.push(chunk));
    raw.on("end", () => {
      const recorded: RecordedRequest = {
        method: raw.method ?? "",
        url: raw.url ?? "",
        headers: raw.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      Promise.resolve(current(recorded, res, raw)).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/platform/v2`,
    requests,
    setHandler: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

function parseAuthorization(header: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const match of header.replace(/^Digest\s+/i, "").matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)) {
    params.set(match[1] ?? "", match[2] ?? match[3] ?? "");
  }
  return params;
}

export interface DigestGuardOptions {
  username: string;
  password: string;
  algorithm?: DigestAlgorithm;
  realm?: string;
  /** After this many uses a nonce is stale (answered 401 stale=true). */
  nonceUses?: number;
}

/**
 * A server-side digest check. `check(req, res)` returns true when the request is authenticated;
 * otherwise it has answered 401 with a challenge.
 */
export function digestGuard(options: DigestGuardOptions) {
  const realm = options.realm ?? "MMS Public API";
  const algorithm = options.algorithm ?? "MD5";
  const nonces = new Map<string, { uses: number; seenNc: Set<string> }>();
  const stats = { challenges: 0, stale: 0, ok: 0, ncs: [] as string[] };
  const challenge = (res: ServerResponse, stale: boolean): void => {
    const nonce = randomBytes(12).toString("hex");
    nonces.set(nonce, { uses: 0, seenNc: new Set() });
    stats.challenges += 1;
    if (stale) stats.stale += 1;
    json(
      res,
      401,
      {
        error: 401,
        errorCode: "UNAUTHORIZED",
        detail: "You are not authorized for this resource.",
        reason: "Unauthorized",
      },
      {
        "www-authenticate": `Digest realm="${realm}", domain="", nonce="${nonce}", algorithm=${algorithm}, qop="auth", stale=${stale ? "true" : "false"}`,
      },
    );
  };
  const check = (req: RecordedRequest, res: ServerResponse): boolean => {
    const header = req.headers.authorization;
    if (!header?.startsWith("Digest ")) {
      challenge(res, false);
      return false;
    }
    const params = parseAuthorization(header);
    const nonce = params.get("nonce") ?? "";
    const state = nonces.get(nonce);
    if (!state) {
      challenge(res, true);
      return false;
    }
    const nc = params.get("nc") ?? "";
    const expected = computeDigestResponse({
      username: options.username,
      password: options.password,
      realm,
      method: req.method,
      uri: params.get("uri") ?? "",
      nonce,
      nc,
      cnonce: params.get("cnonce") ?? "",
      qop: "auth",
      algorithm,
    });
    if (
      params.get("uri") !== req.url ||
      params.get("response") !== expected ||
      params.get("username") !== options.username
    ) {
      challenge(res, false);
      return false;
    }
    if (state.seenNc.has(nc)) {
      challenge(res, true);
      return false;
    }
    if (options.nonceUses !== undefined && state.uses >= options.nonceUses) {
      nonces.delete(nonce);
      challenge(res, true);
      return false;
    }
    state.uses += 1;
    state.seenNc.add(nc);
    stats.ncs.push(nc);
    stats.ok += 1;
    return true;
  };
  return { check, stats };
}

export const TEST_PUBLIC_KEY = "test-public-key";
export const TEST_PRIVATE_KEY = "test-private-key-SECRET-0001";
