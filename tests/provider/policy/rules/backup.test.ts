import {
  backupComplianceInProduction,
  backupSchedulePerCluster,
  snapshotRetentionWithinCompliance,
} from "../../../../provider/policy/rules/backup";
import { FORMS, stackViolationsOf } from "../policyArgs";

const GROUP = "5f1a000000000000000000a1";
const daily = (retentionValue: number, retentionUnit = "days") => ({
  frequencyType: "daily",
  frequencyInterval: 1,
  retentionUnit,
  retentionValue,
});

describe.each(FORMS)("backup rules (%s form)", (_form, token) => {
  const index = {
    token: token("SearchIndex"),
    name: "movies",
    props: { groupId: GROUP, clusterName: "Cluster0", indexId: "i1" },
  };
  const schedule = (policyItems: object[]) => ({
    token: token("CloudBackupSchedule"),
    name: "schedule",
    props: { groupId: GROUP, clusterName: "Cluster0", policies: [{ id: "p1", policyItems }] },
  });
  const compliance = (props: Record<string, unknown>) => ({
    token: token("BackupCompliancePolicy"),
    name: "compliance",
    props: { groupId: GROUP, ...props },
  });

  test("backup-schedule-per-cluster passes a cluster with a scheduled policy item", async () => {
    expect(await stackViolationsOf(backupSchedulePerCluster, [index, schedule([daily(7)])])).toEqual([]);
  });

  test("backup-schedule-per-cluster reports a cluster without a schedule, once, and a schedule without items", async () => {
    const snapshot = {
      token: token("OnDemandSnapshot"),
      name: "snap",
      props: { groupId: GROUP, clusterName: "Cluster0", retentionInDays: 3 },
    };
    expect(await stackViolationsOf(backupSchedulePerCluster, [index, snapshot])).toEqual([
      `movies: SearchIndex "movies": clusterName names cluster ${GROUP}/Cluster0, which has no CloudBackupSchedule with a policy item in this stack (rule backup-schedule-per-cluster). Fix: declare a CloudBackupSchedule for the cluster with at least one policy item`,
    ]);
    expect(await stackViolationsOf(backupSchedulePerCluster, [schedule([])])).toEqual([
      'schedule: CloudBackupSchedule "schedule": policies has no policy item: the schedule takes no snapshots (rule backup-schedule-per-cluster). Fix: add a policy with at least one policy item (for example a daily snapshot kept 7 days)',
    ]);
  });

  test("backup-compliance-in-production passes a policy meeting the minimums", async () => {
    const policy = compliance({ restoreWindowDays: 7, scheduledPolicyItems: [daily(1, "months")] });
    expect(
      await stackViolationsOf(backupComplianceInProduction, [index, policy], {
        production: true,
        minRetentionDays: 28,
      }),
    ).toEqual([]);
  });

  test("backup-compliance-in-production reports a project without a policy and a policy below the minimums", async () => {
    expect(await stackViolationsOf(backupComplianceInProduction, [index], { production: true })).toEqual([
      `movies: SearchIndex "movies": groupId names project ${GROUP}, which has no BackupCompliancePolicy in this production stack (rule backup-compliance-in-production). Fix: declare a BackupCompliancePolicy for the project`,
    ]);
    const policy = compliance({ scheduledPolicyItems: [daily(2, "weeks")] });
    expect(await stackViolationsOf(backupComplianceInProduction, [policy], { production: true })).toEqual([
      'compliance: BackupCompliancePolicy "compliance": restoreWindowDays is not set, below 7 days (rule backup-compliance-in-production). Fix: set restoreWindowDays to 7 or more (with pitEnabled: true)',
      'compliance: BackupCompliancePolicy "compliance": scheduledPolicyItems keep snapshots at most 14 days, below 30 (rule backup-compliance-in-production). Fix: add or lengthen a scheduled policy item to keep snapshots 30 days or more',
    ]);
  });

  test("backup-compliance-in-production checks nothing outside production", async () => {
    expect(await stackViolationsOf(backupComplianceInProduction, [index])).toEqual([]);
  });

  const snapshot = (retentionInDays: number) => ({
    token: token("OnDemandSnapshot"),
    name: "snap",
    props: { groupId: GROUP, clusterName: "Cluster0", retentionInDays },
  });
  const onDemand = compliance({
    onDemandPolicyItem: {
      frequencyType: "ondemand",
      frequencyInterval: 0,
      retentionUnit: "weeks",
      retentionValue: 1,
    },
  });

  test("snapshot-retention-within-compliance passes a snapshot kept as long as the policy demands", async () => {
    expect(await stackViolationsOf(snapshotRetentionWithinCompliance, [onDemand, snapshot(7)])).toEqual([]);
    expect(await stackViolationsOf(snapshotRetentionWithinCompliance, [snapshot(1)])).toEqual([]);
  });

  test("snapshot-retention-within-compliance reports a shorter one", async () => {
    expect(await stackViolationsOf(snapshotRetentionWithinCompliance, [onDemand, snapshot(3)])).toEqual([
      'snap: OnDemandSnapshot "snap": retentionInDays is 3, below the 7 days the project\'s BackupCompliancePolicy demands of on-demand snapshots (rule snapshot-retention-within-compliance). Fix: set retentionInDays to 7 or more',
    ]);
  });
});
