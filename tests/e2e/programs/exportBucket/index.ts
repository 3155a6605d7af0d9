// ExportBucket end to end: the test sets each resource's arguments as JSON stack config between `pulumi up`s.
import * as pulumi from "@pulumi/pulumi";
import { ExportBucket, type ExportBucketArgs } from "pulumi-cluster-platform";

const config = new pulumi.Config();

const main = new ExportBucket("exports", config.requireObject<ExportBucketArgs>("main"));

// Adoption: when the test sets `adopted`, a bucket created outside Pulumi is taken over by importId.
const adoptedArgs = config.getObject<ExportBucketArgs>("adopted");
const adopted = adoptedArgs ? new ExportBucket("adopted", adoptedArgs) : undefined;

export const mainId = main.id;
export const mainBucketId = main.exportBucketId;
export const mainBucketName = main.bucketName;
export const adoptedBucketId = adopted?.exportBucketId;
