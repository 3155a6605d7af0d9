/**
 * The SDK's CloudBackupSchedule argument types take exactly the values the provider's check() accepts
 * (both from the value sets of api/vocabulary.ts). The type-level half is held by `npm run typecheck`
 * (this file is in tsconfig.json): `Same` fails to compile when the two sets differ, and
 * `@ts-expect-error` fails when a refused value type-checks.
 */
import type { z } from "zod";
import { AUTO_EXPORT_FREQUENCY_TYPES, EXTRA_RETENTION_FREQUENCY_TYPES } from "../../api/vocabulary";
import { checkWith } from "../../provider/framework/validation";
import { cloudBackupScheduleInputsSchema } from "../../provider/resources/cloudBackupSchedule/schema";
import type {
  ExportFrequency,
  ExtraRetentionSetting,
  ScheduleExportOutput,
} from "../../sdk/cloudBackupSchedule";

/** `true` only when A and B are the same type (not merely assignable one way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type CheckedInputs = z.input<typeof cloudBackupScheduleInputsSchema>;

const BASE = { groupId: "5f1a000000000000000000a1", clusterName: "demo-cluster" };
const BUCKET = "65f0c0ffee0000000000abcd";
const check = (news: Record<string, unknown>) => checkWith(cloudBackupScheduleInputsSchema, news).failures;

describe("CloudBackupSchedule SDK types", () => {
  test("export.frequencyType: the SDK type is the set check() accepts, monthly or yearly", () => {
    const sameAsCheck: Same<ExportFrequency, NonNullable<CheckedInputs["export"]>["frequencyType"]> = true;
    const sameOutput: Same<ScheduleExportOutput["frequencyType"], ExportFrequency> = true;
    expect([sameAsCheck, sameOutput]).toEqual([true, true]);
    // @ts-expect-error daily is refused by check() (the service exports monthly or yearly only)
    const refused: ExportFrequency = "daily";
    expect(check({ ...BASE, export: { exportBucketId: BUCKET, frequencyType: refused } })).toEqual([
      { property: "export.frequencyType", reason: 'export.frequencyType must be one of "monthly", "yearly"' },
    ]);
    for (const frequencyType of AUTO_EXPORT_FREQUENCY_TYPES satisfies readonly ExportFrequency[]) {
      expect(check({ ...BASE, export: { exportBucketId: BUCKET, frequencyType } })).toEqual([]);
    }
  });

  test("extraRetentionSettings[].frequencyType: upper case, the set check() accepts (HOURLY ... ON_DEMAND)", () => {
    type SdkFrequency = ExtraRetentionSetting["frequencyType"];
    type CheckedFrequency = NonNullable<CheckedInputs["extraRetentionSettings"]>[number]["frequencyType"];
    const sameAsCheck: Same<SdkFrequency, CheckedFrequency> = true;
    expect(sameAsCheck).toBe(true);
    // @ts-expect-error lower case is refused by check() and by the service
    const refused: SdkFrequency = "monthly";
    expect(
      check({ ...BASE, extraRetentionSettings: [{ frequencyType: refused, retentionDays: 400 }] }),
    ).toEqual([
      {
        property: "extraRetentionSettings[0].frequencyType",
        reason:
          'extraRetentionSettings[0].frequencyType must be one of "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "ON_DEMAND"',
      },
    ]);
    const every: ExtraRetentionSetting[] = EXTRA_RETENTION_FREQUENCY_TYPES.map((frequencyType) => ({
      frequencyType,
      retentionDays: 400,
    }));
    expect(check({ ...BASE, extraRetentionSettings: every })).toEqual([]);
  });
});
