//go:build tools

// Package tools pins the Pulumi CLI module so `go build` can produce the `pulumi` binary offline-first
// from the Go module proxy (the npm packages named pulumi do not carry it).
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
