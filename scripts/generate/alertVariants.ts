/**
 * Writes api/alertVariants.ts, the alert configuration variants of the vendored public contract
 * (api/openapi/openapi-v2.yml, GroupAlertsConfig), as plain `as const` data the provider, the SDK and
 * the emulator import (api/README.md: no imports, no behaviour).
 *
 * `renderAlertVariants()` is the whole file as a string: `npm run generate` (scripts/generate/index.ts)
 * formats and writes it, and tests/scripts/generate/generate.int.test.ts fails when the committed file
 * differs.
 * The generator refuses (throws, naming the schema) a contract it cannot read the way the data needs:
 * an unknown metric family or unit kind, a variant without an event type enumeration, an event type in
 * two specific variants; a refresh of the contract that changes a shape fails here, not at run time.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { array, code, type Literal, object, print, str, strings, strOrNull } from "./print";

export const CONTRACT_FILE = "api/openapi/openapi-v2.yml";
export const OUTPUT_FILE = "api/alertVariants.ts";
/** The command the output's first line names; the only one that writes the file. */
export const GENERATE_COMMAND = "npm run generate";

const ROOT = join(__dirname, "..", "..");

/** The part of an OpenAPI 3.0 schema object this generator reads. */
export interface Schema {
  $ref?: string;
  enum?: string[];
  oneOf?: Schema[];
  title?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  discriminator?: { propertyName?: string; mapping: Record<string, string> };
}
export interface Contract {
  components: { schemas: Record<string, Schema> };
}

/**
 * The contract's unit schemas, by the unit kind a consumer names them with (METRIC_UNITS' keys), in
 * the order the output lists them.
 */
const UNIT_KINDS = {
  RawMetricUnits: "RAW",
  TimeMetricUnits: "TIME",
  DataMetricUnits: "DATA",
  NumberMetricUnits: "NUMBER",
  ServerlessMetricUnits: "SERVERLESS",
} as const;
/**
 * The contract's `metricThreshold` schemas (each a discriminator on metricName mapping every metric
 * to a threshold view with its own units), by metric family (METRIC_FAMILIES' keys), in output order.
 */
const FAMILIES = {
  HostMetricThreshold: "HOST",
  AppServiceMetricThreshold: "APP_SERVICE",
  ServerlessMetricThreshold: "SERVERLESS",
  FlexClusterMetricThreshold: "FLEX",
  StreamProcessorMetricThreshold: "STREAM_PROCESSOR",
} as const;
/**
 * The catch-all variant. Its eventTypeName lists many event types a specific variant lists too
 * (HOST_DOWN under "Host Alert Configuration", ...): an event type belongs to its specific variant, so
 * the catch-all keeps only the event types no other variant names. Its matcher field name is a free
 * string in the contract (AlertMatcher.fieldName): null in the data, and a consumer applies the field
 * names operation 3 answers (MATCHER_FIELD_NAMES in api/vocabulary.ts).
 */
const CATCH_ALL = "Any Other Alert Configurations";
/** The integer threshold of the replica set variants: its `units` enumeration is THRESHOLD_UNIT_NAMES. */
const INTEGER_THRESHOLD = "AlertsThresholdInteger";
/** A metric threshold view of the `DataMetricThresholdView` shape: its mode and operator enumerations. */
const METRIC_VIEW = "DataMetricThresholdView";

type UnitKind = (typeof UNIT_KINDS)[keyof typeof UNIT_KINDS];
type Family = (typeof FAMILIES)[keyof typeof FAMILIES];

/** A threshold's units: one of the named lists (printed as a reference to it), or a list of its own. */
export type Units = { kind: UnitKind } | { kind: "THRESHOLD_UNIT_NAMES" } | { values: readonly string[] };
export interface Rule {
  operators: readonly string[];
  units: Units;
  integer: boolean;
}
export interface Variant {
  title: string;
  eventTypes: readonly string[];
  matcherFieldNames: readonly string[] | null;
  threshold: Rule | null;
  metricFamily: Family | null;
  thresholdByEventType?: Readonly<Record<string, Rule>>;
}
/** Everything api/alertVariants.ts holds, read from the contract. */
export interface AlertVariantsData {
  severities: readonly string[];
  metricModes: readonly string[];
  metricOperators: readonly string[];
  metricUnits: Readonly<Record<UnitKind, readonly string[]>>;
  thresholdUnitNames: readonly string[];
  metricFamilies: Readonly<Record<Family, Readonly<Record<string, UnitKind>>>>;
  variants: readonly Variant[];
}

