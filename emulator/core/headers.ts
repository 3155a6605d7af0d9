/** Header values as node:http gives and takes them. */

export type HeaderMap = Record<string, string | string[]>;

export const JSON_CONTENT_TYPE = "application/json";

/** The first value of a request header (node:http gives repeated headers as arrays). */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
