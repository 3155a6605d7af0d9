// The quickstart's search indexes, search nodes, auditing and custom DNS through the native plugin: the generated
// Node.js SDK, compiled into the package and imported as `pulumi-cluster-platform/native`.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform/native";

const config = new pulumi.Config();
const groupId = config.get("groupId") ?? "5f1a000000000000000000a1";
const clusterName = config.get("clusterName") ?? "demo-cluster";

const movies = new platform.SearchIndex("movies", {
  groupId,
  clusterName,
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies-text",
  definition: {
    analyzer: "lucene.english",
    mappings: {
      dynamic: false,
      fields: { title: { type: "string" }, plot: { type: "string" }, year: { type: "number" } },
    },
  },
});

const plots = new platform.SearchIndex("plot-embeddings", {
  groupId,
  clusterName,
  database: "sample_mflix",
  collectionName: "embedded_movies",
  name: "plot-vectors",
  type: "vectorSearch",
  definition: {
    fields: [
      { type: "vector", path: "plot_embedding", numDimensions: 1536, similarity: "cosine" },
      { type: "filter", path: "year" },
    ],
  },
});

const searchNodes = new platform.SearchDeployment("search-nodes", {
  groupId,
  clusterName,
  specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
});

const auditing = new platform.Auditing("auditing", {
  groupId,
  enabled: true,
  auditAuthorizationSuccess: false,
  auditFilter: { atype: { $in: ["authenticate", "createCollection", "dropCollection"] } },
});

const customDns = new platform.CustomDns("custom-dns", { groupId, enabled: true });

export const textIndexId = movies.id;
export const textIndexStatus = movies.status;
export const vectorIndexStatus = plots.status;
export const searchNodesState = searchNodes.stateName;
export const auditConfigurationType = auditing.configurationType;
export const customDnsEnabled = customDns.enabled;
