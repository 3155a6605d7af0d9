import { oneResourcePerSingleton } from "../../../../provider/policy/rules/singletons";
import { FORMS, stackViolationsOf } from "../policyArgs";

const GROUP = "5f1a000000000000000000a1";
const OTHER = "5f1a000000000000000000a2";

describe.each(FORMS)("one-resource-per-singleton (%s form)", (_form, token) => {
  const resource = (type: string, name: string, props: Record<string, unknown>) => ({
    token: token(type),
    name,
    props,
  });

  test("passes one singleton per key, and objects that are not singletons", async () => {
    const resources = [
      resource("Auditing", "audit", { groupId: GROUP }),
      resource("Auditing", "audit-other", { groupId: OTHER }),
      resource("CloudBackupSchedule", "schedule-0", { groupId: GROUP, clusterName: "Cluster0" }),
      resource("CloudBackupSchedule", "schedule-1", { groupId: GROUP, clusterName: "Cluster1" }),
      resource("AlertConfiguration", "a", { groupId: GROUP }),
      resource("AlertConfiguration", "b", { groupId: GROUP }),
    ];
    expect(await stackViolationsOf(oneResourcePerSingleton, resources)).toEqual([]);
  });

  test("reports every resource after the first by name for one key", async () => {
    const resources = [
      resource("CustomDns", "dns-b", { groupId: GROUP }),
      resource("CustomDns", "dns-a", { groupId: GROUP }),
      resource("CloudBackupSchedule", "schedule", { groupId: GROUP, clusterName: "Cluster0" }),
      resource("CloudBackupSchedule", "schedule-again", { groupId: GROUP, clusterName: "Cluster0" }),
    ];
    expect(await stackViolationsOf(oneResourcePerSingleton, resources)).toEqual([
      `dns-b: CustomDns "dns-b": groupId ${GROUP} is the same as CustomDns "dns-a"'s: one CustomDns exists per groupId (rule one-resource-per-singleton). Fix: keep one CustomDns resource for ${GROUP} (delete this one, or merge its settings into "dns-a")`,
      `schedule-again: CloudBackupSchedule "schedule-again": groupId, clusterName ${GROUP}/Cluster0 is the same as CloudBackupSchedule "schedule"'s: one CloudBackupSchedule exists per groupId and clusterName (rule one-resource-per-singleton). Fix: keep one CloudBackupSchedule resource for ${GROUP}/Cluster0 (delete this one, or merge its settings into "schedule")`,
    ]);
  });
});
