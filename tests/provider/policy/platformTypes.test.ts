import {
  clusterScopedTypes,
  declaredProperty,
  platformTypeOf,
  singletonKeyParts,
} from "../../../provider/policy/platformTypes";
import { FORMS } from "./policyArgs";

describe("the one mapping from type tokens to declarations", () => {
  test.each(FORMS)("a %s token maps to its declared type", (_form, token) => {
    expect(platformTypeOf(token("AlertConfiguration"))).toBe("AlertConfiguration");
  });

  test("another package's token, an undeclared type and the old generic dynamic token map to nothing", () => {
    expect(platformTypeOf("aws:s3/bucket:Bucket")).toBeUndefined();
    expect(platformTypeOf("platform:index:NoSuchType")).toBeUndefined();
    expect(platformTypeOf("pulumi-nodejs:dynamic:Resource")).toBeUndefined();
  });

  test("a property a rule reads must be declared", () => {
    expect(declaredProperty("LiveMigration", "cutover")).toBe("cutover");
    expect(() => declaredProperty("LiveMigration", "cutOver")).toThrow(
      'LiveMigration declares no property "cutOver" (provider/resources, its resource.ts)',
    );
  });

  test("singletons and their keys come from defineSingleton's id parts", () => {
    expect(singletonKeyParts("Auditing")).toEqual(["groupId"]);
    expect(singletonKeyParts("CloudBackupSchedule")).toEqual(["groupId", "clusterName"]);
    expect(singletonKeyParts("AlertConfiguration")).toBeUndefined();
  });

  test("cluster-scoped types are those whose id names a cluster", () => {
    expect(clusterScopedTypes()).toEqual([
      "CloudBackupSchedule",
      "FtsIndex",
      "OnDemandSnapshot",
      "OutageSimulation",
      "RestoreJob",
      "SearchDeployment",
      "SearchIndex",
      "SnapshotExportJob",
    ]);
  });
});
