/**
 * The emulator answers with the shared vocabulary (api/vocabulary.ts): its schemas accept
 * exactly the vocabulary's fields and values, and the vocabulary matches docs/spec/operations.md's ranges.
 */

import {
  AUTO_EXPORT_FREQUENCY_TYPES,
  COMMON_NOTIFICATION_FIELDS,
  EMAIL_SMS_NOTIFICATION_KINDS,
  EXTRA_RETENTION_FREQUENCY_TYPES,
  FREQUENCY_INTERVALS,
  INTEGRATION_NOTIFICATION_KINDS,
  LUCENE_ANALYZERS,
  LUCENE_LANGUAGES,
  MASKED_NOTIFICATION_FIELDS,
  MATCHER_FIELD_NAMES,
  MONITORING_REGIONS,
  NOTIFICATION_KIND_FIELDS,
  NOTIFICATION_ORG_ROLES,
  NOTIFICATION_REGIONS,
  NOTIFICATION_TYPE_NAMES,
  type NotificationTypeName,
  ON_DEMAND_FREQUENCY_TYPE,
  SEARCH_NODE_INSTANCE_SIZES,
  SNAPSHOT_FREQUENCY_TYPES,
} from "../../../api/vocabulary";
import type { JsonObject } from "../../../emulator/core/contract";
import { NOTIFICATION_KINDS } from "../../../emulator/domain/alertConfigs";
import { property } from "../contractSchemas";
import { AWS_ROLE, arrayOf, bodyOf, call, expectError, makeState } from "./harness";

describe("notification kinds", () => {
  test.each(NOTIFICATION_TYPE_NAMES)("%s accepts exactly the vocabulary's fields", (kind) => {
    const integration = (INTEGRATION_NOTIFICATION_KINDS as readonly NotificationTypeName[]).includes(kind);
    const expected = [
      ...COMMON_NOTIFICATION_FIELDS,
      ...(integration ? ["integrationId"] : []),
      ...NOTIFICATION_KIND_FIELDS[kind],
    ];
    expect(Object.keys(NOTIFICATION_KINDS[kind]).sort()).toEqual(expected.sort());
    const fields: readonly string[] = NOTIFICATION_KIND_FIELDS[kind];
    for (const masked of MASKED_NOTIFICATION_FIELDS[kind]) expect(fields).toContain(masked);
    const emailSms = (EMAIL_SMS_NOTIFICATION_KINDS as readonly NotificationTypeName[]).includes(kind);
    expect(fields.includes("emailEnabled")).toBe(emailSms);
  });

  test("the kinds are told apart in the vocabulary's order", () => {
    expect(Object.keys(NOTIFICATION_KINDS)).toEqual([...NOTIFICATION_TYPE_NAMES]);
  });
});

describe("value sets", () => {
  test("operation 3 answers the matcher field names", () => {
    expect(arrayOf(call(makeState(), "3"))).toEqual([...MATCHER_FIELD_NAMES]);
  });

  test("analyzers are lucene.<language>", () => {
    expect(LUCENE_ANALYZERS).toHaveLength(LUCENE_LANGUAGES.length);
    expect(LUCENE_ANALYZERS[0]).toBe("lucene.standard");
    expect(LUCENE_ANALYZERS.every((name) => name.startsWith("lucene."))).toBe(true);
  });

  test("search node sizes fill docs/spec/operations.md's three ranges in steps of 10 (+S135 LOWCPU, no S70 STORAGE, +S10_HIGHCPU)", () => {
    const family = (from: number, to: number, suffix: string, extra: number[] = []) => {
      const sizes: number[] = [];
      for (let size = from; size <= to; size += 10) sizes.push(size);
      return [...sizes, ...extra].sort((a, b) => a - b).map((size) => `S${size}_${suffix}`);
    };
    expect([...SEARCH_NODE_INSTANCE_SIZES]).toEqual([
      "S10_HIGHCPU",
      ...family(20, 80, "HIGHCPU_NVME"),
      ...family(30, 140, "LOWCPU_NVME", [135]),
      ...family(40, 90, "STORAGE_NVME").filter((size) => size !== "S70_STORAGE_NVME"),
    ]);
  });

  test("monthly intervals are the days 1 to 28 and 40 (the last day)", () => {
    expect([...FREQUENCY_INTERVALS.monthly]).toEqual([...Array.from({ length: 28 }, (_, i) => i + 1), 40]);
  });
});

