#!/usr/bin/env bash
# Provides the Pulumi engine this project's demo and end-to-end tests run on, in .tools/bin:
#   pulumi                          the CLI
#   pulumi-language-nodejs          the Node.js language host
#   pulumi-resource-pulumi-nodejs   the dynamic provider plugin script (ships inside @pulumi/pulumi)
#
# With --native it also provides what running a native provider plugin from other languages and
# generating its SDKs need (tools/README.md, "Running programs in other languages offline"):
#   pulumi-language-python (+ pulumi-language-python-exec), pulumi-language-go, pulumi-language-yaml
#   pulumi-sdkgen                   Node.js/Python/Go SDKs from a schema.json (tools/sdkgen)
#   .tools/venv                     Python with the `pulumi` package (tools/python/requirements.txt)
#   the Go SDK github.com/pulumi/pulumi/sdk/v3 in the Go module and build caches (tools/go-sdk),
#   and every module and checksum a Go program on the generated SDK needs to be tidied and built
#   offline (scripts/test-fresh.sh --fetch)
#   the vendor's Go SDK go.mongodb.org/atlas-sdk in the Go module and build caches, for the real
#   client of the service the suite runs (tools/atlas-go-client)
#
# Go's module cache and GOPATH are the project's (.tools/go, scripts/env.sh), never the user's, so that
# the tests' offline Go steps find only what this script fetched (`npm run check:fresh` checks it); the
# build cache stays Go's own (it holds nothing fetched).
#
# 1. A `pulumi` already on PATH whose version is at least PULUMI_MIN_VERSION is used as it is
#    (with the language hosts beside it; a host missing there is built as in 2).
# 2. Otherwise the executables are built from the published Go modules pinned under tools/
#    (the npm packages named pulumi do not carry the binary, and this machine has no other network).
#    Every build is cached: a stamp records what was built, so a second run takes a second or two.
# 3. With neither, it stops and says how to install the Pulumi CLI.
#
# Prints nothing but progress on stderr; safe to run repeatedly.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# GOPATH and GOMODCACHE under .tools (and the rest of the project's environment).
source "$root/scripts/env.sh"
bin="$root/.tools/bin"
PULUMI_MIN_VERSION="${PULUMI_MIN_VERSION:-3.200.0}"
# The CLI version built from tools/pulumi-cli (why this one: tools/README.md).
PULUMI_BUILD_VERSION="v3.259.0"
LANGUAGE_HOST_VERSION="v3.68.0"
# The --native hosts; each version is the one its tools/<module>/go.mod requires.
PYTHON_HOST_VERSION="v3.68.0"
GO_HOST_VERSION="v3.66.0"
YAML_HOST_VERSION="v1.25.0"

native=false
for arg in "$@"; do
  case "$arg" in
    --native) native=true ;;
    -h | --help)
      sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      printf '[toolchain] unknown argument %s (usage: toolchain.sh [--native])\n' "$arg" >&2
      exit 2
      ;;
  esac
done

say() { printf '[toolchain] %s\n' "$*" >&2; }

