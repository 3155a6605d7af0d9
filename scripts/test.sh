#!/usr/bin/env bash
# The test commands, one per tier (CONTRIBUTING.md, "Test tiers"; the tiers' jest projects are in
# tests/setup/tiers.js):
#   scripts/test.sh quick [jest args]   `npm test`, before every commit: unit, integration and the
#                                       real-engine smoke set (*.smoke.e2e.test.ts), on the Pulumi CLI
#   scripts/test.sh all [jest args]     `npm run test:all`, CI (.ci/run): every project, on the
#                                       --native toolchain (Python, Go and YAML hosts), then
#                                       `npm run check:fresh`
# Both: the toolchain (cached after its first run), a build of the package (the dynamic provider host
# loads the compiled provider from dist/; `tsc -b` does nothing when dist/ is current, e.g. right after
# npm ci's prepare), type check, lint, `generate --check`, the tier's jest projects (each file's time
# recorded in .test-state/durations.json), the contract check over the run's emulator traffic, and the
# 15 slowest files at the end.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/env.sh

tier="${1:-}"
case "$tier" in
  quick | all) shift ;;
  *)
    printf 'usage: scripts/test.sh quick|all [jest arguments]\n' >&2
    exit 2
    ;;
esac
{
  read -r projects
  read -r native
} < <(node tests/setup/tiers.js "$tier")

started=$SECONDS
jest_ran=false
slowest() {
  if $jest_ran; then
    echo "[test] the 15 slowest files of this run (all of them: .test-state/durations.json):"
    node tests/setup/durations.js slowest 15
  fi
}
trap slowest EXIT

if [ "$native" = true ]; then bash scripts/toolchain.sh --native; else bash scripts/toolchain.sh; fi
echo "[test] toolchain ready in $((SECONDS - started)) s"

bash scripts/link-self.sh
npm run --silent build
npm run --silent typecheck
npm run --silent lint
npm run --silent generate -- --check
echo "[test] build, typecheck, lint and generate --check done at $((SECONDS - started)) s"

# Every exchange the in-process emulators serve is recorded for the contract check
# (docs/contract-check.md); the folder is git-ignored and emptied first.
traffic="$root/.test-state/contract-traffic"
rm -rf "$traffic"
jest_ran=true
# shellcheck disable=SC2086 # the projects are words
PLATFORM_CONTRACT_TRAFFIC_DIR="$traffic" jest --ci --selectProjects $projects "$@"
echo "[test] jest ($projects) done in $((SECONDS - started)) s"

# The tier's coverage (scripts/lib/contract/coverage-by-tier.json) is held only when the whole tier
# ran: jest arguments (a path, -t) run a part of it, whose traffic is checked without coverage.
coverage=(--tier "$tier")
[ $# -eq 0 ] || coverage=()
ts-node --transpile-only scripts/contract-check.ts "$traffic" "${coverage[@]}"
echo "[test] contract check done in $((SECONDS - started)) s"

if [ "$tier" = all ]; then
  bash scripts/test-fresh.sh
  echo "[test] fresh-machine check done in $((SECONDS - started)) s"
fi
