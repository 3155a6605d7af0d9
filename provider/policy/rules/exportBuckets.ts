/**
 * Snapshot export buckets reached over private networking, where the team requires it. Only AWS
 * buckets take `requirePrivateNetworking` (the resource's schema, PROVIDER_FIELDS), so the rule
 * checks those.
 */
import { declaredProperty } from "../platformTypes";
import { defineRule } from "../rule";

const REQUIRE_PRIVATE_NETWORKING = declaredProperty("ExportBucket", "requirePrivateNetworking");
const CLOUD_PROVIDER = declaredProperty("ExportBucket", "cloudProvider");

export const exportBucketPrivateNetworking = defineRule({
  id: "export-bucket-private-networking",
  description:
    "Exported snapshots hold the whole database: where the team requires it, they travel over private networking only.",
  enforcementLevel: "advisory",
  settings: {
    requirePrivateNetworking: {
      type: "boolean",
      default: false,
      description: "Every AWS export bucket must set requirePrivateNetworking: true.",
    },
  },
  validateResource: (resource, config, report) => {
    if (resource.type !== "ExportBucket" || !config.requirePrivateNetworking) return;
    if (resource.props[CLOUD_PROVIDER] !== "AWS" || resource.props[REQUIRE_PRIVATE_NETWORKING] === true)
      return;
    report({
      resource,
      property: REQUIRE_PRIVATE_NETWORKING,
      problem: "is not true, and this stack requires private networking for export buckets",
      fix: "set requirePrivateNetworking: true",
    });
  },
});
