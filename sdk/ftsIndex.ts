/**
 * FtsIndex: a text search index on a collection of a cluster, in the API's first (flat) definition
 * style. See docs/resources/ftsIndex.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PlatformResource } from "./base";
import type {
  SearchAnalyzerDefinition,
  SearchMappings,
  SearchSynonymMapping,
  SearchTimeouts,
  StoredSource,
} from "./searchIndex";

export interface FtsIndexArgs {
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
  /** Analyzer for indexing: `lucene.<language>` (lucene.standard by default) or one of `analyzers`. */
  analyzer?: pulumi.Input<string>;
  /** User-defined analyzers. */
  analyzers?: pulumi.Input<SearchAnalyzerDefinition[]>;
  /** Analyzer for queries: `lucene.<language>` (lucene.standard by default) or one of `analyzers`. */
  searchAnalyzer?: pulumi.Input<string>;
  /** Field mappings (required). */
  mappings: pulumi.Input<SearchMappings>;
  /** Index partitions: 1 (default), 2 or 4. */
  numPartitions?: pulumi.Input<1 | 2 | 4>;
  /** Stored source fields (default: none). */
  storedSource?: pulumi.Input<StoredSource>;
  /** Synonym mappings. */
  synonyms?: pulumi.Input<SearchSynonymMapping[]>;
  /** Adopt an existing index instead of creating one: `<groupId>/<clusterName>/<indexId>`. */
  importId?: pulumi.Input<string>;
  /** How long to wait for STEADY and for deletion (defaults 1h / 1h / 20m). */
  timeouts?: pulumi.Input<SearchTimeouts>;
}

export class FtsIndex extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly clusterName: pulumi.Output<string>;
  declare readonly database: pulumi.Output<string>;
  declare readonly collectionName: pulumi.Output<string>;
  declare readonly name: pulumi.Output<string>;
  /** As applied: `lucene.standard` when not given. */
  declare readonly analyzer: pulumi.Output<string>;
  declare readonly analyzers: pulumi.Output<SearchAnalyzerDefinition[] | undefined>;
  /** As applied: `lucene.standard` when not given. */
  declare readonly searchAnalyzer: pulumi.Output<string>;
  /** As applied: `dynamic` false when not given. */
  declare readonly mappings: pulumi.Output<SearchMappings>;
  /** As applied: 1 when not given. */
  declare readonly numPartitions: pulumi.Output<1 | 2 | 4>;
  declare readonly storedSource: pulumi.Output<StoredSource | undefined>;
  declare readonly synonyms: pulumi.Output<SearchSynonymMapping[] | undefined>;
  /** The index id (24 hexadecimal digits). */
  declare readonly indexId: pulumi.Output<string>;
  /** The service's status: STEADY once create/update finished. */
  declare readonly status: pulumi.Output<string>;

  constructor(name: string, args: FtsIndexArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "FtsIndex",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "clusterName",
          "database",
          "collectionName",
          "name",
          "analyzer",
          "analyzers",
          "searchAnalyzer",
          "mappings",
          "numPartitions",
          "storedSource",
          "synonyms",
          "indexId",
          "status",
        ],
      },
      opts,
    );
  }
}