export function readContract(file = join(ROOT, CONTRACT_FILE)): Contract {
  return parse(readFileSync(file, "utf8")) as Contract;
}

const refName = (ref: string): string => ref.split("/").pop() ?? ref;
const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/** Reads the data from a contract; throws, naming the schema, when the contract is not of the shape read. */
export function deriveAlertVariants(contract: Contract): AlertVariantsData {
  const schemas = contract.components.schemas;
  const fail = (where: string, what: string): never => {
    throw new Error(`${CONTRACT_FILE}: ${where}: ${what}`);
  };
  const named = (name: string): Schema => schemas[name] ?? fail(name, "no such schema");
  const deref = (schema: Schema, where: string): Schema =>
    schema.$ref === undefined
      ? schema
      : (schemas[refName(schema.$ref)] ?? fail(where, `no schema ${schema.$ref}`));
  /** An enumeration, or the concatenation of a oneOf of enumerations (the catch-all's eventTypeName). */
  const enumOf = (schema: Schema | undefined, where: string): string[] | undefined => {
    if (schema === undefined) return undefined;
    const target = deref(schema, where);
    if (target.enum !== undefined) return target.enum;
    if (target.oneOf !== undefined) return target.oneOf.flatMap((part) => enumOf(part, where) ?? []);
    return undefined;
  };
  const requiredEnum = (schema: Schema | undefined, where: string): string[] =>
    enumOf(schema, where) ?? fail(where, "expected an enumeration");

  const metricUnits = Object.fromEntries(
    Object.entries(UNIT_KINDS).map(([name, kind]) => [kind, requiredEnum(named(name), name)]),
  ) as Record<UnitKind, string[]>;
  const thresholdUnitNames = requiredEnum(
    named(INTEGER_THRESHOLD).properties?.units,
    `${INTEGER_THRESHOLD}.units`,
  );
  const unitKindOf = (schema: Schema | undefined, where: string): UnitKind | undefined => {
    if (schema?.$ref === undefined) return undefined;
    const name = refName(schema.$ref);
    if (!(name in UNIT_KINDS))
      fail(where, `units ${name} is not a known unit kind (${Object.keys(UNIT_KINDS)})`);
    return UNIT_KINDS[name as keyof typeof UNIT_KINDS];
  };
  const familyOf = (schema: Schema | undefined, where: string): Family | null => {
    if (schema === undefined) return null;
    const name = schema.$ref === undefined ? fail(where, "expected a $ref") : refName(schema.$ref);
    if (!(name in FAMILIES)) fail(where, `${name} is not a known metric family (${Object.keys(FAMILIES)})`);
    return FAMILIES[name as keyof typeof FAMILIES];
  };

  /** The rule of a threshold schema: its operators, units and whether the bound is whole. */
  const rule = (schema: Schema, where: string): Rule => {
    const threshold = deref(schema, where);
    const units = threshold.properties?.units;
    const kind = unitKindOf(units, `${where}.units`);
    const values = kind === undefined ? requiredEnum(units, `${where}.units`) : [];
    return {
      operators: requiredEnum(threshold.properties?.operator, `${where}.operator`),
      units:
        kind !== undefined
          ? { kind }
          : sameList(values, thresholdUnitNames)
            ? { kind: "THRESHOLD_UNIT_NAMES" }
            : { values },
      integer: threshold.properties?.threshold?.type === "integer",
    };
  };

  const metricFamilies = Object.fromEntries(
    Object.entries(FAMILIES).map(([name, family]) => {
      const mapping = named(name).discriminator?.mapping ?? fail(name, "expected a discriminator mapping");
      const metrics = Object.entries(mapping).map(([metric, ref]) => {
        const where = `${name} ${metric} (${refName(ref)})`;
        const kind = unitKindOf(deref({ $ref: ref }, where).properties?.units, `${where}.units`);
        return [metric, kind ?? fail(where, "units is not a reference to a unit kind")] as const;
      });
      if (metrics.length === 0) fail(name, "maps no metric");
      return [family, Object.fromEntries(metrics)];
    }),
  ) as Record<Family, Record<string, UnitKind>>;

  const variantSchemas = (
    named("GroupAlertsConfig").oneOf ?? fail("GroupAlertsConfig", "expected a oneOf")
  ).map((variant, index) => deref(variant, `GroupAlertsConfig.oneOf[${index}]`));
  const titled = variantSchemas.map((variant, index) => {
    const title = variant.title ?? fail(`GroupAlertsConfig.oneOf[${index}]`, "has no title");
    return {
      title,
      schema: variant,
      eventTypes: requiredEnum(variant.properties?.eventTypeName, `${title}.eventTypeName`),
    };
  });
  if (!titled.some((variant) => variant.title === CATCH_ALL))
    fail("GroupAlertsConfig", `no variant "${CATCH_ALL}"`);
  const specificOf = new Map<string, string>();
  for (const variant of titled.filter((v) => v.title !== CATCH_ALL)) {
    for (const eventType of variant.eventTypes) {
      const other = specificOf.get(eventType);
      if (other !== undefined) fail(variant.title, `event type ${eventType} is also in "${other}"`);
      specificOf.set(eventType, variant.title);
    }
  }

  const variants = titled.map(({ title, schema, eventTypes }): Variant => {
    const p = schema.properties ?? {};
    const mapping = schema.discriminator?.mapping;
    return {
      title,
      eventTypes:
        title === CATCH_ALL ? eventTypes.filter((eventType) => !specificOf.has(eventType)) : eventTypes,
      matcherFieldNames:
        p.matchers?.items === undefined
          ? null
          : (enumOf(
              deref(p.matchers.items, `${title}.matchers`).properties?.fieldName,
              `${title}.matchers`,
            ) ?? null),
      threshold: p.threshold === undefined ? null : rule(p.threshold, `${title}.threshold`),
      metricFamily: familyOf(p.metricThreshold, `${title}.metricThreshold`),
      // Event types the variant narrows further by a discriminator on eventTypeName: each mapped view's
      // own `threshold` is what that event type takes.
      ...(mapping === undefined
        ? {}
        : {
            thresholdByEventType: Object.fromEntries(
              Object.entries(mapping).map(([eventType, ref]) => {
                const where = `${title} ${eventType} (${refName(ref)})`;
                const view = deref({ $ref: ref }, where).properties?.threshold;
                return [eventType, rule(view ?? fail(where, "has no threshold"), `${where}.threshold`)];
              }),
            ),
          }),
    };
  });

  const metricView = named(METRIC_VIEW).properties;
  return {
    severities: requiredEnum(
      named("DefaultAlertConfigViewForNdsGroup").properties?.severityOverride,
      "DefaultAlertConfigViewForNdsGroup.severityOverride",
    ),
    metricModes: requiredEnum(metricView?.mode, `${METRIC_VIEW}.mode`),
    metricOperators: requiredEnum(metricView?.operator, `${METRIC_VIEW}.operator`),
    metricUnits,
    thresholdUnitNames,
    metricFamilies,
    variants,
  };
}

