/** Bodies and objects the tests of several backup nouns start from (an export bucket, an on-demand
 * snapshot, a compliance policy), created through the operations. */
import type { EmulatorState } from "../../../emulator/core/contract";
import { AWS_ROLE, bodyOf, call, T0 } from "./harness";

export const bucketBody = { bucketName: "my-exports", cloudProvider: "AWS", iamRoleId: AWS_ROLE };

export function bucket(state: EmulatorState, name = "my-exports"): string {
  return String(bodyOf(call(state, "38", { body: { ...bucketBody, bucketName: name } }))._id);
}

export function snapshot(state: EmulatorState, clusterName = "demo-cluster", now = T0): string {
  return String(
    bodyOf(
      call(state, "55", {
        params: { clusterName },
        body: { description: "before", retentionInDays: 3 },
        now,
      }),
    ).id,
  );
}

export const policyBody = {
  authorizedEmail: "owner@example.com",
  authorizedUserFirstName: "Ada",
  authorizedUserLastName: "Lovelace",
  copyProtectionEnabled: true,
  pitEnabled: true,
  restoreWindowDays: 2,
  onDemandPolicyItem: {
    frequencyInterval: 0,
    frequencyType: "ondemand",
    retentionUnit: "days",
    retentionValue: 3,
  },
  scheduledPolicyItems: [
    { frequencyInterval: 6, frequencyType: "hourly", retentionUnit: "days", retentionValue: 2 },
    { frequencyInterval: 1, frequencyType: "daily", retentionUnit: "days", retentionValue: 7 },
  ],
};
