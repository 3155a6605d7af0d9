/** CustomDns: inputs <-> API body, and the outputs stored in state. */
import type { CustomDnsInputs } from "./schema";

export function describeCustomDns(groupId: string): string {
  return `custom DNS setting of project ${groupId}`;
}

/** The setting as the API returns it (operations 35/36). */
export interface CustomDnsLive {
  enabled?: boolean;
}

export interface CustomDnsOutputs {
  groupId: string;
  enabled: boolean;
  importId?: string;
}

export function toCustomDnsBody(inputs: CustomDnsInputs): { enabled: boolean } {
  return { enabled: inputs.enabled };
}

export function toCustomDnsOutputs(
  groupId: string,
  live: CustomDnsLive,
  importId?: string,
): CustomDnsOutputs {
  const outputs: CustomDnsOutputs = { groupId, enabled: live.enabled ?? false };
  if (importId !== undefined) outputs.importId = importId;
  return outputs;
}

/** The inputs `read` reports: the live value in input form. */
export function customDnsInputsFromOutputs(outputs: CustomDnsOutputs): Record<string, unknown> {
  const inputs: Record<string, unknown> = { groupId: outputs.groupId, enabled: outputs.enabled };
  if (outputs.importId !== undefined) inputs.importId = outputs.importId;
  return inputs;
}
