//go:build tools

// Package tools pins the Go language host. v3.66.0 is the last sdk/v3 release that carries it
// inside the sdk module; later releases moved it to its own module, which this proxy does not serve.
package tools

import _ "github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go"
