#!/usr/bin/env bash
# Makes `require("pulumi-cluster-platform/...")` resolve inside this repository, exactly as it does in a
# user's project after `npm install pulumi-cluster-platform`: the example programs, the e2e programs
# and the dynamic provider host (which resolves modules from the program's folder) all need it.
# node_modules is git-ignored; this only adds the link npm itself would add for a dependency.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$root/node_modules"
ln -sfn .. "$root/node_modules/pulumi-cluster-platform"
