# Sourced by the project's scripts: the project-local toolchain first on PATH and Pulumi kept
# offline and inside the repository (every folder below is git-ignored).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$root/.tools/bin:$root/node_modules/.bin:$PATH"
export PULUMI_HOME="${PULUMI_HOME:-$root/.pulumi-home}"
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK=true
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE:-}"
# Go's module cache inside the project too (.tools/go), never the user's: what a test builds offline
# (GOPROXY=off) comes from what scripts/toolchain.sh fetched, not from what earlier work left on the
# machine (`npm run check:fresh` proves it). GOPATH too: it holds the checksum database's latest tree
# head (pkg/sumdb), without which the cached answers cannot be verified offline. The module cache's
# files are read-only, as Go makes them: `go clean -modcache` (this file sourced) removes it.
# The build cache (GOCACHE) stays Go's own: it holds only compiled output keyed by its inputs, never
# something fetched, so a missing entry costs a compile, never a test; sharing it spares every clean
# clone recompiling the Pulumi CLI and SDK.
export GOPATH="$root/.tools/go/path"
export GOMODCACHE="$root/.tools/go/mod"
