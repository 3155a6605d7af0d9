/**
 * Traffic recording for the contract check (docs/contract-check.md): when the environment variable
 * PLATFORM_CONTRACT_TRAFFIC_DIR names a folder, every exchange an emulator in this process serves is
 * appended as one JSON line to `<folder>/traffic-<pid>.jsonl`. scripts/contract-check.ts validates the
 * recorded requests and answers against the vendored public contract (api/openapi/).
 *
 * Only the headers the check needs are kept (never Authorization); OAuth bodies (client secrets) are
 * not kept. Recording observes the streams without changing their flow: request chunks are seen as
 * they are emitted, answer chunks as they are written.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { join } from "node:path";

export const TRAFFIC_DIR_VARIABLE = "PLATFORM_CONTRACT_TRAFFIC_DIR";

/** One line of a traffic file. Bodies are the raw text (null when none was sent). */
export interface RecordedExchange {
  method: string;
  path: string;
  /** The raw query string without "?" ("" when none). */
  query: string;
  request: {
    accept: string | null;
    contentType: string | null;
    userAgent: string | null;
    body: string | null;
  };
  status: number;
  response: { contentType: string | null; body: string | null };
}

/** Bodies beyond this are cut (the check reports a cut body as not JSON); keeps files bounded. */
const MAX_RECORDED_BODY = 1_000_000;

let preparedDir: string | undefined;

/** Records the exchange on `req`/`res` when the variable is set; a no-op otherwise. */
export function recordTraffic(req: IncomingMessage, res: ServerResponse, url: string): void {
  const dir = process.env[TRAFFIC_DIR_VARIABLE];
  if (!dir) return;
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const keepBodies = !path.startsWith("/api/oauth/");
  const requestChunks: Buffer[] = [];
  const responseChunks: Buffer[] = [];
  const emit = req.emit;
  req.emit = function observedEmit(this: IncomingMessage, event: string | symbol, ...args: unknown[]) {
    if (event === "data" && keepBodies) requestChunks.push(toBuffer(args[0]));
    return emit.call(this, event, ...args);
  } as typeof req.emit;
  let headers: OutgoingHttpHeaders | undefined;
  const writeHead = res.writeHead;
  res.writeHead = function observedWriteHead(this: ServerResponse, ...args: unknown[]) {
    const last = args[args.length - 1];
    if (typeof last === "object" && last !== null && !Array.isArray(last))
      headers = last as OutgoingHttpHeaders;
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  const write = res.write;
  res.write = function observedWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    if (keepBodies && chunk !== undefined && typeof chunk !== "function")
      responseChunks.push(toBuffer(chunk));
    return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  const end = res.end;
  res.end = function observedEnd(this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    if (keepBodies && chunk !== undefined && chunk !== null && typeof chunk !== "function")
      responseChunks.push(toBuffer(chunk));
    return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
  } as typeof res.end;
  res.on("finish", () => {
    const contentType = headerText(headers?.["content-type"] ?? res.getHeader("content-type"));
    const exchange: RecordedExchange = {
      method: req.method ?? "GET",
      path,
      query: queryStart === -1 ? "" : url.slice(queryStart + 1),
      request: {
        accept: headerText(req.headers.accept),
        contentType: headerText(req.headers["content-type"]),
        userAgent: headerText(req.headers["user-agent"]),
        body: bodyText(requestChunks),
      },
      status: res.statusCode,
      response: { contentType, body: bodyText(responseChunks) },
    };
    if (preparedDir !== dir) {
      mkdirSync(dir, { recursive: true });
      preparedDir = dir;
    }
    appendFileSync(join(dir, `traffic-${process.pid}.jsonl`), `${JSON.stringify(exchange)}\n`);
  });
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk));
}

function bodyText(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null;
  const text = Buffer.concat(chunks).toString("utf8");
  return text.length > MAX_RECORDED_BODY ? text.slice(0, MAX_RECORDED_BODY) : text;
}

function headerText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return Array.isArray(value) ? value.join(", ") : String(value);
}
