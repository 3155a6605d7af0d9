//go:build tools

// Package tools pins the Python language host. v3.68.0 is the release the Node.js host is built
// from (same dependencies, so the Go build cache compiles them once); the host stayed inside the
// sdk/v3 module until v3.79.0 with only a refactoring after v3.68.0. The script
// `pulumi-language-python-exec` from the same module is copied beside the built host.
package tools

import _ "github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python"
