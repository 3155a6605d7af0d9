#!/usr/bin/env bash
# `npm test`: the toolchain (Pulumi CLI, cached after the first run), a build of the package (the
# dynamic provider host loads the compiled provider from dist/), type check, lint, then every jest
# suite: unit, integration (emulator) and end-to-end (real Pulumi CLI).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/env.sh

started=$SECONDS
bash scripts/toolchain.sh
echo "[test] toolchain ready in $((SECONDS - started)) s"

bash scripts/link-self.sh
npm run --silent build
npm run --silent typecheck
npm run --silent lint
echo "[test] build, typecheck and lint done at $((SECONDS - started)) s"

jest --ci "$@"
echo "[test] all suites done in $((SECONDS - started)) s"
