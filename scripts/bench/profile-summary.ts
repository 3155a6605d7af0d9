/**
 * Summarizes a V8 .cpuprofile (from scripts/bench/profile.ts): sampled milliseconds by package or
 * folder of the code (self time), and the functions with the most self time. Each sample counts as
 * the median interval between samples, not its own: on a loaded machine the process is often not
 * scheduled, and the sample after such a gap would otherwise be charged the whole gap.
 *
 *   npx ts-node --transpile-only scripts/bench/profile-summary.ts <file.cpuprofile> [--top 30]
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (node_modules/<name>), our folder (dist/provider/<folder>) or Node's own code of a URL. */
function area(url: string): string {
  if (url === "") return "(native, gc, idle)";
  if (url.startsWith("node:")) return "node: built-ins";
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url.slice(url.lastIndexOf("node_modules/")));
  if (url.includes("/dist/provider/")) {
    const rest = url.slice(url.indexOf("/dist/provider/") + "/dist/provider/".length).split("/");
    return `provider/${rest[0]}${rest[0] === "resources" ? `/${rest[1]}` : ""}`;
  }
  if (packageMatch) return packageMatch[1] as string;
  return url;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: "string", default: "30" } },
  });
  const profile = JSON.parse(readFileSync(positionals[0] as string, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const interval =
    [...profile.timeDeltas].sort((a, b) => a - b)[Math.floor(profile.timeDeltas.length / 2)] ?? 0;
  const selfMicros = new Map<number, number>();
  for (const id of profile.samples) selfMicros.set(id, (selfMicros.get(id) ?? 0) + interval);
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, micros] of selfMicros) {
    const node = byId.get(id) as ProfileNode;
    const name = node.callFrame.functionName || "(anonymous)";
    const key = node.callFrame.url === "" ? name : area(node.callFrame.url);
    if (name === "(idle)") continue;
    total += micros;
    byArea.set(key, (byArea.get(key) ?? 0) + micros);
    const where = `${name} ${node.callFrame.url.split("/").slice(-2).join("/")}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + micros);
  }
  const print = (title: string, map: Map<string, number>, top: number) => {
    process.stdout.write(`\n${title}\n`);
    for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}\n`);
    }
  };
  process.stdout.write(`busy (sampled, not idle): ${(total / 1000).toFixed(0)} ms\n`);
  print("self time by area", byArea, 25);
  print("self time by function", byFunction, Number(values.top));
}

main();
