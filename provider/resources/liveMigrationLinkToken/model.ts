/** LiveMigrationLinkToken: the outputs, the id and the inputs `read` reports. */
import { formatId } from "../../framework/ids";
import type { LiveMigrationLinkTokenInputs } from "./schema";

export type LiveMigrationLinkTokenOutputs = LiveMigrationLinkTokenInputs & {
  /** Secret (a secret output, resource.ts): the token the self-managed side uses to link. */
  linkToken: string;
};

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
