/** Request bodies of /api/** operations: JSON, at most MAX_BODY_BYTES. */
import type { IncomingMessage } from "node:http";
import type { Json } from "./contract";
import { apiError } from "./errors";
import { headerValue } from "./headers";

export const MAX_BODY_BYTES = 1024 * 1024;

/** Bodies are JSON: Content-Type application/json or the versioned media type (or none at all). */
export function parseBody(req: IncomingMessage, raw: Buffer | undefined): Json | undefined {
  if (raw === undefined || raw.length === 0) return undefined;
  const contentType = headerValue(req.headers["content-type"]);
  if (contentType !== undefined) {
    const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
    if (mediaType !== "application/json" && !/^application\/vnd\.[^+]+\+json$/.test(mediaType)) {
      throw apiError("UNSUPPORTED_MEDIA_TYPE", [contentType]);
    }
  }
  try {
    return JSON.parse(raw.toString("utf8")) as Json;
  } catch {
    throw apiError("INVALID_JSON");
  }
}

/** Reads the body of a request as it streams in: `onBody` with the bytes (undefined when the request
 * has none), or `onTooLarge` once it passes MAX_BODY_BYTES (the rest is read and dropped, so the
 * connection stays usable). */
export function readBody(
  req: IncomingMessage,
  handlers: { onBody: (raw: Buffer | undefined) => void; onTooLarge: () => void; onError: () => void },
): void {
  const hasBody =
    req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody || req.headers["content-length"] === "0") {
    req.resume();
    handlers.onBody(undefined);
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  req.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) tooLarge = true;
    else chunks.push(chunk);
  });
  req.on("end", () => (tooLarge ? handlers.onTooLarge() : handlers.onBody(Buffer.concat(chunks))));
  req.on("error", handlers.onError);
}
