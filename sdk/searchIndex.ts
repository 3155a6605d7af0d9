/**
 * SearchIndex: a full-text ("search") or vector ("vectorSearch") search index on a collection of a
 * cluster. See docs/resources/searchIndex.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { DurationInput } from "../provider/framework/timeouts";
import { PlatformResource } from "./base";

/** A user-defined analyzer of a text search definition. */
export interface SearchAnalyzerDefinition {
  /** Unique among `analyzers`; must not start with `lucene.`. */
  name: string;
  /** Character filters, each with its `type` (for example `htmlStrip`) and that type's options. */
  charFilters?: Array<{ type: string; [option: string]: unknown }>;
  /** Token filters, each with its `type` (for example `asciiFolding`) and that type's options. */
  tokenFilters?: Array<{ type: string; [option: string]: unknown }>;
  /** The tokenizer: its `type` (for example `edgeGram`) and that type's options (`minGram`, `maxGram`). */
  tokenizer: { type: string; [option: string]: unknown };
}

/** Which fields are stored on the search nodes: all (`true`), none (`false`), or a list. */
export type StoredSource = boolean | { include: string[] } | { exclude: string[] };

/** Field mappings of a text search definition. */
export interface SearchMappings {
  /** Index every field dynamically (true), or with the types of one of `typeSets` ({typeSet}). Default false. */
  dynamic?: boolean | { typeSet: string };
  /** Field name -> field definition (free-form, as the service documents it). */
  fields?: Record<string, Record<string, unknown>>;
}

/** A synonym mapping of a text search definition. */
export interface SearchSynonymMapping {
  /** Analyzer applied to the synonyms: a built-in `lucene.*` analyzer or one of `analyzers`. */
  analyzer: string;
  /** Unique among `synonyms`. */
  name: string;
  /** The collection holding the synonym documents. */
  source: { collection: string };
}

/** A text search definition (`type: "search"`). Defaults are filled in by check. */
export interface TextSearchDefinition {
  /** Analyzer for indexing: `lucene.<language>` (lucene.standard by default) or one of `analyzers`. */
  analyzer?: string;
  /** User-defined analyzers. */
  analyzers?: SearchAnalyzerDefinition[];
  /** Field mappings. */
  mappings?: SearchMappings;
  /** Index partitions: 1 (default), 2 or 4. */
  numPartitions?: 1 | 2 | 4;
  /** Analyzer for queries: `lucene.<language>` (lucene.standard by default) or one of `analyzers`. */
  searchAnalyzer?: string;
  /** Stored source fields (default: none). */
  storedSource?: StoredSource;
  /** Synonym mappings. */
  synonyms?: SearchSynonymMapping[];
  /**
   * The index's presort: field path -> 1 (ascending), -1 (descending) or {order, noData}. The order of
   * the keys is the sort's priority. `noData` ("lowest", the default, or "highest"): where documents
   * without the field go.
   */
  sort?: Record<string, 1 | -1 | { order: 1 | -1; noData?: "lowest" | "highest" }>;
  /** Named lists of field types (at most 100, names unique), for `mappings.dynamic.typeSet` and field mappings. */
  typeSets?: SearchTypeSet[];
}

/** A type set of a text search definition. */
export interface SearchTypeSet {
  name: string;
  /** 1 to 100 field types, each naming its `type` ("string", "token", "number", ...). */
  types: Array<{ type: string } & Record<string, unknown>>;
}

/** A vector field of a vector search definition. */
export interface VectorSearchVectorField {
  type: "vector";
  /** Dotted path of the field holding the embedding. */
  path: string;
  /** Number of dimensions of the embeddings: 1..8192. */
  numDimensions: number;
  /** Similarity function. */
  similarity: "euclidean" | "cosine" | "dotProduct";
  /** Quantization of the stored vectors; the service's default is "none". */
  quantization?: "none" | "scalar" | "binary";
}

/** A filter field of a vector search definition (pre-filtering on its values). */
export interface VectorSearchFilterField {
  type: "filter";
  /** Dotted path of the field to filter on. */
  path: string;
}