describe("value sets equal the contract's (api/openapi/openapi-v2.yml)", () => {
  test.each([
    ["search node sizes", SEARCH_NODE_INSTANCE_SIZES, "ApiSearchDeploymentRequestSpecView", "instanceSize"],
    ["monitoring regions", MONITORING_REGIONS, "MonitoringNotification", "monitoringRegion"],
    ["OpsGenie regions", NOTIFICATION_REGIONS, "OpsGenieNotification", "opsGenieRegion"],
    ["PagerDuty regions", NOTIFICATION_REGIONS, "PagerDutyNotification", "region"],
    ["organization roles of a notification", NOTIFICATION_ORG_ROLES, "OrgNotification", "roles.[]"],
    ["automatic export frequencies", AUTO_EXPORT_FREQUENCY_TYPES, "AutoExportPolicyView", "frequencyType"],
    [
      "extra retention frequencies",
      EXTRA_RETENTION_FREQUENCY_TYPES,
      "ExtraRetentionSetting",
      "frequencyType",
    ],
    [
      "schedule policy item frequencies",
      [...SNAPSHOT_FREQUENCY_TYPES, ON_DEMAND_FREQUENCY_TYPE],
      "DiskBackupApiPolicyItem",
      "frequencyType",
    ],
  ] as const)("%s", (_what, values, schemaName, path) => {
    expect([...values].sort()).toEqual([...(property(schemaName, path).enum ?? [])].sort());
  });
});

describe("the emulator accepts the contract's wider values", () => {
  const notification = (fields: JsonObject) => ({
    eventTypeName: "HOST_DOWN",
    notifications: [{ ...fields, intervalMin: 5 }],
  });
  test.each(MONITORING_REGIONS)("monitoringRegion %s", (region) => {
    const body = notification({
      typeName: "MONITORING",
      monitoringApiKey: "key-123456",
      monitoringRegion: region,
    });
    expect(call(makeState(), "5", { body }).status).toBe(201);
  });
  test("ORG notification role ORG_BILLING_READ_ONLY", () => {
    const body = notification({ typeName: "ORG", roles: ["ORG_BILLING_READ_ONLY"] });
    expect(call(makeState(), "5", { body }).status).toBe(201);
  });
  test("search node size S10_HIGHCPU", () => {
    const body = { specs: [{ instanceSize: "S10_HIGHCPU", nodeCount: 2 }] };
    expect(call(makeState(), "23", { body }).status).toBe(201);
  });
  test("schedule: export monthly and yearly, not daily; upper-case extra retention; ondemand policy items", () => {
    const state = makeState();
    const bucket = call(state, "38", {
      body: { bucketName: "exports", cloudProvider: "AWS", iamRoleId: AWS_ROLE },
    });
    const exportBucketId = String(bodyOf(bucket)._id);
    const schedule = (exportSettings: JsonObject, extra: JsonObject[] = []) =>
      call(state, "53", {
        body: {
          autoExportEnabled: true,
          export: { exportBucketId, ...exportSettings },
          extraRetentionSettings: extra,
        },
      });
    expect(
      schedule({ frequencyType: "monthly" }, [{ frequencyType: "ON_DEMAND", retentionDays: 3 }]).status,
    ).toBe(200);
    expect(
      schedule({ frequencyType: "yearly" }, [{ frequencyType: "HOURLY", retentionDays: 3 }]).status,
    ).toBe(200);
    expectError(() => schedule({ frequencyType: "daily" }), 400, "INVALID_ENUM_VALUE");
    expectError(
      () => schedule({ frequencyType: "monthly" }, [{ frequencyType: "daily", retentionDays: 3 }]),
      400,
      "INVALID_ENUM_VALUE",
    );
    const ondemand = {
      frequencyType: "ondemand",
      frequencyInterval: 0,
      retentionUnit: "days",
      retentionValue: 2,
    };
    const current = (bodyOf(call(state, "52", {})).policies as JsonObject[])[0] as JsonObject;
    const items = (current.policyItems as JsonObject[]).map(({ id: _id, ...item }) => item);
    const policies = [{ id: String(current.id), policyItems: [...items, ondemand] }];
    expect(call(state, "53", { body: { policies } }).status).toBe(200);
  });
});
