// SearchDeployment end to end: every input the test changes between `pulumi up`s comes from stack config.
import * as pulumi from "@pulumi/pulumi";
import { SearchDeployment } from "pulumi-cluster-platform";

const config = new pulumi.Config();

const nodes = new SearchDeployment("nodes", {
  groupId: config.require("groupId"),
  clusterName: config.require("clusterName"),
  specs: [{ instanceSize: config.require("instanceSize"), nodeCount: config.requireNumber("nodeCount") }],
  importId: config.get("importId"),
  timeouts: { create: "2m", update: "2m", delete: "2m" },
});

export const nodesId = nodes.id;
export const deploymentId = nodes.deploymentId;
export const stateName = nodes.stateName;
export const specs = nodes.specs;
