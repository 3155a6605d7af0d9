/**
 * PrivateIpMode provider: the project's Peering-Only mode (legacy v1.0 operation 77), a project
 * singleton (framework/singleton.ts) with two differences from the others:
 *
 * - turning the mode off (`enabled: false`) is refused at `check` and again before the write when a
 *   cluster of the project runs a database version below 5.0 (read from the legacy cluster list,
 *   operation 78), naming the clusters, so a preview fails before anything is sent;
 * - the API has no read operation for the mode: `read` confirms the project still exists (78; 404
 *   means gone) and reports the stored value, and `delete` leaves the mode as it is (turning it
 *   either way changes which connection strings work), saying so. Both are in docs/api-choices.md.
 *
 * Id and importId: `<groupId>`.
 */
import type { PlatformClient } from "../../client";
import { collect } from "../../client/pagination";
import { reportProgress } from "../../framework/progress";
import { platformClient } from "../../framework/settings";
import { projectSingletonProvider, storedImportId } from "../../framework/singleton";
import type { PlatformProvider } from "../../framework/types";
import {
  describePrivateIpMode,
  PRIVATE_IP_MODE_CLASSIFICATION,
  peeringOnlyOffProblem,
  privateIpModeInputsFromOutputs,
  toPrivateIpModeOutputs,
} from "./model";
import { type PrivateIpModeInputs, privateIpModeInputsSchema } from "./schema";

export interface PrivateIpModeProviderDeps {
  client: () => PlatformClient;
}

/** Why `enabled: false` cannot be applied to the project now, or undefined. */
async function disableProblem(client: PlatformClient, groupId: string): Promise<string | undefined> {
  return peeringOnlyOffProblem(groupId, await collect(client.legacy.listAllClusters(groupId)));
}

export function createPrivateIpModeProvider(deps: PrivateIpModeProviderDeps): PlatformProvider {
  const singleton = projectSingletonProvider<PrivateIpModeInputs>({
    inputsSchema: privateIpModeInputsSchema,
    classification: PRIVATE_IP_MODE_CLASSIFICATION,
    describe: describePrivateIpMode,
    client: deps.client,

    /** Refuses an impossible disable before writing; the operation is idempotent, so it always sends. */
    async converge(client, inputs) {
      if (!inputs.enabled) {
        const problem = await disableProblem(client, inputs.groupId);
        if (problem !== undefined) throw new Error(problem);
      }
      const answer = await client.legacy.setPrivateIpMode(inputs.groupId, inputs.enabled);
      return toPrivateIpModeOutputs(inputs.groupId, answer.enabled, inputs.importId);
    },

    /** No read operation exists: a project that still lists its clusters still has the stored mode. */
    async read(client, groupId, props) {
      await client.legacy.listClusters(groupId, { itemsPerPage: 1 });
      const outputs = toPrivateIpModeOutputs(groupId, props.enabled === true, storedImportId(props));
      return { outputs, inputs: { ...privateIpModeInputsFromOutputs(outputs) } };
    },

    async delete(_client, groupId, props) {
      reportProgress(
        `${describePrivateIpMode(groupId)} left as it is (enabled: ${props.enabled === true}): ` +
          "the resource no longer manages it",
      );
    },
  });

  // The database-version rule of a disable needs the project's clusters, so it is applied by create
  // and update before their one write (converge), not by check: check sends no request (it runs in
  // every preview, and its inputs may still be unknown).
  return singleton;
}

export const provider: PlatformProvider = createPrivateIpModeProvider({ client: platformClient });
