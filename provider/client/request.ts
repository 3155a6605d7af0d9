/**
 * What one logical call and one HTTP answer look like, and how a call's path and query are built.
 * Shared by the request pipeline (transport.ts), authentication (authentication.ts), the token
 * endpoint (tokenEndpoint.ts) and the error messages (failures.ts).
 */
import type { LegacyOperationId, OperationId } from "../../api/versions";
import type { HttpMethod } from "./retry";

export type QueryValue = string | number | boolean | undefined;

/** One logical API call. */
export interface CallSpec {
  /**
   * The spec's operation number (api/versions.ts). It selects the root (77 and 78: the legacy v1.0
   * root, Accept: application/json) and the resource version sent (`versionFor(id, apiVersion)`).
   */
  id: OperationId | LegacyOperationId;
  /** What the caller is doing, as the start of a sentence: "Creating search index". */
  operation: string;
  method: HttpMethod;
  /** Path relative to the API root, segments already encoded (see `apiPath`). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** One of the operation's declared versions, sent instead of the configured date's (14). */
  version?: string;
}

/** One HTTP answer, body read as text. */
export interface HttpExchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The context of one logical call, shared by its attempts. */
export interface CallContext {
  operation: string;
  method: HttpMethod;
  /** Root-relative path without query, for messages. */
  displayPath: string;
  requestId: string;
  deadlineAt: number;
  signal: AbortSignal;
  httpRequests: number;
}

/** Sends one HTTP request of a call with this Authorization header (undefined: none). */
export type SendWithAuthorization = (
  authorization: string | undefined,
  context: CallContext,
) => Promise<HttpExchange>;

/** Encode path segments: apiPath`/groups/${groupId}/clusters/${name}`. */
export function apiPath(strings: TemplateStringsArray, ...segments: Array<string | number>): string {
  let path = strings[0] ?? "";
  segments.forEach((segment, index) => {
    path += encodeURIComponent(String(segment)) + (strings[index + 1] ?? "");
  });
  return path;
}

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function header(headers: HttpExchange["headers"], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
