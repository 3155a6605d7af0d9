#!/usr/bin/env bash
# `npm test`: the toolchain (Pulumi CLI, cached after the first run; --native adds the Python, Go and
# YAML language hosts, pulumi-sdkgen, the Python venv and the Go SDK for the end-to-end tests of the
# native plugin, tests/e2e/native), a build of the package (the dynamic provider host loads the
# compiled provider from dist/), type check, lint, then every jest suite: unit, integration
# (emulator) and end-to-end (real Pulumi CLI).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/env.sh

started=$SECONDS
bash scripts/toolchain.sh --native
echo "[test] toolchain ready in $((SECONDS - started)) s"

bash scripts/link-self.sh
npm run --silent build
npm run --silent typecheck
npm run --silent lint
echo "[test] build, typecheck and lint done at $((SECONDS - started)) s"

# Every exchange the in-process emulators serve is recorded for the contract check
# (docs/contract-check.md); the folder is git-ignored and emptied first.
traffic="$root/.test-state/contract-traffic"
rm -rf "$traffic"
PLATFORM_CONTRACT_TRAFFIC_DIR="$traffic" jest --ci "$@"
echo "[test] all suites done in $((SECONDS - started)) s"

ts-node --transpile-only scripts/contract-check.ts "$traffic"
echo "[test] contract check done in $((SECONDS - started)) s"
