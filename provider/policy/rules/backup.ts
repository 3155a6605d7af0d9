/**
 * Backups: every cluster the stack keeps objects on has a schedule with a policy item; production
 * projects have a compliance policy meeting the team's minimums; an on-demand snapshot keeps what the
 * compliance policy demands. Stack rules: they relate resources, from their outputs.
 */
import { clusterScopedTypes, declaredProperty } from "../platformTypes";
import { defineRule, type PlatformResource } from "../rule";
import { clusterOf, objectOf, objectsOf, PRODUCTION_SETTING, retentionDays } from "./values";

const POLICIES = declaredProperty("CloudBackupSchedule", "policies");
const CLUSTER_NAME = declaredProperty("CloudBackupSchedule", "clusterName");
const RESTORE_WINDOW_DAYS = declaredProperty("BackupCompliancePolicy", "restoreWindowDays");
const SCHEDULED_POLICY_ITEMS = declaredProperty("BackupCompliancePolicy", "scheduledPolicyItems");
const ON_DEMAND_POLICY_ITEM = declaredProperty("BackupCompliancePolicy", "onDemandPolicyItem");
const GROUP_ID = declaredProperty("BackupCompliancePolicy", "groupId");
const RETENTION_IN_DAYS = declaredProperty("OnDemandSnapshot", "retentionInDays");

/** Objects kept on a cluster, whose cluster then needs a schedule (the schedule itself aside). */
const CLUSTER_OBJECT_TYPES: readonly string[] = clusterScopedTypes().filter(
  (type) => type !== "CloudBackupSchedule",
);

export const backupSchedulePerCluster = defineRule({
  id: "backup-schedule-per-cluster",
  description:
    "A cluster whose search or backup objects a stack manages holds data the team relies on: it needs a backup schedule with at least one policy item.",
  enforcementLevel: "advisory",
  settings: {},
  validateStack: (resources, _config, report) => {
    const scheduled = new Set<string>();
    for (const schedule of resources.filter((resource) => resource.type === "CloudBackupSchedule")) {
      const items = objectsOf(schedule.props[POLICIES]).flatMap((policy) => objectsOf(policy.policyItems));
      const cluster = clusterOf(schedule.props);
      if (items.length > 0) {
        if (cluster !== undefined) scheduled.add(cluster);
        continue;
      }
      report({
        resource: schedule,
        property: POLICIES,
        problem: "has no policy item: the schedule takes no snapshots",
        fix: "add a policy with at least one policy item (for example a daily snapshot kept 7 days)",
      });
    }
    const unscheduled = new Map<string, PlatformResource>();
    for (const resource of resources) {
      const cluster = clusterOf(resource.props);
      if (!CLUSTER_OBJECT_TYPES.includes(resource.type) || cluster === undefined || scheduled.has(cluster))
        continue;
      if (!unscheduled.has(cluster)) unscheduled.set(cluster, resource);
    }
    for (const [cluster, resource] of unscheduled)
      report({
        resource,
        property: CLUSTER_NAME,
        problem: `names cluster ${cluster}, which has no CloudBackupSchedule with a policy item in this stack`,
        fix: "declare a CloudBackupSchedule for the cluster with at least one policy item",
      });
  },
});

export const backupComplianceInProduction = defineRule({
  id: "backup-compliance-in-production",
  description:
    "A production project keeps backups no one can shorten or delete: a backup compliance policy with a restore window and a retention the team sets.",
  enforcementLevel: "advisory",
  settings: {
    production: PRODUCTION_SETTING,
    minRestoreWindowDays: {
      type: "integer",
      minimum: 1,
      default: 7,
      description: "The shortest point-in-time restore window, in days.",
    },
    minRetentionDays: {
      type: "integer",
      minimum: 1,
      default: 30,
      description: "The longest scheduled retention must keep snapshots at least these days.",
    },
  },
  validateStack: (resources, config, report) => {
    if (!config.production) return;
    const policies = resources.filter((resource) => resource.type === "BackupCompliancePolicy");
    const covered = new Set(policies.map((policy) => policy.props[GROUP_ID]));
    const uncovered = new Map<unknown, PlatformResource>();
    for (const resource of resources) {
      const groupId = resource.props.groupId;
      if (typeof groupId === "string" && !covered.has(groupId) && !uncovered.has(groupId))
        uncovered.set(groupId, resource);
    }
    for (const [groupId, resource] of uncovered)
      report({
        resource,
        property: "groupId",
        problem: `names project ${groupId}, which has no BackupCompliancePolicy in this production stack`,
        fix: "declare a BackupCompliancePolicy for the project",
      });
    for (const policy of policies) {
      const window = policy.props[RESTORE_WINDOW_DAYS];
      if (typeof window !== "number" || window < config.minRestoreWindowDays)
        report({
          resource: policy,
          property: RESTORE_WINDOW_DAYS,
          problem: `is ${window === undefined ? "not set" : String(window)}, below ${config.minRestoreWindowDays} days`,
          fix: `set restoreWindowDays to ${config.minRestoreWindowDays} or more (with pitEnabled: true)`,
        });
      const longest = Math.max(
        0,
        ...objectsOf(policy.props[SCHEDULED_POLICY_ITEMS]).map((item) => retentionDays(item) ?? 0),
      );
      if (longest < config.minRetentionDays)
        report({
          resource: policy,
          property: SCHEDULED_POLICY_ITEMS,
          problem: `keep snapshots at most ${longest} days, below ${config.minRetentionDays}`,
          fix: `add or lengthen a scheduled policy item to keep snapshots ${config.minRetentionDays} days or more`,
        });
    }
  },
});

export const snapshotRetentionWithinCompliance = defineRule({
  id: "snapshot-retention-within-compliance",
  description:
    "The service refuses an on-demand snapshot kept for less than the project's compliance policy demands: found at preview instead of mid-update.",
  enforcementLevel: "advisory",
  settings: {},
  validateStack: (resources, _config, report) => {
    const minimumByProject = new Map<unknown, number>();
    for (const policy of resources.filter((resource) => resource.type === "BackupCompliancePolicy")) {
      const item = objectOf(policy.props[ON_DEMAND_POLICY_ITEM]);
      const days = item === undefined ? undefined : retentionDays(item);
      if (days !== undefined) minimumByProject.set(policy.props[GROUP_ID], days);
    }
    for (const snapshot of resources.filter((resource) => resource.type === "OnDemandSnapshot")) {
      const minimum = minimumByProject.get(snapshot.props.groupId);
      const retention = snapshot.props[RETENTION_IN_DAYS];
      if (minimum === undefined || typeof retention !== "number" || retention >= minimum) continue;
      report({
        resource: snapshot,
        property: RETENTION_IN_DAYS,
        problem: `is ${retention}, below the ${minimum} days the project's BackupCompliancePolicy demands of on-demand snapshots`,
        fix: `set retentionInDays to ${minimum} or more`,
      });
    }
  },
});
