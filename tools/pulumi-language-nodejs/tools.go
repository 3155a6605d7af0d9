//go:build tools

// Package tools pins the Node.js language host. v3.68.0 is the last sdk/v3 release that still carries
// it inside the sdk module; later releases moved it to a module published only at pseudo-versions.
package tools

import _ "github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs"
