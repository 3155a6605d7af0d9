/**
 * The recorded exchanges of Atlas Search (issue 38): index creation in both styles (the current
 * `search/indexes` with a `definition`, and the older `fts/indexes` with the definition at the top
 * level, which the vendor's client picks from the file's shape), and the dedicated search nodes'
 * state sequence. See expectations.ts for the form.
 */
import {
  E2E,
  type RecordedExpectation,
  type RecordedScenario,
  recordedRead,
  type ScenarioContext,
  type Shape,
} from "./expectations";

const SEARCH_FOLDER = `${E2E}/search/search/testdata/.snapshots`;
const SEARCH_TEST = `${E2E}/search/search/search_test.go`;
const NODES_FOLDER = `${E2E}/search_nodes/searchnodes/testdata/.snapshots/TestSearchNodes`;

/** A `search/indexes` answer (the current style): PENDING and not queryable while it builds. */
function searchStyleFields(
  database: string,
  collection: string,
  name: string,
): Readonly<Record<string, Shape>> {
  return {
    collectionName: { value: collection },
    database: { value: database },
    indexID: "id",
    latestDefinition: "object",
    latestDefinitionVersion: "object",
    name: { value: name },
    queryable: { value: false },
    status: { value: "PENDING" },
    type: { value: "search" },
  };
}

/** An `fts/indexes` answer (the older style): IN_PROGRESS while it builds, the definition at the top. */
function ftsStyleFields(database: string, collection: string, name: string): Readonly<Record<string, Shape>> {
  return {
    collectionName: { value: collection },
    database: { value: database },
    indexID: "id",
    mappings: "object",
    name: { value: name },
    status: { value: "IN_PROGRESS" },
    synonyms: "array",
    type: { value: "search" },
  };
}

/** The definitions of the vendor's test files (search_test.go), shared by both styles. */
const COMBINED_DEFINITION = {
  analyzer: "lucene.standard",
  searchAnalyzer: "lucene.standard",
  mappings: {
    dynamic: false,
    fields: {
      name: {
        type: "string",
        analyzer: "lucene.whitespace",
        multi: { mySecondaryAnalyzer: { type: "string", analyzer: "lucene.french" } },
      },
      mainAtmosphere: { type: "string", analyzer: "lucene.standard" },
      surfaceTemperatureC: { type: "document", dynamic: true, analyzer: "lucene.standard" },
    },
  },
};
const STATIC_DEFINITION = {
  analyzer: "lucene.standard",
  searchAnalyzer: "lucene.standard",
  mappings: {
    dynamic: false,
    fields: {
      comments: {
        type: "document",
        fields: {
          body: { type: "string", analyzer: "lucene.simple", ignoreAbove: 255 },
          author: { type: "string", analyzer: "keywordLowerCase" },
        },
      },
      body: {
        type: "string",
        analyzer: "lucene.whitespace",
        multi: { mySecondaryAnalyzer: { type: "string", analyzer: "keywordLowerCase" } },
      },
      tags: { type: "string", analyzer: "standardLowerCase" },
    },
  },
  analyzers: [
    {
      charFilters: [],
      name: "keywordLowerCase",
      tokenFilters: [{ type: "lowercase" }],
      tokenizer: { type: "keyword" },
    },
    {
      charFilters: [],
      name: "standardLowerCase",
      tokenFilters: [{ type: "lowercase" }],
      tokenizer: { type: "standard" },
    },
  ],
};
const ARRAY_MAPPINGS = {
  dynamic: false,
  fields: { comments: [{ dynamic: true, type: "document" }, { type: "string" }] },
};

/** Where one of the two recorded tests is: its folder, project and cluster, the index's id and name. */
interface SearchRecordings {
  readonly test: "TestSearch" | "TestSearchDeprecated";
  readonly groupCluster: string;
  readonly cluster: string;
  readonly indexId: string;
  readonly indexName: string;
  readonly arrayIndexName: string;
  /** Dates in order: create, describe, update, list, delete, combined, static, array. */
  readonly dates: readonly [string, string, string, string, string, string, string, string];
}