version_at_least() { # version_at_least HAVE WANT
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

link_dynamic_provider_plugin() {
  local script="$root/node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs"
  if [ ! -f "$script" ]; then
    say "node_modules/@pulumi/pulumi is missing: run 'npm ci' first."
    exit 1
  fi
  ln -sfn "$script" "$bin/pulumi-resource-pulumi-nodejs"
}

require_go() {
  command -v go >/dev/null 2>&1 && return
  cat >&2 <<EOF
[toolchain] No suitable Pulumi CLI was found and Go is not installed to build one.
[toolchain] Install the Pulumi CLI (>= $PULUMI_MIN_VERSION) with its language hosts on PATH,
[toolchain] see https://www.pulumi.com/docs/install/ , or install Go (>= 1.26) and run this again.
EOF
  exit 1
}

# The hash of a tools/ module's go.mod, go.sum and Go files, for the stamps.
module_hash() { cat "$root/$1/go.mod" "$root/$1/go.sum" "$root/$1"/*.go | sha256sum | cut -c1-16; }

build() { # build MODULE_DIR PACKAGE OUTPUT VERSION [VERSION_VARIABLE]
  local started=$SECONDS
  local variable="${5:-github.com/pulumi/pulumi/sdk/v3/go/common/version.Version}"
  say "building $3 from $2@$4 (a first build takes minutes; later runs use the Go cache)"
  (cd "$root/$1" && go build -trimpath -ldflags "-s -w -X $variable=$4" -o "$bin/$3.tmp" "$2")
  mv "$bin/$3.tmp" "$bin/$3"
  say "built $3 in $((SECONDS - started)) s"
}

mkdir -p "$bin"
started=$SECONDS

# 1. A suitable pulumi on PATH (outside our own .tools/bin).
system_dir=""
system_pulumi="$(PATH="$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$bin" | paste -sd: -)" command -v pulumi || true)"
if [ -n "$system_pulumi" ]; then
  have="$("$system_pulumi" version 2>/dev/null | sed 's/^v//' || true)"
  real_dir="$(dirname "$(readlink -f "$system_pulumi")")"
  if [ "$real_dir" != "$bin" ] && [ -n "$have" ] && version_at_least "$have" "$PULUMI_MIN_VERSION" &&
    [ -x "$real_dir/pulumi-language-nodejs" ]; then
    system_dir="$real_dir"
    ln -sfn "$(readlink -f "$system_pulumi")" "$bin/pulumi"
    ln -sfn "$real_dir/pulumi-language-nodejs" "$bin/pulumi-language-nodejs"
    link_dynamic_provider_plugin
    say "using pulumi $have from $real_dir"
    rm -f "$bin/.stamp"
  else
    say "ignoring pulumi on PATH (version '${have:-unknown}', need >= $PULUMI_MIN_VERSION with pulumi-language-nodejs beside it)"
  fi
fi

# 2. Otherwise build the CLI and the Node.js host from the Go modules under tools/, cached by a stamp
#    of their go.mod/go.sum and versions.
if [ -z "$system_dir" ]; then
  require_go
  stamp_file="$bin/.stamp"
  stamp="$(cat "$root"/tools/pulumi-cli/go.mod "$root"/tools/pulumi-cli/go.sum \
    "$root"/tools/pulumi-language-nodejs/go.mod "$root"/tools/pulumi-language-nodejs/go.sum \
    | sha256sum | cut -c1-16)-$PULUMI_BUILD_VERSION-$LANGUAGE_HOST_VERSION-$(go env GOVERSION)"
  if [ -x "$bin/pulumi" ] && [ ! -L "$bin/pulumi" ] && [ -x "$bin/pulumi-language-nodejs" ] &&
    [ "$(cat "$stamp_file" 2>/dev/null)" = "$stamp" ]; then
    link_dynamic_provider_plugin
    say "pulumi $("$bin/pulumi" version) (cached build in .tools/bin)"
  else
    rm -f "$stamp_file"
    build tools/pulumi-language-nodejs github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs \
      pulumi-language-nodejs "$LANGUAGE_HOST_VERSION" &
    language_host_build=$!
    build tools/pulumi-cli github.com/pulumi/pulumi/pkg/v3/cmd/pulumi pulumi "$PULUMI_BUILD_VERSION"
    wait "$language_host_build"
    link_dynamic_provider_plugin
    printf '%s' "$stamp" >"$stamp_file"
    say "pulumi $("$bin/pulumi" version) ready in .tools/bin"
  fi
fi

$native || exit 0

# 3. --native: the other language hosts, the SDK generator, the Python venv and the Go SDK.

# A host from the same installation as the system pulumi is linked; otherwise it is built.
# host_from_system NAME [COMPANION...]: link NAME (and its companions) from beside the system pulumi.
host_from_system() {
  [ -n "$system_dir" ] || return 1
  local file
  for file in "$@"; do [ -x "$system_dir/$file" ] || return 1; done
  for file in "$@"; do
    ln -sfn "$system_dir/$file" "$bin/$file"
    rm -f "$bin/.stamp-$file"
  done
  say "using $1 from $system_dir"
}

# cached_build NAME MODULE_DIR PACKAGE VERSION [VERSION_VARIABLE]: build unless the stamp matches.
cached_build() {
  local stamp
  stamp="$(module_hash "$2")-$4-$(go env GOVERSION)"
  if [ -x "$bin/$1" ] && [ ! -L "$bin/$1" ] && [ "$(cat "$bin/.stamp-$1" 2>/dev/null)" = "$stamp" ]; then
    say "$1 $4 (cached build)"
    return
  fi
  rm -f "$bin/.stamp-$1" "$bin/$1"
  build "$2" "$3" "$1" "$4" "${5:-}"
  printf '%s' "$stamp" >"$bin/.stamp-$1"
}

python_host() {
  host_from_system pulumi-language-python pulumi-language-python-exec && return
  require_go
  cached_build pulumi-language-python tools/pulumi-language-python \
    github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python "$PYTHON_HOST_VERSION"
  # The host runs programs through this script, which it expects beside itself.
  local sdk
  sdk="$(cd "$root/tools/pulumi-language-python" && go mod download github.com/pulumi/pulumi/sdk/v3 &&
    go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)"
  install -m 0755 "$sdk/python/cmd/pulumi-language-python-exec" "$bin/pulumi-language-python-exec"
}

go_host() {
  host_from_system pulumi-language-go && return
  require_go
  cached_build pulumi-language-go tools/pulumi-language-go \
    github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go "$GO_HOST_VERSION"
}

yaml_host() {
  host_from_system pulumi-language-yaml && return
  require_go
  cached_build pulumi-language-yaml tools/pulumi-language-yaml \
    github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml "$YAML_HOST_VERSION" \
    github.com/pulumi/pulumi-yaml/pkg/version.Version
}

sdkgen() {
  require_go
  cached_build pulumi-sdkgen tools/sdkgen pulumi-cluster-platform/tools/sdkgen "$PULUMI_BUILD_VERSION"
}

# The Go SDK at the version tools/go-sdk/go.mod requires, for Go programs: every module that go.mod
# lists is downloaded (the Go host runs `go list -m` on a program's requirements; a program's go.mod is
# a copy of this one) and its packages compiled into the Go build cache with the flags the CLI is built
# with. tools/go-sdk/go.mod pins each module at the version tools/pulumi-cli selects, so all but four
# packages are the CLI's, already compiled; a program built with GOFLAGS=-trimpath finds them all.
# Then the offline Go steps of the tests (scripts/test-fresh.sh: `go mod tidy` and `go build` of a
# program on the generated SDK, as the export command writes it and examples/native-go is) run once
# with the proxy on: tidy also needs the modules of the tests of every package the program imports,
# and the checksum database's answers for them, which nothing else fetches. The stamp holds the caches'
# and GOPATH's paths, so new ones are filled, and what those steps read (the generated Go SDK, the
# example, the script).
go_sdk() {
  require_go
  local stamp version started=$SECONDS
  version="$(cd "$root/tools/go-sdk" && go mod download github.com/pulumi/pulumi/sdk/v3 &&
    go list -m -f '{{.Version}}' github.com/pulumi/pulumi/sdk/v3)"
  stamp="$(module_hash tools/go-sdk)-$(go env GOVERSION)-$(go env GOCACHE GOMODCACHE GOPATH | sha256sum | cut -c1-8)"
  stamp="$stamp-$(find "$root/sdk/native/go" "$root/examples/native-go" "$root/scripts/test-fresh.sh" -type f \
    -print0 | sort -z | xargs -0 cat | sha256sum | cut -c1-16)"
  if [ "$(cat "$root/.tools/.stamp-go-sdk" 2>/dev/null)" = "$stamp" ]; then
    say "Go SDK $version (cached in the Go caches)"
    return
  fi
  say "compiling the Go SDK $version into the Go build cache"
  (cd "$root/tools/go-sdk" && go mod download && go build -trimpath .)
  bash "$root/scripts/test-fresh.sh" --fetch
  printf '%s' "$stamp" >"$root/.tools/.stamp-go-sdk"
  say "compiled the Go SDK $version in $((SECONDS - started)) s"
}

# The vendor's own Go SDK (tools/atlas-go-client: go.mongodb.org/atlas-sdk, the version tools/README.md
# says the proxy serves) for the real client of the service the end-to-end suite runs against the
# emulator (tests/contract/atlasGoClient.e2e.test.ts): its modules downloaded into the project's module
# cache, so the test and `npm run check:fresh` build it with GOPROXY=off, and its packages compiled into
# the Go build cache with the test's flags. The proxy serves the SDK's version when asked for it by
# name, not in its list (tools/README.md).
atlas_go_client() {
  require_go
  local stamp started=$SECONDS
  stamp="$(module_hash tools/atlas-go-client)-$(go env GOVERSION)-$(go env GOCACHE GOMODCACHE GOPATH | sha256sum | cut -c1-8)"
  if [ "$(cat "$root/.tools/.stamp-atlas-go-client" 2>/dev/null)" = "$stamp" ]; then
    say "the vendor's Go SDK for tools/atlas-go-client (cached in the Go caches)"
    return
  fi
  say "downloading and compiling the vendor's Go SDK for tools/atlas-go-client"
  (cd "$root/tools/atlas-go-client" && go mod download &&
    GOFLAGS="-mod=readonly -buildvcs=false" go build -trimpath -o /dev/null .)
  printf '%s' "$stamp" >"$root/.tools/.stamp-atlas-go-client"
  say "the vendor's Go SDK for tools/atlas-go-client ready in $((SECONDS - started)) s"
}

# .tools/venv with the pinned `pulumi` package from PyPI. Python programs run with this venv's bin
# first on PATH (or PULUMI_PYTHON_CMD pointing at its python).
python_venv() {
  local venv="$root/.tools/venv" requirements="$root/tools/python/requirements.txt" python stamp started=$SECONDS
  python="$(command -v python3 || true)"
  if [ -z "$python" ] || ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
    say "Python >= 3.10 (python3 on PATH) is needed for .tools/venv; found '${python:-none}'."
    return 1
  fi
  stamp="$(sha256sum <"$requirements" | cut -c1-16)-$("$python" -c 'import sys; print(sys.version.split()[0])')-$python"
  if [ -x "$venv/bin/python" ] && [ "$(cat "$venv/.stamp" 2>/dev/null)" = "$stamp" ]; then
    say "Python venv .tools/venv (cached)"
    return
  fi
  say "creating .tools/venv with $(grep -m1 '^pulumi==' "$requirements") from PyPI"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$requirements"
  printf '%s' "$stamp" >"$venv/.stamp"
  say "created .tools/venv in $((SECONDS - started)) s"
}

# A second Pulumi CLI, the newest the Go module proxy served when tools/pulumi-cli-newest was pinned
# (tools/README.md), in .tools/pulumi-newest/bin with the Node.js host of .tools/bin and the dynamic
# provider script beside it: drift's e2e scenario runs on it too (tests/e2e/driftNewestCli.e2e.test.ts),
# since users run the Pulumi they have, not this repository's pin. The local `bin` is what the
# helpers (cached_build, link_dynamic_provider_plugin) write to.
newest_cli() {
  require_go
  local host="$bin/pulumi-language-nodejs" version
  local bin="$root/.tools/pulumi-newest/bin"
  version="$(cd "$root/tools/pulumi-cli-newest" && go list -m -f '{{.Version}}' github.com/pulumi/pulumi/pkg/v3)"
  mkdir -p "$bin"
  cached_build pulumi tools/pulumi-cli-newest github.com/pulumi/pulumi/pkg/v3/cmd/pulumi "$version"
  ln -sfn "$(readlink -f "$host")" "$bin/pulumi-language-nodejs"
  link_dynamic_provider_plugin
}

# The venv downloads while the Go builds compile; the builds run side by side (each uses every core
# while compiling, and one's link overlaps another's compile).
pids=()
python_venv &
pids+=($!)
{ python_host && go_host && atlas_go_client; } &
pids+=($!)
yaml_host &
pids+=($!)
{ sdkgen && go_sdk; } &
pids+=($!)
newest_cli &
pids+=($!)
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
if [ "$failed" != 0 ]; then
  say "the native toolchain is incomplete (see the messages above)"
  exit 1
fi
say "native toolchain ready in .tools in $((SECONDS - started)) s"
