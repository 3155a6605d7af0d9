/**
 * The conventions every operation shares, applied by the core: resource versions from Accept,
 * envelope, pretty, pagination and links. Choices the spec leaves open are in docs/api-choices.md.
 */
import { newestNotLater } from "../../api/versions";
import type { Json, JsonObject, OperationDef, OperationResult } from "./contract";
import { apiError } from "./errors";

/** The legacy root's only version (Accept: application/json). */
export const LEGACY_VERSION = "1.0";

/** The oldest resource version; where an operation's shape differs by version, this is the old one. */
export const VERSION_2023_01_01 = "2023-01-01";

const VERSION_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The resource version a request is served with. v2: `application/vnd.<service>.<date>+json` (the
 * first such media range wins) is served with the newest version the operation declares on or before
 * that date (api/versions.ts: versioning is per resource, so 2025-03-12 reaches every operation);
 * a date before all of them is 406 UNSUPPORTED_VERSION. Without a versioned range (no Accept, `*\/*`,
 * `application/*`, `application/json`) the operation's oldest version answers, as the public service
 * falls back to its oldest. v1.0: JSON only.
 */
export function negotiateVersion(op: OperationDef, accept: string | undefined, service: string): string {
  if (op.root === "v1.0") {
    if (accept === undefined) return LEGACY_VERSION;
    for (const range of mediaRanges(accept)) {
      if (range === "application/json" || range === "*/*" || range === "application/*") return LEGACY_VERSION;
    }
    throw apiError("INVALID_ACCEPT_HEADER", [accept, service]);
  }
  if (accept === undefined || accept.trim() === "") return oldestVersion(op);
  const prefix = `application/vnd.${service}.`;
  let generic = false;
  for (const range of mediaRanges(accept)) {
    if (range.startsWith(prefix) && range.endsWith("+json")) {
      const requested = range.slice(prefix.length, -"+json".length);
      if (!VERSION_DATE.test(requested) || Number.isNaN(Date.parse(requested))) {
        throw apiError("INVALID_ACCEPT_HEADER", [accept, service]);
      }
      const served = newestNotLater(op.versions, requested);
      if (served === undefined) {
        throw apiError("UNSUPPORTED_VERSION", [requested, op.method, op.path, op.versions.join(", ")]);
      }
      return served;
    }
    if (range === "application/json" || range === "*/*" || range === "application/*") generic = true;
  }
  if (generic) return oldestVersion(op);
  throw apiError("INVALID_ACCEPT_HEADER", [accept, service]);
}

function oldestVersion(op: OperationDef): string {
  // The dates sort lexically; every operation declares at least one version.
  return [...op.versions].sort()[0] as string;
}

/** Media ranges of an Accept header, lower-cased, parameters (q=, charset=) dropped. */
function mediaRanges(accept: string): string[] {
  return accept.split(",").map((part) => (part.split(";")[0] ?? "").trim().toLowerCase());
}

export function contentTypeFor(service: string, version: string): string {
  return version === LEGACY_VERSION ? "application/json" : `application/vnd.${service}.${version}+json`;
}

/** Strict booleans: "true" or "false" (any case); anything else names the parameter. */
export function booleanQuery(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = query.get(name);
  if (value === null) return fallback;
  const lowered = value.toLowerCase();
  if (lowered === "true") return true;
  if (lowered === "false") return false;
  throw apiError("INVALID_QUERY_PARAMETER", [name, `expected true or false, got "${value}"`]);
}

export interface Page {
  itemsPerPage: number;
  pageNum: number;
  includeCount: boolean;
}

export function parsePage(query: URLSearchParams): Page {
  return {
    itemsPerPage: integerQuery(query, "itemsPerPage", 100, 1, 500),
    pageNum: integerQuery(query, "pageNum", 1, 1, Number.MAX_SAFE_INTEGER),
    includeCount: booleanQuery(query, "includeCount", true),
  };
}