const CURRENT: SearchRecordings = {
  test: "TestSearch",
  groupCluster: "groups_6a793f8a2c88faeba59bc7c2_clusters_search-476",
  cluster: "search-476",
  indexId: "6a79452cc0eb9e7a1772f8f1",
  indexName: "index-204",
  arrayIndexName: "index-array-220",
  dates: [
    "2026-08-10T03:27:40Z",
    "2026-08-10T03:27:47Z",
    "2026-08-10T03:27:50Z",
    "2026-08-10T03:27:54Z",
    "2026-08-10T03:27:57Z",
    "2026-08-10T03:27:59Z",
    "2026-08-10T03:28:04Z",
    "2026-08-10T03:28:09Z",
  ],
};
const DEPRECATED: SearchRecordings = {
  test: "TestSearchDeprecated",
  groupCluster: "groups_6a79454e2c88faeba59d5246_clusters_search-510",
  cluster: "search-510",
  indexId: "6a7948772c88faeba59ed643",
  indexName: "index-860",
  arrayIndexName: "index-array-357",
  dates: [
    "2026-08-10T03:41:43Z",
    "2026-08-10T03:41:47Z",
    "2026-08-10T03:41:51Z",
    "2026-08-10T03:41:55Z",
    "2026-08-10T03:41:59Z",
    "2026-08-10T03:42:00Z",
    "2026-08-10T03:42:06Z",
    "2026-08-10T03:42:11Z",
  ],
};

/** `atlas clusters search indexes create/describe/update/list/delete` over one recorded test: the
 * current test's files carry a `definition` (search/indexes) except the static mapping's, the
 * deprecated test's never do (fts/indexes); describe and list read fts/indexes in both. */
