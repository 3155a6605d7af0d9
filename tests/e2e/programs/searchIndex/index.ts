// SearchIndex end to end: every input the test changes between `pulumi up`s comes from stack config.
import * as pulumi from "@pulumi/pulumi";
import { SearchIndex, type TextSearchDefinition } from "pulumi-cluster-platform";

const config = new pulumi.Config();
// Every index of this program is on the same collection.
const moviesCollection = {
  groupId: config.require("groupId"),
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
};

const movies = new SearchIndex("movies", {
  ...moviesCollection,
  name: config.require("indexName"),
  definition: config.requireObject<TextSearchDefinition>("definition"),
  timeouts: { create: "2m", update: "2m", delete: "2m" },
});

// A vector index given in the first style's flat form is not possible; this one uses `definition`.
const plots = new SearchIndex("plots", {
  ...moviesCollection,
  name: "plots",
  type: "vectorSearch",
  definition: {
    fields: [
      { type: "vector", path: "plot_embedding", numDimensions: 1536, similarity: "cosine" },
      { type: "filter", path: "year" },
    ],
  },
});

// Adoption: when the test sets adoptId, an index created outside Pulumi is taken over.
const adoptId = config.get("adoptId");
const adopted = adoptId
  ? new SearchIndex("adopted", {
      ...moviesCollection,
      name: "adopted",
      mappings: { dynamic: true },
      analyzer: "lucene.english",
      importId: adoptId,
    })
  : undefined;

// A slow build: when the test sets slowName, an index with a 2-second create timeout is declared.
const slowName = config.get("slowName");
const slow = slowName
  ? new SearchIndex("slow", {
      ...moviesCollection,
      name: slowName,
      mappings: { dynamic: true },
      timeouts: { create: "2s" },
    })
  : undefined;

export const moviesId = movies.id;
export const moviesIndexId = movies.indexId;
export const moviesStatus = movies.status;
export const moviesDefinition = movies.definition;
export const plotsStatus = plots.status;
export const adoptedIndexId = adopted?.indexId;
export const slowStatus = slow?.status;
