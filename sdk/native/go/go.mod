module github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go

go 1.25

require github.com/pulumi/pulumi/sdk/v3 v3.256.0
