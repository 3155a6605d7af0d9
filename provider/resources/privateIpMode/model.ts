/**
 * PrivateIpMode: the outputs, and the rule that keeps Peering-Only mode on while
 * a cluster of the project runs a database version below 5.0 (docs/spec/api-spec.md, States and
 * transitions: "all clusters on database version 5.0 or later").
 */
import { dbVersionAtLeast, PEERING_ONLY_OFF_MIN_DB_VERSION } from "../../../api/vocabulary";
import type { LegacyCluster } from "../../client/legacy";
import type { PrivateIpModeInputs } from "./schema";

export function describePrivateIpMode(groupId: string): string {
  return `private IP mode of project ${groupId}`;
}

export interface PrivateIpModeOutputs {
  groupId: string;
  enabled: boolean;
  importId?: string;
}

export function toPrivateIpModeOutputs(
  groupId: string,
  enabled: boolean,
  importId: string | undefined,
): PrivateIpModeOutputs {
  const outputs: PrivateIpModeOutputs = { groupId, enabled };
  if (importId !== undefined) outputs.importId = importId;
  return outputs;
}

/** The inputs `read` reports: the stored value in input form (the API has no read operation). */
export function privateIpModeInputsFromOutputs(outputs: PrivateIpModeOutputs): PrivateIpModeInputs {
  return { ...outputs };
}

/** The database version a legacy cluster runs ("4.0.28"), from the full version, else the major one. */
function versionOf(cluster: LegacyCluster): string | undefined {
  return cluster.dbVersion ?? cluster.dbMajorVersion;
}

/**
 * Why Peering-Only mode cannot be turned off, naming every cluster below 5.0 and its version; undefined
 * when every cluster runs 5.0 or later.
 */
export function peeringOnlyOffProblem(
  groupId: string,
  clusters: readonly LegacyCluster[],
): string | undefined {
  const older = clusters.filter((cluster) => {
    const version = versionOf(cluster);
    return version !== undefined && !dbVersionAtLeast(version, PEERING_ONLY_OFF_MIN_DB_VERSION);
  });
  if (older.length === 0) return undefined;
  const named = older.map((cluster) => `${cluster.name} (${versionOf(cluster)})`).join(", ");
  return (
    `enabled cannot be false while a cluster of project ${groupId} runs a database version below ` +
    `${PEERING_ONLY_OFF_MIN_DB_VERSION}: ${named}; upgrade ${older.length === 1 ? "it" : "them"} first, ` +
    "or keep enabled: true"
  );
}
