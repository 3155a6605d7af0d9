"""The quickstart's search indexes, search nodes, auditing and custom DNS, written for the local emulator's default
seed (project 5f1a000000000000000000a1 with the cluster demo-cluster). Point `platform:baseUrl` at the
real service and set `groupId` and `clusterName` to run it for real."""
import pulumi
import pulumi_cluster_platform as platform

config = pulumi.Config()
group_id = config.get("groupId") or "5f1a000000000000000000a1"
cluster_name = config.get("clusterName") or "demo-cluster"

# Search: a text index with explicit mappings, a vector index (create waits until each is READY),
# and dedicated search nodes (create waits until they are IDLE).
movies = platform.SearchIndex(
    "movies",
    group_id=group_id,
    cluster_name=cluster_name,
    database="sample_mflix",
    collection_name="movies",
    name="movies-text",
    definition={
        "analyzer": "lucene.english",
        "mappings": {
            "dynamic": False,
            "fields": {
                "title": {"type": "string"},
                "plot": {"type": "string"},
                "year": {"type": "number"},
            },
        },
    },
)

plots = platform.SearchIndex(
    "plot-embeddings",
    group_id=group_id,
    cluster_name=cluster_name,
    database="sample_mflix",
    collection_name="embedded_movies",
    name="plot-vectors",
    type="vectorSearch",
    definition={
        "fields": [
            {"type": "vector", "path": "plot_embedding", "numDimensions": 1536, "similarity": "cosine"},
            {"type": "filter", "path": "year"},
        ],
    },
)

search_nodes = platform.SearchDeployment(
    "search-nodes",
    group_id=group_id,
    cluster_name=cluster_name,
    specs=[{"instance_size": "S30_HIGHCPU_NVME", "node_count": 2}],
)

# Project settings (singletons: created by adopting the project's current configuration).
auditing = platform.Auditing(
    "auditing",
    group_id=group_id,
    enabled=True,
    audit_authorization_success=False,
    audit_filter={"atype": {"$in": ["authenticate", "createCollection", "dropCollection"]}},
)

custom_dns = platform.CustomDns("custom-dns", group_id=group_id, enabled=True)

pulumi.export("textIndexId", movies.id)
pulumi.export("textIndexStatus", movies.status)
pulumi.export("vectorIndexStatus", plots.status)
pulumi.export("searchNodesState", search_nodes.state_name)
pulumi.export("auditConfigurationType", auditing.configuration_type)
pulumi.export("customDnsEnabled", custom_dns.enabled)