function unitsLiteral(units: Units): Literal {
  if ("values" in units) return strings(units.values);
  return code(units.kind === "THRESHOLD_UNIT_NAMES" ? units.kind : `METRIC_UNITS.${units.kind}`);
}
function ruleLiteral(rule: Rule): Literal {
  return object([
    ["operators", strings(rule.operators)],
    ["units", unitsLiteral(rule.units)],
    ["integer", code(String(rule.integer))],
  ]);
}
function variantLiteral(variant: Variant): Literal {
  const narrowed = variant.thresholdByEventType;
  return object(
    [
      ["title", str(variant.title)],
      ["eventTypes", strings(variant.eventTypes)],
      [
        "matcherFieldNames",
        variant.matcherFieldNames === null ? code("null") : strings(variant.matcherFieldNames),
      ],
      ["threshold", variant.threshold === null ? code("null") : ruleLiteral(variant.threshold)],
      ["metricFamily", strOrNull(variant.metricFamily)],
      ...(narrowed === undefined
        ? []
        : [
            [
              "thresholdByEventType",
              object(
                Object.entries(narrowed).map(([eventType, rule]) => [eventType, ruleLiteral(rule)] as const),
                true,
              ),
            ] as const,
          ]),
    ],
    true,
  );
}
const exported = (name: string, literal: Literal, trail = " as const;"): string =>
  `export const ${name} = ${print(literal)}${trail}`;

