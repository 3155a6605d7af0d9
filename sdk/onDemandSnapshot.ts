/**
 * OnDemandSnapshot: an on-demand backup snapshot of a cluster or a sharded cluster. Create waits
 * until it is completed. See docs/resources/onDemandSnapshot.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** How long create, update and delete wait (`"45m"`, `"1h30m"`, or seconds). */
export interface OnDemandSnapshotTimeouts {
  /** Until completed after create. Default "2h". */
  create?: DurationInput;
  /** Until completed after an expiration change (or a create that did not finish). Default "2h". */
  update?: DurationInput;
  /** Until the snapshot is gone. Default "20m". */
  delete?: DurationInput;
}

export interface OnDemandSnapshotArgs {
  /** Project id (24 hexadecimal digits). Changing it takes a new snapshot. */
  groupId: pulumi.Input<string>;
  /** Cluster (replica set or sharded). Changing it takes a new snapshot. */
  clusterName: pulumi.Input<string>;
  /** Free text. Changing it takes a new snapshot (the API cannot change a description). */
  description?: pulumi.Input<string>;
  /** Days the snapshot is kept, counted from when it was taken; at least 1. Changed in place. */
  retentionInDays: pulumi.Input<number>;
  /** Adopt an existing snapshot: `<groupId>/<clusterName>/<snapshotId>`. */
  importId?: pulumi.Input<string>;
  /** How long to wait for completed and for deletion. */
  timeouts?: pulumi.Input<OnDemandSnapshotTimeouts>;
}

export class OnDemandSnapshot extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly retentionInDays: pulumi.Output<number>;
  /** The snapshot's id: use it as a SnapshotExportJob's or RestoreJob's `snapshotId`. */
  declare readonly snapshotId: pulumi.Output<string>;
  /** completed once create finished (queued, inProgress on the way; failed is an error). */
  declare readonly status: pulumi.Output<string>;
  /** replicaSet or shardedCluster. */
  declare readonly type: pulumi.Output<string | undefined>;
  declare readonly createdAt: pulumi.Output<string | undefined>;
  /** When the service deletes the snapshot (createdAt + retentionInDays). */
  declare readonly expiresAt: pulumi.Output<string | undefined>;
  declare readonly dbVersion: pulumi.Output<string | undefined>;

  constructor(name: string, args: OnDemandSnapshotArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "OnDemandSnapshot",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "clusterName",
          "description",
          "retentionInDays",
          "snapshotId",
          "status",
          "type",
          "createdAt",
          "expiresAt",
          "dbVersion",
        ],
      },
      opts,
    );
  }
}
