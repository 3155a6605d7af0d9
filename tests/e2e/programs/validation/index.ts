// Inputs come from stack config so the test can make them invalid one at a time.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = "5f1a000000000000000000a1";

new platform.SearchDeployment("nodes", {
  groupId,
  clusterName: "demo-cluster",
  specs: [
    {
      instanceSize: config.get("instanceSize") ?? "S30_HIGHCPU_NVME",
      nodeCount: config.requireNumber("nodeCount"),
    },
  ],
});

new platform.ExportBucket("bucket", {
  groupId,
  bucketName: config.require("bucketName"),
  iamRoleId: "5f1a000000000000000000c1",
});

new platform.SearchIndex("index", {
  groupId,
  clusterName: "demo-cluster",
  database: "db",
  collectionName: "things",
  name: "things",
  definition: {
    mappings: { dynamic: true },
    numPartitions: config.requireNumber("numPartitions") as 1 | 2 | 4,
  },
});
