/**
 * The contract check (docs/contract-check.md): validates the traffic the test suites recorded (see
 * emulator/core/trafficRecorder.ts) against the vendored public contract, prints the figures and every
 * divergence the allow-list (scripts/lib/contract/allow-list.ts) does not cover, and exits 1 if there is one.
 *
 *   ts-node --transpile-only scripts/contract-check.ts [traffic-folder]
 *
 * The folder defaults to $PLATFORM_CONTRACT_TRAFFIC_DIR, then .test-state/contract-traffic.
 * `--all` also prints the allowed divergence groups.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ContractOracle } from "./lib/contract/oracle";
import { buildReport, formatGroup, formatReport, readTraffic } from "./lib/contract/report";

const args = process.argv.slice(2);
const showAll = args.includes("--all");
const dir =
  args.find((arg) => !arg.startsWith("--")) ??
  process.env.PLATFORM_CONTRACT_TRAFFIC_DIR ??
  join(__dirname, "..", ".test-state", "contract-traffic");

if (!existsSync(dir)) {
  console.error(
    `[contract] no traffic folder ${dir}: run the jest suites with PLATFORM_CONTRACT_TRAFFIC_DIR set`,
  );
  process.exit(2);
}
const exchanges = readTraffic(dir);
if (exchanges.length === 0) {
  console.error(`[contract] ${dir} holds no recorded exchanges`);
  process.exit(2);
}
const report = buildReport(new ContractOracle(), exchanges);
console.log(formatReport(report));
if (showAll) {
  console.log("[contract] allowed divergence groups:");
  for (const group of report.groups.filter((g) => g.allowedBy)) {
    console.log([...formatGroup(group), `    allowed: ${group.allowedBy?.reason}`].join("\n"));
  }
}
// Stale entries are only reported: a partial run (one jest project) need not exercise every entry.
const failing = report.groups.filter((group) => !group.allowedBy).length;
process.exit(failing > 0 ? 1 : 0);
