#!/usr/bin/env bash
# `npm run demo`: the main job. Provides the toolchain and runs the demo stack with a project-local
# file backend (.demo-state/, git-ignored), then shows its outputs and a clean preview.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/env.sh
bash scripts/toolchain.sh
bash scripts/link-self.sh
exec ts-node --transpile-only scripts/demo.ts "$@"
