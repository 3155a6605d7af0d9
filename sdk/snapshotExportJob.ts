/**
 * SnapshotExportJob: the export of one snapshot to an export bucket. Create waits until the export
 * succeeds; any input change runs a new export; delete only removes it from the stack (the API
 * cannot delete export jobs). See docs/resources/snapshotExportJob.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** A label stored with the export. */
export interface ExportCustomData {
  key: string;
  value: string;
}

/** How long create waits (`"3h"`, or seconds). */
export interface SnapshotExportJobTimeouts {
  /** Until Successful after create. Default "3h". */
  create?: DurationInput;
  /** Until Successful when an update resumes a create that did not finish. Default "3h". */
  update?: DurationInput;
  /** Unused: delete never waits. */
  delete?: DurationInput;
}

export interface SnapshotExportJobArgs {
  /** Project id (24 hexadecimal digits). Changing it runs a new export. */
  groupId: pulumi.Input<string>;
  /** Cluster of the snapshot. Changing it runs a new export. */
  clusterName: pulumi.Input<string>;
  /** The snapshot to export (an OnDemandSnapshot's `snapshotId`). Changing it runs a new export. */
  snapshotId: pulumi.Input<string>;
  /** The export bucket (an ExportBucket's `exportBucketId`). Changing it runs a new export. */
  exportBucketId: pulumi.Input<string>;
  /** Labels stored with the export. Changing them runs a new export. */
  customData?: pulumi.Input<pulumi.Input<ExportCustomData>[]>;
  /** Adopt an existing export job: `<groupId>/<clusterName>/<exportJobId>`. Its fields must equal the inputs. */
  importId?: pulumi.Input<string>;
  /** How long to wait for the export. */
  timeouts?: pulumi.Input<SnapshotExportJobTimeouts>;
}

export class SnapshotExportJob extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly snapshotId: pulumi.Output<string>;
  declare readonly exportBucketId: pulumi.Output<string>;
  declare readonly customData: pulumi.Output<ExportCustomData[] | undefined>;
  /** The job's id. */
  declare readonly exportJobId: pulumi.Output<string>;
  /** Successful once create finished (Queued, InProgress on the way; Failed, Cancelled are errors). */
  declare readonly state: pulumi.Output<string>;
  /** Where the files are in the bucket. */
  declare readonly prefix: pulumi.Output<string | undefined>;
  /** Exported and total collections. */
  declare readonly exportStatus: pulumi.Output<{ exportedCollections?: number; totalCollections?: number }>;
  /** Why the job failed or was cancelled, when it did. */
  declare readonly stateReason: pulumi.Output<Record<string, unknown> | undefined>;
  declare readonly createdAt: pulumi.Output<string | undefined>;
  declare readonly finishedAt: pulumi.Output<string | undefined>;

  constructor(name: string, args: SnapshotExportJobArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "SnapshotExportJob",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "clusterName",
          "snapshotId",
          "exportBucketId",
          "customData",
          "exportJobId",
          "state",
          "prefix",
          "exportStatus",
          "stateReason",
          "createdAt",
          "finishedAt",
        ],
      },
      opts,
    );
  }
}