function integerQuery(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = query.get(name);
  if (value === null) return fallback;
  const parsed = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `${min}..${max}`;
    throw apiError("INVALID_QUERY_PARAMETER", [name, `expected an integer ${range}, got "${value}"`]);
  }
  return parsed;
}

export interface Link extends JsonObject {
  rel: string;
  href: string;
}

export interface RenderContext {
  op: OperationDef;
  /** `scheme://host:port` of the emulator, for absolute link targets. */
  origin: string;
  /** `/api/<service>/<root>` of this request. */
  rootPath: string;
  /** The request path (no query). */
  path: string;
  query: URLSearchParams;
  envelope: boolean;
  pretty: boolean;
  page: Page | undefined;
}

export interface Rendered {
  status: number;
  /** undefined = no body (204 and friends). */
  payload: string | undefined;
  /** The created entity's URL, for a `Location` header. */
  location?: string;
}

/** `selfPath` may be absolute (`/api/...`) or relative to the operation's root (`/groups/...`). */
export function hrefOf(ctx: RenderContext, selfPath: string): string {
  return ctx.origin + (selfPath.startsWith("/api/") ? selfPath : ctx.rootPath + selfPath);
}

function pageHref(ctx: RenderContext, pageNum: number, itemsPerPage: number): string {
  const query = new URLSearchParams(ctx.query);
  query.set("pageNum", String(pageNum));
  query.set("itemsPerPage", String(itemsPerPage));
  return `${ctx.origin}${ctx.path}?${query.toString()}`;
}

export function renderResult(result: OperationResult, ctx: RenderContext): Rendered {
  let body: Json;
  let status = result.status;
  let location: string | undefined;
  switch (result.kind) {
    case "entity": {
      const href = hrefOf(ctx, result.selfPath ?? ctx.path);
      if (result.located) location = href;
      const entity: JsonObject = result.withoutLinks
        ? result.body
        : { ...result.body, links: [{ rel: "self", href }] };
      body = ctx.envelope ? { status, content: entity } : entity;
      break;
    }
    case "array":
      body = ctx.envelope ? { status, content: result.body } : result.body;
      break;
    case "list": {
      const page = ctx.page ?? { itemsPerPage: Number.MAX_SAFE_INTEGER, pageNum: 1, includeCount: true };
      const total = result.items.length;
      const startIndex = (page.pageNum - 1) * page.itemsPerPage;
      const slice = ctx.page ? result.items.slice(startIndex, startIndex + page.itemsPerPage) : result.items;
      const itemSelfPath = result.itemSelfPath;
      const results: Json[] = itemSelfPath
        ? slice.map((item) => ({ ...item, links: [{ rel: "self", href: hrefOf(ctx, itemSelfPath(item)) }] }))
        : slice;
      const links: Link[] = [];
      if (ctx.page) {
        links.push({ rel: "self", href: pageHref(ctx, page.pageNum, page.itemsPerPage) });
        if (startIndex + page.itemsPerPage < total) {
          links.push({ rel: "next", href: pageHref(ctx, page.pageNum + 1, page.itemsPerPage) });
        }
        if (page.pageNum > 1) {
          links.push({ rel: "previous", href: pageHref(ctx, page.pageNum - 1, page.itemsPerPage) });
        }
      } else {
        const queryText = ctx.query.toString();
        links.push({ rel: "self", href: `${ctx.origin}${ctx.path}${queryText ? `?${queryText}` : ""}` });
      }
      const list: JsonObject = { links, results };
      if (page.includeCount) list.totalCount = total;
      if (ctx.envelope) list.status = status;
      body = list;
      break;
    }
    case "empty":
      if (!ctx.envelope) return { status, payload: undefined };
      // A 204 cannot carry the envelope, so the envelope answers 200 and keeps 204 inside.
      body = { status };
      if (status === 204) status = 200;
      break;
  }
  return location === undefined
    ? { status, payload: stringify(body, ctx.pretty) }
    : { status, payload: stringify(body, ctx.pretty), location };
}

export function stringify(body: unknown, pretty: boolean): string {
  return pretty ? `${JSON.stringify(body, null, 2)}\n` : JSON.stringify(body);
}
