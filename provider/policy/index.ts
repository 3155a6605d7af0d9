/**
 * The platform's policy pack (`pulumi-cluster-platform/policy`; docs/policy.md): its rules, as
 * @pulumi/policy policies, for both forms of the package's resources. `runPolicyPack` starts the pack
 * (the pack folder's index.js calls it); the rest is for packs of a team's own that reuse the rules.
 */
import { type Policies, PolicyPack } from "@pulumi/policy";
import { type PlatformRule, toPolicy } from "./rule";
import { alertHasNotification, alertHttpsUrls } from "./rules/alerts";
import { auditingInProduction } from "./rules/auditing";
import {
  backupComplianceInProduction,
  backupSchedulePerCluster,
  snapshotRetentionWithinCompliance,
} from "./rules/backup";
import { exportBucketPrivateNetworking } from "./rules/exportBuckets";
import { liveMigrationCutoverApproval } from "./rules/liveMigrations";
import { searchNodesInProduction } from "./rules/searchNodes";
import { oneResourcePerSingleton } from "./rules/singletons";

export { policyConfigProblems } from "./config";
export type { PlatformResource, PlatformRule, Violation } from "./rule";
export { ruleConfig, toPolicy, violationMessage } from "./rule";

/** The pack's name, as `pulumi preview` prints it. */
export const POLICY_PACK_NAME = "cluster-platform";

/** Every rule of the pack, in the order docs/policy.md lists them. */
export const PLATFORM_RULES: readonly PlatformRule[] = [
  backupSchedulePerCluster,
  backupComplianceInProduction,
  snapshotRetentionWithinCompliance,
  alertHasNotification,
  alertHttpsUrls,
  auditingInProduction,
  searchNodesInProduction,
  exportBucketPrivateNetworking,
  liveMigrationCutoverApproval,
  oneResourcePerSingleton,
];

/** The rules as @pulumi/policy policies. */
export function platformPolicies(): Policies {
  return PLATFORM_RULES.map(toPolicy);
}

/** Starts the pack: serves the engine (run by @pulumi/pulumi's run-policy-pack, from the pack folder). */
export function runPolicyPack(): PolicyPack {
  return new PolicyPack(POLICY_PACK_NAME, {
    description:
      "Guardrails for the Cluster Platform resources: backups, alerts, auditing, search nodes, exports, migrations, singletons.",
    policies: platformPolicies(),
  });
}
