// CloudBackupSchedule end to end: the test sets each resource's arguments as JSON stack config between
// `pulumi up`s. With `bucket` set, the schedule exports automatically to that bucket; using the bucket's
// exportBucketId output makes the schedule depend on it, so destroy resets the schedule first.
import * as pulumi from "@pulumi/pulumi";
import {
  CloudBackupSchedule,
  type CloudBackupScheduleArgs,
  ExportBucket,
  type ExportBucketArgs,
} from "pulumi-cluster-platform";

const config = new pulumi.Config();

const bucketArgs = config.getObject<ExportBucketArgs>("bucket");
const bucket = bucketArgs ? new ExportBucket("exports", bucketArgs) : undefined;

const scheduleArgs = config.requireObject<CloudBackupScheduleArgs>("schedule");
const schedule = new CloudBackupSchedule(
  "schedule",
  bucket
    ? {
        ...scheduleArgs,
        autoExportEnabled: true,
        export: { exportBucketId: bucket.exportBucketId, frequencyType: "monthly" },
      }
    : scheduleArgs,
);

// Adoption: when the test sets `adopted`, another cluster's schedule is taken over by importId.
const adoptedArgs = config.getObject<CloudBackupScheduleArgs>("adopted");
const adopted = adoptedArgs ? new CloudBackupSchedule("adopted", adoptedArgs) : undefined;

export const scheduleId = schedule.id;
export const referenceHourOfDay = schedule.referenceHourOfDay;
export const policies = schedule.policies;
export const exportSettings = schedule.export;
export const bucketId = bucket?.exportBucketId;
export const adoptedHour = adopted?.referenceHourOfDay;
