/** A live migration's cutover, which cannot be undone, only with the team's approval. */
import { declaredProperty } from "../platformTypes";
import { defineRule } from "../rule";

const CUTOVER = declaredProperty("LiveMigration", "cutover");

export const liveMigrationCutoverApproval = defineRule({
  id: "live-migration-cutover-approval",
  description:
    "Cutover stops syncing from the source and cannot be undone: it happens only once the team has approved it in the policy config.",
  enforcementLevel: "mandatory",
  settings: {
    cutoverApproved: {
      type: "boolean",
      default: false,
      description: "The team approves cutting over the stack's live migrations.",
    },
  },
  validateResource: (resource, config, report) => {
    if (resource.type !== "LiveMigration" || resource.props[CUTOVER] !== true || config.cutoverApproved)
      return;
    report({
      resource,
      property: CUTOVER,
      problem: "is true without approval",
      fix: 'set cutover: false until approved; to approve, set "cutoverApproved": true for live-migration-cutover-approval in the policy config',
    });
  },
});
