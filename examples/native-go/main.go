// The quickstart's search indexes, search nodes, auditing and custom DNS, written for the local emulator's default
// seed (project 5f1a000000000000000000a1 with the cluster demo-cluster). Point `platform:baseUrl` at the
// real service and set `groupId` and `clusterName` to run it for real.
package main

import (
	"github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go/platform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		groupId := cfg.Get("groupId")
		if groupId == "" {
			groupId = "5f1a000000000000000000a1"
		}
		clusterName := cfg.Get("clusterName")
		if clusterName == "" {
			clusterName = "demo-cluster"
		}

		// Search: a text index with explicit mappings, a vector index (create waits until each is READY),
		// and dedicated search nodes (create waits until they are IDLE).
		movies, err := platform.NewSearchIndex(ctx, "movies", &platform.SearchIndexArgs{
			GroupId:        pulumi.String(groupId),
			ClusterName:    pulumi.String(clusterName),
			Database:       pulumi.String("sample_mflix"),
			CollectionName: pulumi.String("movies"),
			Name:           pulumi.String("movies-text"),
			Definition: pulumi.Any(map[string]any{
				"analyzer": "lucene.english",
				"mappings": map[string]any{
					"dynamic": false,
					"fields": map[string]any{
						"title": map[string]any{"type": "string"},
						"plot":  map[string]any{"type": "string"},
						"year":  map[string]any{"type": "number"},
					},
				},
			}),
		})
		if err != nil {
			return err
		}

		plots, err := platform.NewSearchIndex(ctx, "plot-embeddings", &platform.SearchIndexArgs{
			GroupId:        pulumi.String(groupId),
			ClusterName:    pulumi.String(clusterName),
			Database:       pulumi.String("sample_mflix"),
			CollectionName: pulumi.String("embedded_movies"),
			Name:           pulumi.String("plot-vectors"),
			Type:           pulumi.String("vectorSearch"),
			Definition: pulumi.Any(map[string]any{
				"fields": []any{
					map[string]any{"type": "vector", "path": "plot_embedding", "numDimensions": 1536, "similarity": "cosine"},
					map[string]any{"type": "filter", "path": "year"},
				},
			}),
		})
		if err != nil {
			return err
		}

		searchNodes, err := platform.NewSearchDeployment(ctx, "search-nodes", &platform.SearchDeploymentArgs{
			GroupId:     pulumi.String(groupId),
			ClusterName: pulumi.String(clusterName),
			Specs: platform.SearchNodeSpecArray{
				platform.SearchNodeSpecArgs{InstanceSize: pulumi.String("S30_HIGHCPU_NVME"), NodeCount: pulumi.Int(2)},
			},
		})
		if err != nil {
			return err
		}

		// Project settings (singletons: created by adopting the project's current configuration).
		auditing, err := platform.NewAuditing(ctx, "auditing", &platform.AuditingArgs{
			GroupId:                   pulumi.String(groupId),
			Enabled:                   pulumi.Bool(true),
			AuditAuthorizationSuccess: pulumi.Bool(false),
			AuditFilter: pulumi.Any(map[string]any{
				"atype": map[string]any{"$in": []string{"authenticate", "createCollection", "dropCollection"}},
			}),
		})
		if err != nil {
			return err
		}

		customDns, err := platform.NewCustomDns(ctx, "custom-dns", &platform.CustomDnsArgs{
			GroupId: pulumi.String(groupId),
			Enabled: pulumi.Bool(true),
		})
		if err != nil {
			return err
		}

		ctx.Export("textIndexId", movies.ID())
		ctx.Export("textIndexStatus", movies.Status)
		ctx.Export("vectorIndexStatus", plots.Status)
		ctx.Export("searchNodesState", searchNodes.StateName)
		ctx.Export("auditConfigurationType", auditing.ConfigurationType)
		ctx.Export("customDnsEnabled", customDns.Enabled)
		return nil
	})
}