/** The text of api/alertVariants.ts for a contract (by default the vendored one). */
export function renderAlertVariants(contract: Contract = readContract()): string {
  const data = deriveAlertVariants(contract);
  const metricUnits = object(
    Object.entries(data.metricUnits).map(([kind, values]) => [kind, strings(values)] as const),
    true,
  );
  const metricFamilies = object(
    Object.entries(data.metricFamilies).map(
      ([family, metrics]) =>
        [
          family,
          object(
            Object.entries(metrics).map(([metric, kind]) => [metric, str(kind)] as const),
            true,
          ),
        ] as const,
    ),
    true,
  );
  return `// Generated by \`${GENERATE_COMMAND}\` from ${CONTRACT_FILE}; do not edit.
/**
 * The alert configuration variants of the public contract (${CONTRACT_FILE}, GroupAlertsConfig:
 * one variant per family of event types, each with its own matcher field names and threshold kind),
 * as plain data, written by scripts/generate/alertVariants.ts; tests/scripts/generate/
 * generate.int.test.ts fails when this file is not what the generator writes from the contract.
 *
 * Plain \`as const\` data only (no imports, no behaviour), like api/vocabulary.ts.
 *
 * One reading of the contract is applied here: the catch-all variant ("${CATCH_ALL}")
 * lists many event types a specific variant lists too (HOST_DOWN under "Host Alert Configuration", ...);
 * an event type belongs to its specific variant, so the catch-all keeps only the event types no other
 * variant names. The catch-all's matcher field name is a free string in the contract: null here, and a
 * consumer applies the field names operation 3 answers (MATCHER_FIELD_NAMES in api/vocabulary.ts).
 */

/** \`severityOverride\`: the severity an alert of this configuration takes instead of its event's own. */
${exported("ALERT_SEVERITIES", strings(data.severities))}

/** \`metricThreshold.mode\`. */
${exported("METRIC_THRESHOLD_MODES", strings(data.metricModes))}
/** \`metricThreshold.operator\`. */
${exported("METRIC_THRESHOLD_OPERATORS", strings(data.metricOperators))}

/** The unit kinds of metric thresholds (the contract's RawMetricUnits, TimeMetricUnits, ...): what \`metricThreshold.units\` may be. */
${exported("METRIC_UNITS", metricUnits)}
export type MetricUnitKind = keyof typeof METRIC_UNITS;

/** Units of the integer thresholds of replica set alerts (the contract's ${INTEGER_THRESHOLD}). */
${exported("THRESHOLD_UNIT_NAMES", strings(data.thresholdUnitNames))}

/**
 * The metrics of each metric family (\`metricThreshold.metricName\`, the contract's discriminator
 * mappings ${Object.keys(FAMILIES).slice(0, 3).join(", ")},
 * ${Object.keys(FAMILIES).slice(3).join(", ")}), each with the unit kind it takes.
 */
${exported("METRIC_FAMILIES", metricFamilies, " as const satisfies Record<string, Record<string, MetricUnitKind>>;")}
export type MetricFamily = keyof typeof METRIC_FAMILIES;

/** The rule of a variant's \`threshold\` ({operator, threshold, units}). */
export interface ThresholdRule {
  operators: readonly string[];
  units: readonly string[];
  /** Whether \`threshold\` is an integer (else any number). */
  integer: boolean;
}

export interface AlertVariant {
  /** The contract's title of the variant. */
  title: string;
  eventTypes: readonly string[];
  /** The matcher field names the variant accepts; null: not narrowed by the contract. */
  matcherFieldNames: readonly string[] | null;
  /** The variant's \`threshold\`; null: it takes none. */
  threshold: ThresholdRule | null;
  /** The metric family of its \`metricThreshold\`; null: it takes none. */
  metricFamily: MetricFamily | null;
  /**
   * Event types whose \`threshold\` the contract narrows further, by a discriminator on eventTypeName
   * inside the variant (Replica Set Threshold: TOO_MANY_ELECTIONS takes GreaterThanRawThreshold,
   * REPLICATION_OPLOG_WINDOW_RUNNING_OUT LessThanTimeThreshold); they take this rule, not \`threshold\`.
   */
  thresholdByEventType?: Readonly<Record<string, ThresholdRule>>;
}

/** Every variant of GroupAlertsConfig, in the contract's order. */
${exported("ALERT_VARIANTS: readonly AlertVariant[]", array(data.variants.map(variantLiteral)), ";")}
`;
}
