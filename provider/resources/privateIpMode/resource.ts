/**
 * PrivateIpMode: the project's Peering-Only mode (legacy v1.0 operation 77), a project singleton
 * (framework/singleton.ts) with two differences from the others. See docs/resources/privateIpMode.md.
 *
 * - turning the mode off (`enabled: false`) is refused before the write when a cluster of the project
 *   runs a database version below 5.0 (read from the legacy cluster list, operation 78), naming the
 *   clusters;
 * - the API has no read operation for the mode: `read` confirms the project still exists (78; 404
 *   means gone) and reports the stored value, and delete leaves the mode as it is (turning it either
 *   way changes which connection strings work), saying so. Both are in docs/api-choices.md.
 *
 * Id and importId: `<groupId>`.
 */
import type { PlatformClient } from "../../client";
import { collect } from "../../client/pagination";
import { synchronous } from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import type { PropertyTable } from "../../framework/resource";
import { defineSingleton, PROJECT_SINGLETON_ID_PARTS, storedImportId } from "../../framework/singleton";
import {
  describePrivateIpMode,
  peeringOnlyOffProblem,
  privateIpModeInputsFromOutputs,
  toPrivateIpModeOutputs,
} from "./model";
import { type PrivateIpModeInputs, privateIpModeInputsSchema } from "./schema";

/** The project locates the setting: a change replaces the resource (never an update of the old project). */
export const PRIVATE_IP_MODE_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits). Changing it replaces the resource.",
    rules: "24 hexadecimal digits",
  },
  enabled: {
    effect: "update",
    doc:
      "True: Peering-Only mode on. false is refused (by create and update, before their write) while a " +
      "cluster of the project runs a database version below 5.0. Delete leaves the mode as it is.",
    rules: "`false` is refused while a cluster of the project runs a database version below 5.0",
    change: "`PATCH {enabled}`",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adoption: `<groupId>`. The setting always exists, so create adopts it with or without this.",
    rules: "`<groupId>`, the same project as `groupId`",
    change: "after adoption",
  },
};

/** Why `enabled: false` cannot be applied to the project now, or undefined. */
async function disableProblem(client: PlatformClient, groupId: string): Promise<string | undefined> {
  return peeringOnlyOffProblem(groupId, await collect(client.legacy.listAllClusters(groupId)));
}

// The database-version rule of a disable needs the project's clusters, so it is applied by create
// and update before their one write (converge), not by check: check sends no request (it runs in
// every preview, and its inputs may still be unknown).
export const resource = defineSingleton<PrivateIpModeInputs, (typeof PROJECT_SINGLETON_ID_PARTS)[number]>({
  type: "PrivateIpMode",
  exported: {
    configKey: "privateIpModes",
    scope: "project",
    // The legacy API updates the mode but has no operation that reads it, so nothing can be found.
    find: async () => [],
    resourceName: () => "private-ip-mode",
  },
  summary: "the project's Peering-Only mode (legacy v1.0; singleton)",
  example: { name: "peering-only", inputs: { groupId: "5f1a000000000000000000a1", enabled: false } },
  description:
    "The project's Peering-Only (private IP) mode, the legacy v1.0 operation (a project singleton): create adopts the setting; the API cannot read the mode, so refresh reports the stored value, and delete leaves the mode as it is.",
  inputs: privateIpModeInputsSchema,
  properties: PRIVATE_IP_MODE_PROPERTIES,
  idParts: PROJECT_SINGLETON_ID_PARTS,
  lifecycle: synchronous(
    "setting the project's private IP mode (operation 77) takes effect when the API answers",
  ),
  docNotes: { id: "project singleton: create adopts, delete leaves the mode as it is" },
  describe: ({ groupId }) => describePrivateIpMode(groupId),

  /** Refuses an impossible disable before writing; the operation is idempotent, so it always sends. */
  async converge({ client }, inputs) {
    if (!inputs.enabled) {
      const problem = await disableProblem(client, inputs.groupId);
      if (problem !== undefined) throw new Error(problem);
    }
    const answer = await client.legacy.setPrivateIpMode(inputs.groupId, inputs.enabled);
    return toPrivateIpModeOutputs(inputs.groupId, answer.enabled, inputs.importId);
  },

  /** No read operation exists: a project that still lists its clusters still has the stored mode. */
  async read({ client }, { groupId }, props) {
    await client.legacy.listClusters(groupId, { itemsPerPage: 1 });
    const outputs = toPrivateIpModeOutputs(groupId, props.enabled === true, storedImportId(props));
    return { outputs, inputs: { ...privateIpModeInputsFromOutputs(outputs) } };
  },

  async restore(_context, { groupId }, props) {
    reportProgress(
      `${describePrivateIpMode(groupId)} left as it is (enabled: ${props.enabled === true}): ` +
        "the resource no longer manages it",
    );
  },
});
