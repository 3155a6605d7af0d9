/**
 * RestoreJob: a restore of a cluster's or a serverless instance's backup (automated, download or
 * point in time). Create waits until the restore has finished; only a change of its inputs runs a
 * new one; delete cancels only what the service can cancel and says what it did.
 * See docs/resources/restoreJob.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** How long create waits (`"6h"`, or seconds). */
export interface RestoreJobTimeouts {
  /** Until finished after create. Default "6h". */
  create?: DurationInput;
  /** Until finished when an update resumes a create that did not finish. Default "6h". */
  update?: DurationInput;
  /** Unused: delete never waits. */
  delete?: DurationInput;
}

export interface RestoreJobArgs {
  /** Project id of the source (24 hexadecimal digits). Changing it runs a new restore. */
  groupId: pulumi.Input<string>;
  /** The source cluster, or serverless instance with `serverless: true`. Changing it runs a new restore. */
  clusterName: pulumi.Input<string>;
  /** The source is a serverless instance. Default false. Changing it runs a new restore. */
  serverless?: pulumi.Input<boolean>;
  /** automated (into a target cluster), download (links to the files) or pointInTime. Changing it runs a new restore. */
  deliveryType: pulumi.Input<"automated" | "download" | "pointInTime">;
  /** The snapshot to restore; required for automated and download. */
  snapshotId?: pulumi.Input<string>;
  /** Target project; required for automated and pointInTime (always for serverless). */
  targetGroupId?: pulumi.Input<string>;
  /** Target cluster; required for automated and pointInTime (always for serverless). */
  targetClusterName?: pulumi.Input<string>;
  /** pointInTime: the moment to restore, seconds since the epoch (>= 1199145600). Or oplogTs with oplogInc. */
  pointInTimeUTCSeconds?: pulumi.Input<number>;
  /** pointInTime: the oplog timestamp, seconds since the epoch (>= 1199145600), with oplogInc. */
  oplogTs?: pulumi.Input<number>;
  /** pointInTime: the oplog increment (>= 1), with oplogTs. */
  oplogInc?: pulumi.Input<number>;
  /** Adopt an existing restore job: `<groupId>/<clusterName>/<restoreJobId>`. Its fields must equal the inputs. */
  importId?: pulumi.Input<string>;
  /** How long to wait for the restore. */
  timeouts?: pulumi.Input<RestoreJobTimeouts>;
}

export class RestoreJob extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly serverless: pulumi.Output<boolean>;
  declare readonly deliveryType: pulumi.Output<string>;
  declare readonly snapshotId: pulumi.Output<string | undefined>;
  declare readonly targetGroupId: pulumi.Output<string | undefined>;
  declare readonly targetClusterName: pulumi.Output<string | undefined>;
  declare readonly pointInTimeUTCSeconds: pulumi.Output<number | undefined>;
  declare readonly oplogTs: pulumi.Output<number | undefined>;
  declare readonly oplogInc: pulumi.Output<number | undefined>;
  /** The job's id. */
  declare readonly restoreJobId: pulumi.Output<string>;
  /** finished once create finished (expired once a download's links expired; failed, cancelled are errors). */
  declare readonly state: pulumi.Output<string>;
  declare readonly finishedAt: pulumi.Output<string | undefined>;
  /** The point in time the restored data is from. */
  declare readonly timestamp: pulumi.Output<string | undefined>;
  /** download: the links to the files. */
  declare readonly deliveryUrl: pulumi.Output<string[]>;
  /** download: when the links expire. */
  declare readonly expiresAt: pulumi.Output<string | undefined>;

  constructor(name: string, args: RestoreJobArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "RestoreJob",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "clusterName",
          "serverless",
          "deliveryType",
          "snapshotId",
          "targetGroupId",
          "targetClusterName",
          "pointInTimeUTCSeconds",
          "oplogTs",
          "oplogInc",
          "restoreJobId",
          "state",
          "finishedAt",
          "timestamp",
          "deliveryUrl",
          "expiresAt",
        ],
      },
      opts,
    );
  }
}
