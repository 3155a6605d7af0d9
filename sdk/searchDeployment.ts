/**
 * SearchDeployment: the dedicated search nodes of a cluster. See docs/resources/searchDeployment.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** Size and number of the search nodes (one spec applies to all nodes). */
export interface SearchNodeSpec {
  /** S20_HIGHCPU_NVME … S80_HIGHCPU_NVME, S30_LOWCPU_NVME … S140_LOWCPU_NVME, S40_STORAGE_NVME … S90_STORAGE_NVME. */
  instanceSize: string;
  /** Number of nodes: 2..32. */
  nodeCount: number;
}

/** How long create, update and delete wait (`"45m"`, `"1h30m"`, or seconds). */
export interface SearchDeploymentTimeouts {
  /** Until IDLE after create. Default "2h". */
  create?: DurationInput;
  /** Until IDLE after an update. Default "2h". */
  update?: DurationInput;
  /** Until the nodes are gone. Default "1h". */
  delete?: DurationInput;
}

export interface SearchDeploymentArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the deployment. */
  groupId: pulumi.Input<string>;
  /** Cluster name. Changing it replaces the deployment. */
  clusterName: pulumi.Input<string>;
  /** Exactly one spec; updated in place. */
  specs: pulumi.Input<pulumi.Input<SearchNodeSpec>[]>;
  /**
   * Adopt the cluster's existing search nodes: `<groupId>/<clusterName>`. Without it, creating where
   * nodes already exist is an error (they may be managed elsewhere).
   */
  importId?: pulumi.Input<string>;
  /** How long to wait for IDLE and for deletion. */
  timeouts?: pulumi.Input<SearchDeploymentTimeouts>;
  /**
   * When nodes this resource created do not become IDLE in time, delete them (and fail) instead of
   * keeping them in state for the next `pulumi up` to resume. Default false. Never deletes adopted nodes.
   */
  deleteOnCreateFailure?: pulumi.Input<boolean>;
}

export class SearchDeployment extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly specs: pulumi.Output<SearchNodeSpec[]>;
  /** The deployment's own id. */
  declare readonly deploymentId: pulumi.Output<string | undefined>;
  /** UPDATING, PAUSED or IDLE (IDLE once create/update finished). */
  declare readonly stateName: pulumi.Output<string>;
  /** NONE, or the encryption-at-rest provider of the nodes. */
  declare readonly encryptionAtRestProvider: pulumi.Output<string | undefined>;

  constructor(name: string, args: SearchDeploymentArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "SearchDeployment",
      name,
      { ...args },
      {
        outputs: ["groupId", "clusterName", "specs", "deploymentId", "stateName", "encryptionAtRestProvider"],
      },
      opts,
    );
  }
}
