/**
 * The emulator answers with the shared vocabulary (provider/client/vocabulary.ts): its schemas accept
 * exactly the vocabulary's fields and values, and the vocabulary matches docs/spec/operations.md's ranges.
 */

import {
  COMMON_NOTIFICATION_FIELDS,
  EMAIL_SMS_NOTIFICATION_KINDS,
  FREQUENCY_INTERVALS,
  INTEGRATION_NOTIFICATION_KINDS,
  LUCENE_ANALYZERS,
  LUCENE_LANGUAGES,
  MASKED_NOTIFICATION_FIELDS,
  MATCHER_FIELD_NAMES,
  NOTIFICATION_KIND_FIELDS,
  NOTIFICATION_TYPE_NAMES,
  type NotificationTypeName,
  SEARCH_NODE_INSTANCE_SIZES,
} from "../../../api/vocabulary";
import { NOTIFICATION_KINDS } from "../../../emulator/operations/alertConfigs";
import { arrayOf, call, makeState } from "./harness";

describe("notification kinds", () => {
  it.each(NOTIFICATION_TYPE_NAMES)("%s accepts exactly the vocabulary's fields", (kind) => {
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

  it("the kinds are told apart in the vocabulary's order", () => {
    expect(Object.keys(NOTIFICATION_KINDS)).toEqual([...NOTIFICATION_TYPE_NAMES]);
  });
});

describe("value sets", () => {
  it("operation 3 answers the matcher field names", () => {
    expect(arrayOf(call(makeState(), "3"))).toEqual([...MATCHER_FIELD_NAMES]);
  });

  it("analyzers are lucene.<language>", () => {
    expect(LUCENE_ANALYZERS).toHaveLength(LUCENE_LANGUAGES.length);
    expect(LUCENE_ANALYZERS[0]).toBe("lucene.standard");
    expect(LUCENE_ANALYZERS.every((name) => name.startsWith("lucene."))).toBe(true);
  });

  it("search node sizes fill docs/spec/operations.md's three ranges in steps of 10 (+S135 LOWCPU, no S70 STORAGE)", () => {
    const family = (from: number, to: number, suffix: string, extra: number[] = []) => {
      const sizes: number[] = [];
      for (let size = from; size <= to; size += 10) sizes.push(size);
      return [...sizes, ...extra].sort((a, b) => a - b).map((size) => `S${size}_${suffix}`);
    };
    expect([...SEARCH_NODE_INSTANCE_SIZES]).toEqual([
      ...family(20, 80, "HIGHCPU_NVME"),
      ...family(30, 140, "LOWCPU_NVME", [135]),
      ...family(40, 90, "STORAGE_NVME").filter((size) => size !== "S70_STORAGE_NVME"),
    ]);
  });

  it("monthly intervals are the days 1 to 28 and 40 (the last day)", () => {
    expect([...FREQUENCY_INTERVALS.monthly]).toEqual([...Array.from({ length: 28 }, (_, i) => i + 1), 40]);
  });
});