function searchIndexExchanges(r: SearchRecordings): RecordedExpectation[] {
  const current = r.test === "TestSearch";
  const prefix = current ? "search index" : "fts index";
  const file = (subtest: string, method: string, rest: string) =>
    `${SEARCH_FOLDER}/${r.test}/${subtest}/${method}_api_atlas_v2_${r.groupCluster}_${rest}.snaphost`;
  const clusterPath = `/groups/{groupId}/clusters/${r.cluster}`;
  const styled = (definition: Record<string, unknown>, database: string, collection: string, name: string) =>
    current
      ? { collectionName: collection, database, name, definition }
      : { collectionName: collection, database, name, ...definition };
  const created = (database: string, collection: string, name: string) =>
    current ? searchStyleFields(database, collection, name) : ftsStyleFields(database, collection, name);
  const create = {
    method: "POST" as const,
    path: current ? `${clusterPath}/search/indexes` : `${clusterPath}/fts/indexes`,
    version: current ? "2024-05-30" : "2023-01-01",
    status: current ? 201 : 200,
    headers: { rateLimit: true },
  };
  const createFile = (subtest: string) =>
    file(subtest, "POST", current ? "search_indexes_1" : "fts_indexes_1");
  const movies = ftsStyleFields("sample_mflix", "movies", r.indexName);
  return [
    {
      name: `${prefix} create via file`,
      recording: createFile("Create_via_file"),
      recorded: r.dates[0],
      sentBy: "internal/cli/search/create.go (--file: movies, mappings dynamic)",
      ...create,
      body: styled({ mappings: { dynamic: true } }, "sample_mflix", "movies", r.indexName),
      fields: created("sample_mflix", "movies", r.indexName),
      capture: { field: "indexID", as: "indexId" },
    },
    {
      name: `${prefix} describe`,
      recording: file("Describe", "GET", `fts_indexes_${r.indexId}_1`),
      recorded: r.dates[1],
      sentBy: "internal/cli/search/describe.go",
      method: "GET",
      path: `${clusterPath}/fts/indexes/{indexId}`,
      version: "2023-01-01",
      status: 200,
      headers: { rateLimit: true },
      fields: movies,
    },
    {
      name: `${prefix} update via file`,
      recording: file("Update_via_file", "PATCH", `${current ? "search" : "fts"}_indexes_${r.indexId}_1`),
      recorded: r.dates[2],
      sentBy: current
        ? "internal/cli/search/update.go (SearchIndexUpdateRequest: the file's definition only)"
        : "internal/cli/search/update.go (ClusterSearchIndex: the file as it is)",
      method: "PATCH",
      path: `${clusterPath}/${current ? "search" : "fts"}/indexes/{indexId}`,
      version: current ? "2024-05-30" : "2023-01-01",
      body: current
        ? { definition: { analyzer: "lucene.simple", mappings: { dynamic: true } } }
        : styled(
            { analyzer: "lucene.simple", mappings: { dynamic: true } },
            "sample_mflix",
            "movies",
            r.indexName,
          ),
      status: 200,
      headers: { rateLimit: true },
      fields: current
        ? searchStyleFields("sample_mflix", "movies", r.indexName)
        : { ...movies, analyzer: { value: "lucene.simple" } },
    },
    {
      name: `${prefix} list`,
      recording: file("list", "GET", "fts_indexes_sample_mflix_movies_1"),
      recorded: r.dates[3],
      sentBy: "internal/cli/search/list.go (--db sample_mflix --collection movies)",
      method: "GET",
      path: `${clusterPath}/fts/indexes/sample_mflix/movies`,
      version: "2023-01-01",
      status: 200,
      headers: { rateLimit: true },
      elements: { ...movies, analyzer: { value: "lucene.simple" } },
    },
    {
      name: `${prefix} delete`,
      recording: file("Delete", "DELETE", `search_indexes_${r.indexId}_1`),
      recorded: r.dates[4],
      sentBy: "internal/cli/search/delete.go (--force)",
      method: "DELETE",
      path: `${clusterPath}/search/indexes/{indexId}`,
      version: "2024-05-30",
      status: 204,
      headers: { rateLimit: true },
    },
    {
      name: `${prefix} create combined mapping`,
      recording: createFile("Create_combinedMapping"),
      recorded: r.dates[5],
      sentBy: "internal/cli/search/create.go (--file: planets, static and dynamic fields)",
      ...create,
      body: styled(COMBINED_DEFINITION, "sample_guides", "planets", r.indexName),
      fields: current
        ? searchStyleFields("sample_guides", "planets", r.indexName)
        : {
            ...ftsStyleFields("sample_guides", "planets", r.indexName),
            analyzer: { value: "lucene.standard" },
            searchAnalyzer: { value: "lucene.standard" },
          },
    },
    {
      name: `${prefix} create static mapping`,
      recording: file("Create_staticMapping", "POST", "fts_indexes_1"),
      recorded: r.dates[6],
      sentBy: "internal/cli/search/create.go (--file without a definition: the fts style, custom analyzers)",
      method: "POST",
      path: `${clusterPath}/fts/indexes`,
      version: "2023-01-01",
      body: { collectionName: "posts", database: "sample_training", name: r.indexName, ...STATIC_DEFINITION },
      status: 200,
      headers: { rateLimit: true },
      fields: {
        ...ftsStyleFields("sample_training", "posts", r.indexName),
        analyzer: { value: "lucene.standard" },
        analyzers: "array",
        searchAnalyzer: { value: "lucene.standard" },
      },
    },
    {
      name: `${prefix} create array mapping`,
      recording: createFile("Create_array_mapping"),
      recorded: r.dates[7],
      sentBy: "internal/cli/search/create.go (--file: a field mapped as document and string)",
      ...create,
      body: current
        ? styled(
            { searchAnalyzer: "lucene.standard", mappings: ARRAY_MAPPINGS },
            "sample_training",
            "posts",
            r.arrayIndexName,
          )
        : styled(
            { analyzer: "lucene.standard", searchAnalyzer: "lucene.standard", mappings: ARRAY_MAPPINGS },
            "sample_training",
            "posts",
            r.arrayIndexName,
          ),
      fields: current
        ? searchStyleFields("sample_training", "posts", r.arrayIndexName)
        : {
            ...ftsStyleFields("sample_training", "posts", r.arrayIndexName),
            analyzer: { value: "lucene.standard" },
            searchAnalyzer: { value: "lucene.standard" },
          },
    },
  ];
}

const DEPLOYMENT_FIELDS: Readonly<Record<string, Shape>> = {
  effectiveSpecs: "array",
  encryptionAtRestProvider: { value: "NONE" },
  groupId: "id",
  id: "id",
  specs: "array",
};
const UPDATING: Readonly<Record<string, Shape>> = { ...DEPLOYMENT_FIELDS, stateName: { value: "UPDATING" } };
const IDLE: Readonly<Record<string, Shape>> = { ...DEPLOYMENT_FIELDS, stateName: { value: "IDLE" } };

