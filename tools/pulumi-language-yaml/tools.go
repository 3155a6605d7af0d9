//go:build tools

// Package tools pins the YAML language host from github.com/pulumi/pulumi-yaml, with the pkg/sdk
// v3.206.0 it was released with (it does not compile against tools/pulumi-cli's v3.259.0). The other
// modules are raised to the CLI's versions by tools/align-with-cli.sh, so most compiles are shared.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
