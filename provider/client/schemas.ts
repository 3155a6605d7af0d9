/**
 * Shared zod building blocks for response validation. Every entity schema is a LOOSE object: the
 * fields it names are checked (required ones must be present), unknown extra fields pass through,
 * so a newer server does not break an older client.
 */
import { z } from "zod";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** A loose object schema (documented fields checked, unknown fields kept). */
export const entity = z.looseObject;

/** An optional field the service answers as `null` when it has no value (its recorded answers,
 * issue 38): null is read as absent, so the parsed type is the same as `schema.optional()`. */
export function nullAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? undefined, schema.optional());
}

/** Any JSON object (for free-form parts such as search definitions and notifications). */
export const AnyObject = z.record(z.string(), z.unknown());

/** Answers whose body is irrelevant or absent (204). */
export const Ignored = z.unknown();

export const LinksField = z
  .array(z.looseObject({ rel: z.string().optional(), href: z.string().optional() }))
  .optional();
