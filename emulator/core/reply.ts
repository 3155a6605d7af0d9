/**
 * What the pipeline answers with before it is written to the socket: status, headers, payload. Every
 * stage (OAuth endpoints, authentication, operations, injected faults) ends in one of these; only the
 * core writes it.
 */
import { Unauthenticated } from "./authentication";
import type { ApiError } from "./contract";
import { stringify } from "./conventions";
import { errorBody } from "./errors";
import { type HeaderMap, JSON_CONTENT_TYPE } from "./headers";

export interface Reply {
  status: number;
  headers: HeaderMap;
  /** undefined = no body. */
  payload: string | undefined;
}

/** The service's error body for an ApiError, with the stage's headers and the error's own (a 401
 * repeats WWW-Authenticate, one per challenge). */
export function errorReply(error: ApiError, extraHeaders: HeaderMap, pretty: boolean): Reply {
  const headers: HeaderMap = { ...extraHeaders, ...error.headers, "content-type": JSON_CONTENT_TYPE };
  if (error instanceof Unauthenticated) headers["www-authenticate"] = error.challenges;
  return { status: error.status, headers, payload: stringify(errorBody(error), pretty) };
}
