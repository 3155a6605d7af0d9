//go:build tools

// Package tools pins a second Pulumi CLI, the newest the Go module proxy served when it was added
// (tools/README.md), so drift is checked against a Pulumi other than the pinned one
// (tests/e2e/driftNewestCli.e2e.test.ts). scripts/toolchain.sh builds it only with --native.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
