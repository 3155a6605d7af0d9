// BackupCompliancePolicy end to end: the test sets each resource's arguments as JSON stack config
// between `pulumi up`s. The policy depends on the schedule of a cluster in its project, so destroy
// disables the policy before resetting the schedule (the service refuses the reset while a policy is
// active).
import * as pulumi from "@pulumi/pulumi";
import {
  BackupCompliancePolicy,
  type BackupCompliancePolicyArgs,
  CloudBackupSchedule,
  type CloudBackupScheduleArgs,
} from "pulumi-cluster-platform";

const config = new pulumi.Config();

const schedule = new CloudBackupSchedule(
  "schedule",
  config.requireObject<CloudBackupScheduleArgs>("schedule"),
);
const policy = new BackupCompliancePolicy(
  "policy",
  config.requireObject<BackupCompliancePolicyArgs>("policy"),
  {
    dependsOn: [schedule],
  },
);

// Adoption: when the test sets `adopted`, another project's policy is taken over by importId.
const adoptedArgs = config.getObject<BackupCompliancePolicyArgs>("adopted");
const adopted = adoptedArgs ? new BackupCompliancePolicy("adopted", adoptedArgs) : undefined;

export const policyId = policy.id;
export const policyState = policy.state;
export const policyFirstName = policy.authorizedUserFirstName;
export const adoptedId = adopted?.id;
export const adoptedFirstName = adopted?.authorizedUserFirstName;
