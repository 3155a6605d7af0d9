// FtsIndex end to end: every input the test changes between `pulumi up`s comes from stack config.
import * as pulumi from "@pulumi/pulumi";
import { FtsIndex, type SearchMappings } from "pulumi-cluster-platform";

const config = new pulumi.Config();
// Every index of this program is on the same collection.
const moviesCollection = {
  groupId: config.require("groupId"),
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
};

const titles = new FtsIndex("titles", {
  ...moviesCollection,
  name: "titles",
  analyzer: config.get("analyzer"),
  mappings: config.requireObject<SearchMappings>("mappings"),
  timeouts: { create: "2m", update: "2m", delete: "2m" },
});

// Adoption: when the test sets adoptId, an index created outside Pulumi is taken over.
const adoptId = config.get("adoptId");
const adopted = adoptId
  ? new FtsIndex("adopted", {
      ...moviesCollection,
      name: "adopted",
      mappings: { dynamic: true },
      searchAnalyzer: "lucene.english",
      importId: adoptId,
    })
  : undefined;

export const titlesId = titles.id;
export const titlesIndexId = titles.indexId;
export const titlesStatus = titles.status;
export const titlesAnalyzer = titles.analyzer;
export const adoptedIndexId = adopted?.indexId;