export function searchScenarios(_context: ScenarioContext): readonly RecordedScenario[] {
  const deployment = "/groups/{groupId}/clusters/cluster-235/search/deployment";
  const nodesFile = (subtest: string, method: string, n: number) =>
    `${NODES_FOLDER}/${subtest}/${method}_api_atlas_v2_groups_6a799f0bc0eb9e7a177d81f1_clusters_cluster-235_search_deployment_${n}.snaphost`;
  const read = (
    name: string,
    recording: string,
    recorded: string,
    waited: number,
    fields: Readonly<Record<string, Shape>>,
    sentBy = "internal/cli/search/nodes/create.go, update.go (--watch: polls until IDLE)",
  ): RecordedExpectation =>
    recordedRead({
      name,
      recording,
      recorded,
      sentBy,
      waited,
      path: deployment,
      version: "2025-03-12",
      fields,
    });
  return [
    {
      name: "search indexes",
      vendorTest: `${SEARCH_TEST} (TestSearch)`,
      clusters: [{ groupId: "{groupId}", name: CURRENT.cluster }],
      exchanges: searchIndexExchanges(CURRENT),
    },
    {
      name: "fts indexes",
      vendorTest: `${SEARCH_TEST} (TestSearchDeprecated)`,
      clusters: [{ groupId: "{groupId}", name: DEPRECATED.cluster }],
      exchanges: searchIndexExchanges(DEPRECATED),
    },
    {
      name: "search nodes",
      vendorTest: `${E2E}/search_nodes/searchnodes/search_nodes_test.go`,
      clusters: [{ groupId: "{groupId}", name: "cluster-235" }],
      exchanges: [
        read(
          "search nodes list before create",
          nodesFile("Verify_no_search_node_setup_yet", "GET", 1),
          "2026-08-10T10:04:39Z",
          0,
          {},
          "internal/cli/search/nodes/list.go",
        ),
        {
          name: "search nodes create",
          recording: nodesFile("Create_search_node", "POST", 1),
          recorded: "2026-08-10T10:04:43Z",
          sentBy: "internal/cli/search/nodes/create.go (--file testdata/search_nodes_spec.json)",
          method: "POST",
          path: deployment,
          version: "2024-05-30",
          body: { specs: [{ instanceSize: "S30_LOWCPU_NVME", nodeCount: 2 }] },
          status: 201,
          headers: { rateLimit: true },
          fields: UPDATING,
        },
        read(
          "search nodes create watch 1",
          nodesFile("Create_search_node", "GET", 1),
          "2026-08-10T10:04:46Z",
          0,
          UPDATING,
        ),
        read(
          "search nodes create watch 2",
          nodesFile("Create_search_node", "GET", 2),
          "2026-08-10T10:13:31Z",
          1,
          IDLE,
        ),
        read(
          "search nodes list after create",
          nodesFile("List_+_verify_created", "GET", 1),
          "2026-08-10T10:13:34Z",
          0,
          IDLE,
          "internal/cli/search/nodes/list.go",
        ),
        {
          name: "search nodes update",
          recording: nodesFile("Update_search_node", "PATCH", 1),
          recorded: "2026-08-10T10:13:38Z",
          sentBy: "internal/cli/search/nodes/update.go (--file testdata/search_nodes_spec_update.json)",
          method: "PATCH",
          path: deployment,
          version: "2024-05-30",
          body: { specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 3 }] },
          status: 200,
          headers: { rateLimit: true },
          fields: IDLE,
        },
        read(
          "search nodes update watch 1",
          nodesFile("Update_search_node", "GET", 1),
          "2026-08-10T10:13:41Z",
          0,
          UPDATING,
        ),
        read(
          "search nodes update watch 2",
          nodesFile("Update_search_node", "GET", 2),
          "2026-08-10T10:28:07Z",
          1,
          IDLE,
        ),
        read(
          "search nodes list after update",
          nodesFile("List_+_verify_updated", "GET", 1),
          "2026-08-10T10:28:11Z",
          0,
          IDLE,
          "internal/cli/search/nodes/list.go",
        ),
        {
          name: "search nodes delete",
          recording: nodesFile("Delete_search_nodes", "DELETE", 1),
          recorded: "2026-08-10T10:28:14Z",
          // The 204 answer names no version; the vendor's SDK sends its create/update version.
          sentBy: "internal/cli/search/nodes/delete.go (--force)",
          method: "DELETE",
          path: deployment,
          version: "2024-05-30",
          status: 204,
          headers: { rateLimit: true },
        },
      ],
    },
  ];
}
