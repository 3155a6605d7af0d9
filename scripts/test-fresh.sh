#!/usr/bin/env bash
# `npm run check:fresh` (part of `npm run test:all`): the Go- and Python-dependent steps the
# end-to-end tests take offline, run against EMPTY global caches, so that a test cannot pass only
# because earlier work left something on the machine. HOME and the XDG folders point at an empty
# scratch folder, Go's environment file and proxy are off, the pip cache is off, and the only caches
# are the project's (GOPATH and GOMODCACHE under .tools/go, .tools/venv: scripts/env.sh,
# scripts/toolchain.sh --native). The steps:
#   1. a Go program on the generated SDK as `pulumi-cluster-platform export --language go` writes it,
#      with the modules pinned as tools/go-sdk/go.mod pins them: `go mod tidy`, then `go build`
#      (tests/e2e/native/exportLanguages.e2e.test.ts, then the Go host);
#   2. examples/native-go with the SDK replaced by sdk/native/go: `go build` (tests/e2e/native/go);
#   3. tools/atlas-go-client, the real client of the service on the vendor's Go SDK: `go build` with
#      go.mod and go.sum read-only (tests/contract/atlasGoClient.e2e.test.ts);
#   4. the Python SDK (sdk/native/python) installed as the tests install it (pip --no-index
#      --no-build-isolation, scripts/lib/pulumi-stack.ts) and imported by the venv's Python.
# Each failure is named with what is missing (module@version from Go's message, or pip's), and the
# check exits 1.
#
# `--fetch` is the toolchain's half (scripts/toolchain.sh --native): the Go steps once with the proxy
# on and the environment as it is, which leaves every module and checksum they need in the project's
# module cache. Nothing else fetches the modules of the tests of the packages a program imports, which
# `go mod tidy` reads.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/env.sh

mode=check
case "${1:-}" in
  "") ;;
  --fetch) mode=fetch ;;
  *)
    printf 'usage: scripts/test-fresh.sh [--fetch]\n' >&2
    exit 2
    ;;
esac

say() { printf '[check:fresh] %s\n' "$*" >&2; }

# The generated Go SDK's module (sdk/native/go/go.mod), which programs replace with a folder.
sdk_module="$(sed -n 's/^module //p' sdk/native/go/go.mod)"
scratch="$(mktemp -d)"
trap 'chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT

if [ "$mode" = check ]; then
  for cache in "$GOPATH" "$GOMODCACHE"; do
    case "$cache" in
      "$root/.tools/"*) ;;
      *)
        say "Go's folder $cache is not the project's (.tools): source scripts/env.sh"
        exit 1
        ;;
    esac
  done
  mkdir -p "$scratch/home"
  # The build cache is kept (compiled output only, nothing fetched: scripts/env.sh); named before
  # HOME moves, since Go derives its default from HOME.
  GOCACHE="$(go env GOCACHE)"
  export GOCACHE
  export HOME="$scratch/home" XDG_CACHE_HOME="$scratch/home/.cache"
  export XDG_CONFIG_HOME="$scratch/home/.config" GOENV=off GOPROXY=off GOTOOLCHAIN=local
  export PIP_NO_INDEX=1 PIP_NO_CACHE_DIR=1 PIP_CONFIG_FILE=/dev/null PIP_DISABLE_PIP_VERSION_CHECK=1
fi
# As the tests' Go programs are built (scripts/lib/pulumi-stack.ts): -trimpath reuses the compiled SDK.
export GOFLAGS="-trimpath"

