/**
 * SearchDeployment: inputs <-> API body, the live view, and the outputs.
 *
 * The API answers GET with `{}` when the cluster has no search nodes, so "exists" means the answer
 * carries specs (or an id).
 */
import type {
  SearchDeployment as ApiSearchDeployment,
  SearchDeploymentInput,
} from "../../client/searchDeployments";
import { formatId } from "../../framework/ids";
import type { SearchDeploymentInputs, SearchNodeSpec } from "./schema";

/** Outputs stored in state: the inputs as applied plus what the service computes. */
export interface SearchDeploymentOutputs extends SearchDeploymentInputs {
  /** The deployment's own id (the API's `id`). */
  deploymentId: string | undefined;
  /** UPDATING, PAUSED or IDLE. */
  stateName: string;
  /** NONE, or the encryption-at-rest provider the nodes use. */
  encryptionAtRestProvider: string | undefined;
}

/** The id: `<groupId>/<clusterName>`. */
export function searchDeploymentId(groupId: string, clusterName: string): string {
  return formatId([groupId, clusterName]);
}

/** The body of create (23) and update (22). */
export function toBody(inputs: Pick<SearchDeploymentInputs, "specs">): SearchDeploymentInput {
  const [spec] = inputs.specs;
  if (spec === undefined || inputs.specs.length !== 1) throw new Error("specs must contain exactly 1 item");
  return { specs: [{ instanceSize: spec.instanceSize, nodeCount: spec.nodeCount }] };
}

/** The live view; undefined when the cluster has no search nodes (`{}`). */
export interface LiveSearchDeployment {
  deploymentId: string | undefined;
  stateName: string;
  specs: SearchNodeSpec[];
  encryptionAtRestProvider: string | undefined;
}

export function fromApi(deployment: ApiSearchDeployment): LiveSearchDeployment | undefined {
  const specs = deployment.specs ?? [];
  if (deployment.id === undefined && specs.length === 0) return undefined;
  return {
    deploymentId: deployment.id,
    stateName: deployment.stateName ?? "UNKNOWN",
    specs: specs.map((spec) => ({ instanceSize: spec.instanceSize, nodeCount: spec.nodeCount })),
    encryptionAtRestProvider: deployment.encryptionAtRestProvider,
  };
}

/** The inputs as the service has them (read): live specs, the rest as before. */
export function inputsFromLive(
  previous: SearchDeploymentInputs,
  live: LiveSearchDeployment,
  location: { groupId: string; clusterName: string },
): SearchDeploymentInputs {
  const inputs: SearchDeploymentInputs = {
    groupId: location.groupId,
    clusterName: location.clusterName,
    specs: live.specs,
  };
  if (previous.importId !== undefined) inputs.importId = previous.importId;
  if (previous.timeouts !== undefined) inputs.timeouts = previous.timeouts;
  if (previous.deleteOnCreateFailure !== undefined)
    inputs.deleteOnCreateFailure = previous.deleteOnCreateFailure;
  return inputs;
}

export function toOutputs(
  inputs: SearchDeploymentInputs,
  live: LiveSearchDeployment,
): SearchDeploymentOutputs {
  return {
    ...inputs,
    deploymentId: live.deploymentId,
    stateName: live.stateName,
    encryptionAtRestProvider: live.encryptionAtRestProvider,
  };
}

export function describeSearchDeployment(inputs: Pick<SearchDeploymentInputs, "clusterName">): string {
  return `search nodes of cluster ${inputs.clusterName}`;
}
