/**
 * api/alertVariants.ts against the contract it was read from (api/openapi/openapi-v2.yml,
 * GroupAlertsConfig): the table is derived again here from the YAML and must be equal, so a refresh of
 * the contract that moves an event type, a matcher field name, a threshold kind or a metric's units
 * fails here by name.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";
import {
  ALERT_SEVERITIES,
  ALERT_VARIANTS,
  METRIC_FAMILIES,
  METRIC_THRESHOLD_MODES,
  METRIC_THRESHOLD_OPERATORS,
  METRIC_UNITS,
} from "../../../../api/alertVariants";

interface Schema {
  $ref?: string;
  enum?: string[];
  oneOf?: Schema[];
  title?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  discriminator?: { mapping: Record<string, string> };
}

const contract = parse(
  readFileSync(resolve(__dirname, "../../../../api/openapi/openapi-v2.yml"), "utf8"),
) as { components: { schemas: Record<string, Schema> } };
const schemas = contract.components.schemas;

const refName = (ref: string) => ref.split("/").pop() as string;
function deref(schema: Schema | undefined): Schema | undefined {
  if (schema?.$ref === undefined) return schema;
  return schemas[refName(schema.$ref)];
}
function enumOf(schema: Schema | undefined): string[] | undefined {
  const target = deref(schema);
  if (target === undefined) return undefined;
  if (target.enum !== undefined) return target.enum;
  if (target.oneOf !== undefined) return target.oneOf.flatMap((part) => enumOf(part) ?? []);
  return undefined;
}
function props(schema: Schema | undefined): Record<string, Schema> {
  return deref(schema)?.properties ?? {};
}

const UNIT_KINDS: Record<string, string> = {
  RawMetricUnits: "RAW",
  TimeMetricUnits: "TIME",
  DataMetricUnits: "DATA",
  NumberMetricUnits: "NUMBER",
  ServerlessMetricUnits: "SERVERLESS",
};
const FAMILIES: Record<string, string> = {
  HostMetricThreshold: "HOST",
  AppServiceMetricThreshold: "APP_SERVICE",
  ServerlessMetricThreshold: "SERVERLESS",
  FlexClusterMetricThreshold: "FLEX",
  StreamProcessorMetricThreshold: "STREAM_PROCESSOR",
};
const CATCH_ALL = "Any Other Alert Configurations";

/** The threshold rule of a threshold schema: its operators, units and whether the bound is whole. */
function thresholdRule(schema: Schema | undefined) {
  return {
    operators: enumOf(schema?.properties?.operator),
    units: enumOf(schema?.properties?.units),
    integer: schema?.properties?.threshold?.type === "integer",
  };
}

/** A variant's discriminator on eventTypeName: the threshold each event type it maps takes instead. */
function narrowedThresholds(variant: Schema) {
  const mapping = variant.discriminator?.mapping;
  if (mapping === undefined) return {};
  const byEventType = Object.fromEntries(
    Object.entries(mapping)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([eventType, ref]) => [eventType, thresholdRule(deref(props(deref({ $ref: ref })).threshold))]),
  );
  return { thresholdByEventType: byEventType };
}

const variantSchemas = (schemas.GroupAlertsConfig?.oneOf ?? []).map((variant) => deref(variant) as Schema);

describe("api/alertVariants.ts equals the contract's GroupAlertsConfig", () => {
  it("has every variant, in order, with its event types, matcher field names and threshold kinds", () => {
    const specific = new Set(
      variantSchemas
        .filter((variant) => variant.title !== CATCH_ALL)
        .flatMap((variant) => enumOf(variant.properties?.eventTypeName) ?? []),
    );
    const derived = variantSchemas.map((variant) => {
      const p = variant.properties ?? {};
      const eventTypes = enumOf(p.eventTypeName) ?? [];
      const threshold = deref(p.threshold);
      return {
        title: variant.title,
        eventTypes: variant.title === CATCH_ALL ? eventTypes.filter((e) => !specific.has(e)) : eventTypes,
        matcherFieldNames: enumOf(props(p.matchers?.items).fieldName) ?? null,
        threshold:
          threshold === undefined
            ? null
            : {
                operators: enumOf(threshold.properties?.operator),
                units: enumOf(threshold.properties?.units),
                integer: threshold.properties?.threshold?.type === "integer",
              },
        metricFamily: p.metricThreshold?.$ref ? FAMILIES[refName(p.metricThreshold.$ref)] : null,
        ...narrowedThresholds(variant),
      };
    });
    expect(variantSchemas).toHaveLength(18);
    expect(JSON.parse(JSON.stringify(ALERT_VARIANTS))).toEqual(derived);
  });

  it("names each event type in exactly one variant", () => {
    const all = ALERT_VARIANTS.flatMap((variant) => variant.eventTypes);
    expect(new Set(all).size).toBe(all.length);
  });

  it("has every metric of each family with the unit kind of its threshold view", () => {
    const derived = Object.fromEntries(
      Object.entries(FAMILIES).map(([schemaName, family]) => [
        family,
        Object.fromEntries(
          Object.entries(schemas[schemaName]?.discriminator?.mapping ?? {}).map(([metric, ref]) => {
            const units = schemas[refName(ref)]?.properties?.units?.$ref as string;
            return [metric, UNIT_KINDS[refName(units)]];
          }),
        ),
      ]),
    );
    expect(METRIC_FAMILIES).toEqual(derived);
    expect(Object.keys(METRIC_FAMILIES.HOST)).toHaveLength(160);
  });

  it("has the unit kinds, modes, operators and severities", () => {
    for (const [schemaName, kind] of Object.entries(UNIT_KINDS))
      expect(METRIC_UNITS[kind as keyof typeof METRIC_UNITS]).toEqual(schemas[schemaName]?.enum);
    const metricView = props({ $ref: "#/components/schemas/DataMetricThresholdView" });
    expect(METRIC_THRESHOLD_MODES).toEqual(metricView.mode?.enum);
    expect(METRIC_THRESHOLD_OPERATORS).toEqual(metricView.operator?.enum);
    expect(ALERT_SEVERITIES).toEqual(
      enumOf(schemas.DefaultAlertConfigViewForNdsGroup?.properties?.severityOverride),
    );
  });
});
