module pulumi-cluster-platform/tools/atlas-go-client

go 1.26

require go.mongodb.org/atlas-sdk/v20250312006 v20250312006.1.0

require (
	github.com/mongodb-forks/digest v1.1.0 // indirect
	golang.org/x/oauth2 v0.30.0 // indirect
)
