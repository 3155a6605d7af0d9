/**
 * The contract check (docs/contract-check.md): validates the traffic the test suites recorded (see
 * emulator/core/trafficRecorder.ts) against the vendored public contract, prints the figures, every
 * divergence the allow-list (scripts/lib/contract/allow-list.ts) does not cover and the coverage per
 * operation, and exits 1 on a divergence or, for a tier, on lost coverage or a stale allow-list entry
 * (scripts/lib/contract/check.ts).
 *
 *   ts-node --transpile-only scripts/contract-check.ts [traffic-folder] [--tier quick|all]
 *       [--write-coverage] [--all]
 *
 * The folder defaults to $PLATFORM_CONTRACT_TRAFFIC_DIR, then .test-state/contract-traffic.
 * `--tier` names the run the traffic is of (quick: `npm test`, all: `npm run test:all`) and holds it
 * to scripts/lib/contract/coverage-by-tier.json; `--write-coverage` records this run there as the tier's list.
 * `--all` also prints the allowed divergence groups.
 */
import { join } from "node:path";
import { parseCheckArguments, runCheck } from "./lib/contract/check";

const parsed = parseCheckArguments(
  process.argv.slice(2),
  process.env.PLATFORM_CONTRACT_TRAFFIC_DIR ?? join(__dirname, "..", ".test-state", "contract-traffic"),
);
if (!parsed.ok) {
  console.error(`[contract] ${parsed.message}`);
  process.exit(2);
}
const result = runCheck(parsed.options);
(result.exitCode === 2 ? console.error : console.log)(result.lines.join("\n"));
process.exit(result.exitCode);
