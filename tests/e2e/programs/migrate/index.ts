// The dynamic form: a search index, the project's auditing configuration and custom DNS setting.
// native/Pulumi.yaml declares the same resources, by the same names, for the native plugin.
import * as platform from "pulumi-cluster-platform";

const groupId = "5f1a000000000000000000a1";

const movies = new platform.SearchIndex("movies", {
  groupId,
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies-text",
  definition: { mappings: { dynamic: true } },
});
const auditing = new platform.Auditing("auditing", {
  groupId,
  enabled: true,
  auditFilter: { atype: "authenticate" },
});
const customDns = new platform.CustomDns("custom-dns", { groupId, enabled: true });

export const indexId = movies.indexId;
export const auditFilter = auditing.auditFilter;
export const dnsEnabled = customDns.enabled;
