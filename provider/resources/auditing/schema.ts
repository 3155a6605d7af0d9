/**
 * Inputs of the Auditing resource: the project's auditing configuration (operations 33-34), a
 * singleton that always exists. Every writable field has the service's default, so leaving one out
 * means "the default" and a diff compares like with like.
 */
import { z } from "zod";
import { importIdSchema, refineProjectImportId } from "../../framework/adoption";
import { PROJECT_SINGLETON_ID_PARTS } from "../../framework/singleton";
import { idPartSchema } from "../../framework/validation";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Stable JSON text of a JSON value: object keys sorted at every depth, no whitespace. */
export function canonicalJson(value: unknown): string {
  const sorted = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(sorted);
    if (!isPlainObject(node)) return node;
    const result: Record<string, unknown> = {};
    for (const key of Object.keys(node).sort()) result[key] = sorted(node[key]);
    return result;
  };
  return JSON.stringify(sorted(value));
}

/**
 * The canonical text of an audit filter given as JSON text or as an object; undefined when it is
 * not a JSON object (an audit filter is a query document).
 */
export function canonicalAuditFilter(value: unknown): string | undefined {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return isPlainObject(parsed) ? canonicalJson(parsed) : undefined;
}

/** The service's defaults, which `delete` restores. */
export const AUDITING_DEFAULTS = {
  enabled: false,
  auditAuthorizationSuccess: false,
  auditFilter: "{}",
} as const;

/**
 * auditFilter: a JSON document selecting events, given as JSON text or as an object; left out, the
 * service's default `{}`. Normalized to canonical JSON text (keys sorted, no whitespace) so two
 * spellings of one filter never differ.
 */
export const auditFilterSchema = z.unknown().transform((value, ctx) => {
  const canonical = canonicalAuditFilter(value);
  if (canonical === undefined) {
    const got =
      typeof value === "string" ? JSON.stringify(value) : Array.isArray(value) ? "a list" : typeof value;
    ctx.addIssue({
      code: "custom",
      message: `must be a JSON object, given as JSON text ('{"atype":"authenticate"}') or as an object; got ${got}`,
    });
    return z.NEVER;
  }
  return canonical;
});

export const auditingInputsSchema = z
  .strictObject({
    groupId: idPartSchema("groupId"),
    enabled: z.boolean().default(AUDITING_DEFAULTS.enabled),
    auditAuthorizationSuccess: z.boolean().default(AUDITING_DEFAULTS.auditAuthorizationSuccess),
    auditFilter: auditFilterSchema.default(AUDITING_DEFAULTS.auditFilter),
    /** Adoption, `<groupId>`: the configuration always exists, so create adopts it with or without this. */
    importId: importIdSchema(PROJECT_SINGLETON_ID_PARTS).optional(),
  })
  // The id is the project: importId, when given, must name the same one.
  .superRefine(refineProjectImportId);

export type AuditingInputs = z.output<typeof auditingInputsSchema>;
