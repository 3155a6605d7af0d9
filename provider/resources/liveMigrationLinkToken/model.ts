/** LiveMigrationLinkToken: the classification and the outputs. */
import type { Classification } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import type { LiveMigrationLinkTokenInputs } from "./schema";

/**
 * No operation changes a link: any change removes it and creates a new token. Removing first: a new
 * token replaces the organization's link, so removing the old link afterwards would remove the new one.
 */
export const LIVE_MIGRATION_LINK_TOKEN_CLASSIFICATION: Classification = {
  orgId: { effect: "replace", deleteBeforeReplace: true },
  accessListIps: { effect: "replace", compare: "set", deleteBeforeReplace: true },
  linkToken: "output",
};

export interface LiveMigrationLinkTokenOutputs extends LiveMigrationLinkTokenInputs {
  /** Secret (sdk secretOutputs): the token the self-managed side uses to link. */
  linkToken: string;
}

/** The id: `<orgId>` (one link per organization). */
export function linkTokenId(orgId: string): string {
  return formatId([orgId]);
}

export function describeLink(orgId: string): string {
  return `live migration link of organization ${orgId}`;
}

/** The inputs `read` reports: the stored ones (the API never shows a link again). */
export function inputsFromOutputs(outputs: Record<string, unknown>): LiveMigrationLinkTokenInputs {
  const inputs: LiveMigrationLinkTokenInputs = { orgId: String(outputs.orgId) };
  if (Array.isArray(outputs.accessListIps)) inputs.accessListIps = outputs.accessListIps.map(String);
  return inputs;
}
