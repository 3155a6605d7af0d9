#!/usr/bin/env bash
# Provides the Pulumi engine this project's demo and end-to-end tests run on, in .tools/bin:
#   pulumi                          the CLI
#   pulumi-language-nodejs          the Node.js language host
#   pulumi-resource-pulumi-nodejs   the dynamic provider plugin script (ships inside @pulumi/pulumi)
#
# 1. A `pulumi` already on PATH whose version is at least PULUMI_MIN_VERSION is used as it is
#    (with the language host beside it).
# 2. Otherwise both executables are built from the published Go modules pinned under tools/
#    (the npm packages named pulumi do not carry the binary, and this machine has no other network).
#    The build is cached: a stamp records what was built, so a second run takes a second or two.
# 3. With neither, it stops and says how to install the Pulumi CLI.
#
# Prints nothing but progress on stderr; safe to run repeatedly.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bin="$root/.tools/bin"
PULUMI_MIN_VERSION="${PULUMI_MIN_VERSION:-3.200.0}"
# The CLI version built from tools/pulumi-cli. pkg/v3 releases after v3.259.0 are not served by the
# module proxy this project can reach (see tools/README.md).
PULUMI_BUILD_VERSION="v3.259.0"
LANGUAGE_HOST_VERSION="v3.68.0"

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

mkdir -p "$bin"

# 1. A suitable pulumi on PATH (outside our own .tools/bin).
system_pulumi="$(PATH="$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$bin" | paste -sd: -)" command -v pulumi || true)"
if [ -n "$system_pulumi" ]; then
  have="$("$system_pulumi" version 2>/dev/null | sed 's/^v//' || true)"
  real_dir="$(dirname "$(readlink -f "$system_pulumi")")"
  if [ -n "$have" ] && version_at_least "$have" "$PULUMI_MIN_VERSION" && [ -x "$real_dir/pulumi-language-nodejs" ]; then
    ln -sfn "$(readlink -f "$system_pulumi")" "$bin/pulumi"
    ln -sfn "$real_dir/pulumi-language-nodejs" "$bin/pulumi-language-nodejs"
    link_dynamic_provider_plugin
    say "using pulumi $have from $real_dir"
    exit 0
  fi
  say "ignoring pulumi on PATH (version '${have:-unknown}', need >= $PULUMI_MIN_VERSION with pulumi-language-nodejs beside it)"
fi

# 2. Build from the Go modules under tools/, cached by a stamp of their go.mod/go.sum and versions.
if ! command -v go >/dev/null 2>&1; then
  cat >&2 <<EOF
[toolchain] No suitable Pulumi CLI was found and Go is not installed to build one.
[toolchain] Install the Pulumi CLI (>= $PULUMI_MIN_VERSION) with its language hosts on PATH,
[toolchain] see https://www.pulumi.com/docs/install/ , or install Go (>= 1.26) and run this again.
EOF
  exit 1
fi

stamp_file="$bin/.stamp"
stamp="$(cat "$root"/tools/pulumi-cli/go.mod "$root"/tools/pulumi-cli/go.sum \
  "$root"/tools/pulumi-language-nodejs/go.mod "$root"/tools/pulumi-language-nodejs/go.sum \
  | sha256sum | cut -c1-16)-$PULUMI_BUILD_VERSION-$LANGUAGE_HOST_VERSION-$(go env GOVERSION)"
if [ -x "$bin/pulumi" ] && [ -x "$bin/pulumi-language-nodejs" ] && [ "$(cat "$stamp_file" 2>/dev/null)" = "$stamp" ]; then
  link_dynamic_provider_plugin
  say "pulumi $("$bin/pulumi" version) (cached build in .tools/bin)"
  exit 0
fi

rm -f "$stamp_file"
build() { # build MODULE_DIR PACKAGE OUTPUT VERSION
  local started=$SECONDS
  say "building $3 from $2@$4 (first build takes several minutes; later runs use the Go cache)"
  (cd "$root/$1" && go build -trimpath \
    -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$4" \
    -o "$bin/$3.tmp" "$2")
  mv "$bin/$3.tmp" "$bin/$3"
  say "built $3 in $((SECONDS - started)) s"
}
build tools/pulumi-language-nodejs github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs \
  pulumi-language-nodejs "$LANGUAGE_HOST_VERSION" &
language_host_build=$!
build tools/pulumi-cli github.com/pulumi/pulumi/pkg/v3/cmd/pulumi pulumi "$PULUMI_BUILD_VERSION"
wait "$language_host_build"
link_dynamic_provider_plugin
printf '%s' "$stamp" >"$stamp_file"
say "pulumi $("$bin/pulumi" version) ready in .tools/bin"