failed=()
# step NAME COMMAND...: runs the command, and on failure prints its output and what it names as missing.
step() {
  local name="$1" output started=$SECONDS
  shift
  if output="$("$@" 2>&1)"; then
    say "ok: $name ($((SECONDS - started)) s)"
    return 0
  fi
  failed+=("$name")
  say "FAILED: $name"
  printf '%s\n' "$output" | sed 's/^/    /' >&2
  # Go names a module it could not get ("go: downloading M V", "M@V: verifying ...", "missing go.sum
  # entry for module providing package P") or a package no module in the cache provides ("P: module
  # lookup disabled by GOPROXY=off"); pip names a distribution.
  local missing
  missing="$(printf '%s\n' "$output" | sed -nE \
    -e 's/^go: downloading ([^ ]+) ([^ ]+)$/\1@\2/p' \
    -e 's/^[[:space:]]*([^ :]+@v[^ :]+): .*/\1/p' \
    -e 's/.*missing go.sum entry for module providing package ([^ ;]+).*/\1/p' \
    -e 's/^[[:space:]]*([^ :]+): module lookup disabled by GOPROXY=off$/\1/p' \
    -e 's/.*No matching distribution found for (.+)$/\1/p' | sort -u)"
  [ -z "$missing" ] || say "missing from the project's caches: $(printf '%s' "$missing" | paste -sd' ' -)"
  return 1
}

# 1. The exported Go program: go.mod as provider/cli/export/go.ts goMod writes it, the pins of
#    tools/go-sdk/go.mod and the replace the tests make, main.go with the imports of goProgram.
exported="$scratch/exported"
mkdir -p "$exported"
cat >"$exported/go.mod" <<EOF
module exported

go 1.25

require $sdk_module v0.0.0

replace $sdk_module => $root/sdk/native/go
EOF
cat >"$exported/main.go" <<EOF
package main

import (
	"$sdk_module/platform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		_, err := platform.NewCustomDns(ctx, "dns", &platform.CustomDnsArgs{
			GroupId: pulumi.String(cfg.Require("groupId")),
			Enabled: pulumi.Bool(true),
		})
		return err
	})
}
EOF
mapfile -t pins < <(sed -nE 's/^\s+(\S+) (v\S+).*/-require=\1@\2/p' tools/go-sdk/go.mod)
step "go mod edit of an exported program (the pins of tools/go-sdk/go.mod)" \
  bash -c 'cd "$0" && go mod edit "$@"' "$exported" "${pins[@]}" &&
  step "go mod tidy of an exported program" bash -c 'cd "$0" && go mod tidy' "$exported" &&
  step "go build of an exported program" bash -c 'cd "$0" && go build -o "$0/program" .' "$exported" || true

# 2. examples/native-go as tests/e2e/native/go.e2e.test.ts runs it.
example="$scratch/native-go"
cp -r examples/native-go "$example"
step "go build of examples/native-go on sdk/native/go" bash -c \
  'cd "$0" && go mod edit -replace="$1=$2" && go build -o "$0/program" .' \
  "$example" "$sdk_module" "$root/sdk/native/go" || true

# 3. tools/atlas-go-client as tests/contract/atlasGoClient.e2e.test.ts builds it (its modules:
#    scripts/toolchain.sh atlas_go_client).
step "go build of tools/atlas-go-client on the vendor's Go SDK" bash -c \
  'cd "$0" && go build -mod=readonly -buildvcs=false -o "$1/atlas-go-client" .' \
  "$root/tools/atlas-go-client" "$scratch" || true

# 4. The Python SDK, offline, into the venv's Python.
if [ "$mode" = check ]; then
  venv_python="$root/.tools/venv/bin/python"
  if [ ! -x "$venv_python" ]; then
    failed+=("the Python venv")
    say "FAILED: .tools/venv is missing: run bash scripts/toolchain.sh --native"
  else
    cp -r sdk/native/python "$scratch/sdk-python"
    step "pip install of sdk/native/python without an index or a cache" \
      "$venv_python" -m pip install -q --no-deps --no-build-isolation --target "$scratch/python-sdk" \
      "$scratch/sdk-python" &&
      step "import of the Python SDK and its runtime" \
        env PYTHONPATH="$scratch/python-sdk" "$venv_python" -c 'import pulumi_cluster_platform' || true
  fi
fi

if [ "${#failed[@]}" -gt 0 ]; then
  if [ "$mode" = check ]; then
    say "${#failed[@]} step(s) failed against empty global caches: ${failed[*]}"
    say "scripts/toolchain.sh --native must fetch what they name (it runs this script with --fetch)"
  fi
  exit 1
fi
say "every offline Go and Python step passed using only the project's caches"
