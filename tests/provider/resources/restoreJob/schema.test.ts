import { checkWith, UNKNOWN } from "../../../../provider/framework/validation";
import { restoreJobInputsSchema } from "../../../../provider/resources/restoreJob/schema";

const GROUP = "5f1a000000000000000000a1";
const SNAPSHOT = "5f1b00000000000000000001";
const SOURCE = { groupId: GROUP, clusterName: "demo-cluster" };
const TARGET = { targetGroupId: GROUP, targetClusterName: "old-cluster" };

const check = (news: Record<string, unknown>) => checkWith(restoreJobInputsSchema, news);
const reasons = (news: Record<string, unknown>) => check(news).failures.map((failure) => failure.reason);

describe("RestoreJob check", () => {
  test("accepts each delivery type with what it needs, and defaults serverless to false", () => {
    const automated = { ...SOURCE, deliveryType: "automated", snapshotId: SNAPSHOT, ...TARGET };
    expect(check(automated)).toEqual({ inputs: { ...automated, serverless: false }, failures: [] });
    expect(reasons({ ...SOURCE, deliveryType: "download", snapshotId: SNAPSHOT })).toEqual([]);
    expect(
      reasons({ ...SOURCE, deliveryType: "pointInTime", ...TARGET, pointInTimeUTCSeconds: 1_199_145_600 }),
    ).toEqual([]);
    expect(
      reasons({ ...SOURCE, deliveryType: "pointInTime", ...TARGET, oplogTs: 1_700_000_000, oplogInc: 1 }),
    ).toEqual([]);
  });

  test("automated needs a snapshot and a target", () => {
    expect(reasons({ ...SOURCE, deliveryType: "automated" })).toEqual([
      "snapshotId is required when deliveryType is automated",
      "targetGroupId is required when deliveryType is automated",
      "targetClusterName is required when deliveryType is automated",
    ]);
  });

  test("a serverless instance's restore always needs a target, even a download", () => {
    expect(reasons({ ...SOURCE, serverless: true, deliveryType: "download", snapshotId: SNAPSHOT })).toEqual([
      "targetGroupId is required to restore a serverless instance",
      "targetClusterName is required to restore a serverless instance",
    ]);
  });

  test("pointInTime takes exactly one of pointInTimeUTCSeconds or oplogTs with oplogInc", () => {
    const pit = { ...SOURCE, deliveryType: "pointInTime", ...TARGET };
    expect(reasons(pit)).toEqual([
      "pointInTimeUTCSeconds or oplogTs with oplogInc is required when deliveryType is pointInTime",
    ]);
    expect(
      reasons({ ...pit, pointInTimeUTCSeconds: 1_700_000_000, oplogTs: 1_700_000_000, oplogInc: 1 }),
    ).toEqual(["pointInTimeUTCSeconds and oplogTs/oplogInc exclude each other: give exactly one of the two"]);
    expect(reasons({ ...pit, oplogTs: 1_700_000_000 })).toEqual(["oplogInc is required with oplogTs"]);
    expect(reasons({ ...pit, oplogInc: 2 })).toEqual(["oplogTs is required with oplogInc"]);
  });

  test("the spec's minimums", () => {
    const pit = { ...SOURCE, deliveryType: "pointInTime", ...TARGET };
    expect(reasons({ ...pit, pointInTimeUTCSeconds: 1_199_145_599 })).toEqual([
      "pointInTimeUTCSeconds must be at least 1199145600",
    ]);
    expect(reasons({ ...pit, oplogTs: 1_199_145_599, oplogInc: 0 })).toEqual([
      "oplogTs must be at least 1199145600",
      "oplogInc must be at least 1",
    ]);
  });

  test("times are only for pointInTime", () => {
    expect(
      reasons({
        ...SOURCE,
        deliveryType: "automated",
        snapshotId: SNAPSHOT,
        ...TARGET,
        pointInTimeUTCSeconds: 1_700_000_000,
      }),
    ).toEqual(["pointInTimeUTCSeconds is only for deliveryType pointInTime"]);
  });

  test("an unknown delivery type is refused by name; ids by their rule", () => {
    expect(reasons({ ...SOURCE, deliveryType: "copy", snapshotId: SNAPSHOT })).toEqual([
      'deliveryType must be one of "automated", "download", "pointInTime"',
    ]);
    expect(reasons({ ...SOURCE, deliveryType: "download", snapshotId: "abc" })).toEqual([
      "snapshotId must be 24 hexadecimal digits (a-f, 0-9)",
    ]);
  });

  test("rules that depend on an unknown delivery type wait (preview)", () => {
    expect(reasons({ ...SOURCE, deliveryType: UNKNOWN })).toEqual([]);
  });
});
