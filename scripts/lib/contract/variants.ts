/**
 * Request body variants for the contract check's coverage (docs/contract-check.md, "Coverage"): a
 * request body whose schema is a family of alternatives counts, besides its operation, as the
 * alternatives it is. Coverage then notices a tier that still sends an operation but no longer one of
 * its variants (an alert configuration with a metric threshold, a vector search index).
 *
 * Readings of the contract, all from its own words:
 * - a schema (or one of its allOf parts) with a `discriminator`: the variant is the discriminating
 *   property and its value, e.g. `type=vectorSearch`, for a value the mapping names, or `type absent`
 *   when the body leaves it out (a search index's type defaults to search);
 * - GroupAlertsConfig, a oneOf without a discriminator whose alternatives are told apart by their
 *   eventTypeName enumerations: the variant is the alternative's title, read from api/alertVariants.ts
 *   (generated from the contract, where an event type belongs to its specific variant, not to the
 *   catch-all); and each notification is one of the 14 alternatives of AlertsNotificationRootForGroup,
 *   told apart by typeName: `notifications[*].typeName=SLACK`.
 */
import { ALERT_VARIANTS } from "../../../api/alertVariants";
import { NOTIFICATION_TYPE_NAMES } from "../../../api/vocabulary";

type Node = Record<string, unknown>;

/** The variants a parsed request body is (none when it is none of the schema's). */
export type VariantReader = (body: unknown) => string[];

/** The request body schema of alert configurations (operations 5 and 9). */
export const ALERT_CONFIG_SCHEMA = "GroupAlertsConfig";

const NOTIFICATION_KINDS: ReadonlySet<string> = new Set(NOTIFICATION_TYPE_NAMES);

const ALERT_VARIANT_OF_EVENT_TYPE = new Map(
  ALERT_VARIANTS.flatMap((variant) =>
    variant.eventTypes.map((eventType) => [eventType, variant.title] as const),
  ),
);

function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Node)[name] : undefined;
}

/**
 * The reader of a request body schema's variants, or undefined when it has none.
 * `schemas` are the contract's components.schemas; `schema` is the media type's schema as written.
 */
export function variantReader(schema: unknown, schemas: Record<string, Node>): VariantReader | undefined {
  const resolve = (node: unknown): { name: string | undefined; node: Node } => {
    const ref = (node as Node | undefined)?.$ref;
    if (typeof ref !== "string") return { name: undefined, node: (node ?? {}) as Node };
    const name = ref.slice("#/components/schemas/".length);
    return { name, node: schemas[name] ?? {} };
  };
  const top = resolve(schema);
  if (top.name === ALERT_CONFIG_SCHEMA) {
    return (body) => {
      const eventType = field(body, "eventTypeName");
      const variant = typeof eventType === "string" ? ALERT_VARIANT_OF_EVENT_TYPE.get(eventType) : undefined;
      const notifications = field(body, "notifications");
      const kinds = (Array.isArray(notifications) ? notifications : [])
        .map((notification) => field(notification, "typeName"))
        .filter((kind): kind is string => typeof kind === "string" && NOTIFICATION_KINDS.has(kind))
        .map((kind) => `notifications[*].typeName=${kind}`);
      return [...(variant === undefined ? [] : [variant]), ...new Set(kinds)];
    };
  }
  const parts = [top.node, ...((top.node.allOf ?? []) as unknown[]).map((part) => resolve(part).node)];
  const discriminator = parts.map((part) => part.discriminator as Node | undefined).find(Boolean);
  const property = discriminator?.propertyName;
  if (typeof property !== "string") return undefined;
  const values = new Set(Object.keys((discriminator?.mapping ?? {}) as Node));
  return (body) => {
    const value = field(body, property);
    if (value === undefined) return [`${property} absent`];
    return typeof value === "string" && values.has(value) ? [`${property}=${value}`] : [];
  };
}
