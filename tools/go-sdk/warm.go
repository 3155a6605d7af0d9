// Package warm is compiled by `scripts/toolchain.sh --native` and never linked: it puts the Go SDK a
// Pulumi Go program needs (github.com/pulumi/pulumi/sdk/v3 at the version go.mod requires) into the Go
// module cache and its compiled packages into the Go build cache, so that a Go program and an SDK made
// by pulumi-sdkgen compile offline and in seconds. go.mod pins every module at the version
// tools/pulumi-cli selects, and the toolchain compiles this with -trimpath like the CLI, so only the
// SDK's own packages are compiled here; a program shares all of it when its go.mod is a copy of this
// one and it is built with GOFLAGS=-trimpath (tools/README.md).
package warm

import (
	_ "github.com/blang/semver"
	_ "github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	_ "github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
	_ "github.com/pulumi/pulumi/sdk/v3/go/pulumix"
)