/** A vector search definition (`type: "vectorSearch"`). */
export interface VectorSearchDefinition {
  /** At least one vector field; paths unique per field type. */
  fields: Array<VectorSearchVectorField | VectorSearchFilterField>;
  /** The path of an array of embedded documents whose vectors are indexed each on its own. */
  nestedRoot?: string;
  /** Index partitions: 1, 2 or 4. */
  numPartitions?: 1 | 2 | 4;
}

/** How long create, update and delete wait for their done state (`"45m"`, `"1h30m"`, or seconds). */
export interface SearchTimeouts {
  /** Until READY after create. Default "1h". */
  create?: DurationInput;
  /** Until READY after an update. Default "1h". */
  update?: DurationInput;
  /** Until the index is gone. Default "20m". */
  delete?: DurationInput;
}

export interface SearchIndexArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the index. */
  groupId: pulumi.Input<string>;
  /** Cluster name. Changing it replaces the index. */
  clusterName: pulumi.Input<string>;
  /** Database of the indexed collection. Changing it replaces the index. */
  database: pulumi.Input<string>;
  /** Indexed collection. Changing it replaces the index. */
  collectionName: pulumi.Input<string>;
  /** Index name, unique within the collection. Changing it replaces the index. */
  name: pulumi.Input<string>;
  /** "search" (default) or "vectorSearch". Changing it replaces the index (the old one is deleted first). */
  type?: pulumi.Input<"search" | "vectorSearch">;
  /** The definition; updated in place. Compared structurally, with the service's defaults applied. */
  definition?: pulumi.Input<TextSearchDefinition | VectorSearchDefinition>;
  /** First-style flat field, moved into `definition` (text search only). */
  analyzer?: pulumi.Input<string>;
  /** First-style flat field, moved into `definition` (text search only). */
  analyzers?: pulumi.Input<SearchAnalyzerDefinition[]>;
  /** First-style flat field, moved into `definition` (text search only). */
  searchAnalyzer?: pulumi.Input<string>;
  /** First-style flat field, moved into `definition` (text search only). */
  mappings?: pulumi.Input<SearchMappings>;
  /** First-style flat field, moved into `definition`: 1, 2 or 4. */
  numPartitions?: pulumi.Input<1 | 2 | 4>;
  /** First-style flat field, moved into `definition` (text search only). */
  storedSource?: pulumi.Input<StoredSource>;
  /** First-style flat field, moved into `definition` (text search only). */
  synonyms?: pulumi.Input<SearchSynonymMapping[]>;
  /**
   * Adopt an existing index instead of creating one: `<groupId>/<clusterName>/<indexId>`, or by names
   * `<groupId>/<clusterName>/<database>/<collectionName>/<indexName>` (the index is then read, updated
   * and deleted by names).
   */
  importId?: pulumi.Input<string>;
  /** How long to wait for READY and for deletion. */
  timeouts?: pulumi.Input<SearchTimeouts>;
  /**
   * When the build of an index this resource created fails or times out, delete the index (and fail)
   * instead of keeping it in state for the next `pulumi up` to resume. Default false. Never deletes an
   * adopted index.
   */
  deleteOnCreateFailure?: pulumi.Input<boolean>;
}

export class SearchIndex extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly database: pulumi.Output<string>;
  declare readonly collectionName: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  declare readonly type: pulumi.Output<"search" | "vectorSearch">;
  /** The definition as applied (flat fields merged in, defaults filled in). */
  declare readonly definition: pulumi.Output<TextSearchDefinition | VectorSearchDefinition>;
  /** The index id (24 hexadecimal digits). */
  declare readonly indexId: pulumi.Output<string>;
  /** The service's status: READY once create/update finished. */
  declare readonly status: pulumi.Output<string>;
  /** Whether queries can use the index. */
  declare readonly queryable: pulumi.Output<boolean>;

  constructor(name: string, args: SearchIndexArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "SearchIndex",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "clusterName",
          "database",
          "collectionName",
          "name",
          "type",
          "definition",
          "indexId",
          "status",
          "queryable",
        ],
      },
      opts,
    );
  }
}
