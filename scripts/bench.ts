/**
 * The provider's overhead against the engine's floor, through the real Pulumi CLI and the emulator:
 * `pulumi up`, `refresh` and `destroy` of N alert configurations, beside N no-op dynamic resources
 * with the same inputs in the same run (scripts/bench/program), for each N. Prints one table:
 *
 * - seconds per command, platform and no-op, and their ratio (median over the rounds);
 * - CPU seconds per command of the whole CLI process tree (engine, language host, provider host: the
 *   CPU time of waited-for children, /proc/self/stat cutime + cstime, Linux only), platform and
 *   no-op, and their ratio; on a shared machine this is steadier than wall time, which counts the
 *   time other jobs hold the cores; then the lowest and highest CPU ratio of a single pair (the two
 *   kinds' commands run back to back), which shows how far one measurement can be trusted, and the
 *   median of the pairs' ratios with the interval that holds the true median at 95% or more
 *   (scripts/lib/stats.ts; as wide as the pairs' spread, narrower with more pairs); plus the
 *   emulator's own CPU seconds (it runs in this process);
 * - HTTP requests the emulator saw per resource, API calls per resource, the reads of a refresh (single
 *   reads per resource and list pages: each resource's Read is answered by its own GET or, once a
 *   refresh reads many, from a page), and HTTP requests per API call (Digest challenges included);
 * - state bytes per resource (`pulumi stack export`, one resource's JSON) of both, and their ratio;
 * then the emulator's req/s against a bare node:http server (scripts/bench-emulator.ts, shortened).
 *
 * The native form (kind "native", unless --skip-native): the same N alert configurations through the
 * native provider plugin `pulumi-resource-platform` (provider/native, tokens `platform:index:<Type>`),
 * its own stack in the same round, its commands run back to back with the other kinds' as one pair.
 * Its program (scripts/bench/native-program) is a Node.js program on the generated SDK
 * (`pulumi-cluster-platform/native`), not YAML, Python or Go: the language host is the one the dynamic
 * form runs in, so the comparison isolates the provider (a gRPC plugin process launched by the engine,
 * against the dynamic provider host). A second table sets it against the dynamic form (the goal: no
 * slower, state no larger) and against the no-op floor; "dynamic" there is kind "platform" of the first.
 * The two programs' inputs are checked equal in the state after each `up`.
 *
 * The emulator runs in this process with its per-project rate limit lifted, and the client's throttle
 * is off (`platform:rateLimitPerMinute` 0): this measures overhead, not the 429 path. Asynchronous
 * lifecycles are immediate (alert configurations are synchronous anyway).
 *
 * A round creates a stack of each kind and runs each command once per kind, the kinds back to back (a
 * "pair", whatever the number of kinds), rotating which goes first; `--refreshes K` runs K pairs of
 * refreshes per round (a refresh changes nothing, so it can repeat on the same stacks), for a command
 * whose ratio sits close to a goal.
 *
 *   npm run bench [-- --sizes 1,50,200 --rounds 1 --refreshes 1 --emulator-requests 5000
 *     --same-state-floor --skip-native]
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { type RunningEmulator, startEmulator } from "../emulator";
import { DEFAULT_SEED } from "../emulator/seed/demoCredentials";
import { emulatorStack, type LocalStack, type NativeLanguage, repoRoot } from "./lib/pulumi-stack";
import { median, medianInterval } from "./lib/stats";

const PROGRAM = join(__dirname, "bench", "program");
/** The native kind's program: a Node.js program on the native plugin's generated SDK. */
const NATIVE_PROGRAM = join(__dirname, "bench", "native-program");
const COMMANDS = ["up", "refresh", "destroy"] as const;
type Command = (typeof COMMANDS)[number];
/**
 * "platform": the dynamic form; "native": the native plugin (scripts/bench/native-program);
 * "noop-same-state": the diagnostic floor of --same-state-floor (scripts/bench/program).
 */
type Kind = "platform" | "native" | "noop" | "noop-same-state";
/** The kinds that call the API (the others make no request). */
type Measured = "platform" | "native";

/** Each pair's CPU ratio of a kind over another: platform over the floors, native over dynamic and floor. */
const PAIR_RATIOS = [
  ["platform", "noop"],
  ["platform", "noop-same-state"],
  ["native", "platform"],
  ["native", "noop"],
] as const;
type PairRatio = (typeof PAIR_RATIOS)[number];
const pairKey = ([over, under]: PairRatio): string => `${over}/${under}`;

const STATE_TYPE: Record<Kind, string> = {
  platform: "pulumi-nodejs:dynamic/platform:AlertConfiguration",
  native: "platform:index:AlertConfiguration",
  noop: "pulumi-nodejs:dynamic/bench:Noop",
  "noop-same-state": "pulumi-nodejs:dynamic/bench:NoopSameState",
};

interface Traffic {
  /** HTTP requests the emulator answered. */
  requests: number;
  /** Of those, requests that reached an operation (API calls). */
  calls: number;
  /** API calls that read one alert configuration (operation 7). */
  singleReads: number;
  /** API calls that read a page of them (operation 4). */
  pages: number;
}

interface Measure {
  seconds: Record<Kind, number[]>;
  cpuSeconds: Record<Kind, number[]>;
  /** A kind's CPU over another's (pairKey), of each pair of commands run back to back. */
  pairRatios: Map<string, number[]>;
  /** CPU seconds of this process (the emulator, mostly) during the kind's command. */
  emulatorCpuSeconds: Record<Measured, number[]>;
  traffic: Record<Measured, Traffic>;
}

const NO_TRAFFIC: Traffic = { requests: 0, calls: 0, singleReads: 0, pages: 0 };

/** Clock ticks per second of /proc's times (CLK_TCK). */
const CLOCK_TICKS = existsSync("/proc/self/stat")
  ? Number(execFileSync("getconf", ["CLK_TCK"]).toString())
  : 0;

/**
 * CPU seconds used so far by this process's waited-for children and their waited-for descendants
 * (fields cutime and cstime of /proc/self/stat); undefined off Linux.
 */
function childrenCpuSeconds(): number | undefined {
  if (CLOCK_TICKS === 0) return undefined;
  const stat = readFileSync("/proc/self/stat", "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / CLOCK_TICKS;
}

function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

async function createStack(kind: Kind, count: number, emulator: RunningEmulator): Promise<LocalStack> {
  const native: { native?: NativeLanguage } = kind === "native" ? { native: "nodejs" } : {};
  return emulatorStack(emulator, {
    program: kind === "native" ? NATIVE_PROGRAM : PROGRAM,
    ...native,
    workRoot: ".bench-state",
    echo: false,
    config: {
      ...(kind === "native" ? {} : { kind }),
      count: String(count),
      groupId: DEFAULT_SEED.projectId,
      // Overhead, not throttling: the emulator's limit is lifted too.
      "platform:rateLimitPerMinute": "0",
    },
  });
}

async function run(
  stack: LocalStack,
  command: Command,
): Promise<{ seconds: number; cpuSeconds: number; ownCpuSeconds: number }> {
  const started = performance.now();
  const childrenBefore = childrenCpuSeconds() ?? 0;
  const ownBefore = ownCpuSeconds();
  if (command === "up") await stack.up();
  else if (command === "refresh") await stack.refresh({ expectNoChanges: true });
  else await stack.destroy();
  return {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (childrenCpuSeconds() ?? Number.NaN) - childrenBefore,
    ownCpuSeconds: ownCpuSeconds() - ownBefore,
  };
}

function traffic(emulator: RunningEmulator): Traffic {
  const entries = emulator.core.requestLog.list();
  emulator.core.requestLog.clear();
  return {
    requests: entries.length,
    calls: entries.filter((entry) => entry.operation !== null).length,
    singleReads: entries.filter((entry) => entry.operation === "7").length,
    pages: entries.filter((entry) => entry.operation === "4").length,
  };
}

type StateResource = Record<string, unknown>;

/** The stack's resources of the type in its exported state. */
async function stateResources(stack: LocalStack, type: string): Promise<StateResource[]> {
  const state = await stack.exportState();
  const resources = (state.deployment.resources ?? []).filter((resource) => resource.type === type);
  if (resources.length === 0) throw new Error(`no ${type} in the state`);
  return resources;
}

/** Bytes of one resource in the exported state (mean over the resources). */
function bytesPerResource(resources: readonly StateResource[]): number {
  const bytes = resources.reduce((sum, resource) => sum + Buffer.byteLength(JSON.stringify(resource)), 0);
  return bytes / resources.length;
}

/**
 * Fails unless the native and dynamic stacks' first resources hold the same inputs (the dynamic
 * form's `__provider` aside): the two programs are separate files, and the comparison means nothing
 * if their inputs drift apart.
 */
function checkSameInputs(dynamic: readonly StateResource[], native: readonly StateResource[]): void {
  const byName = (resources: readonly StateResource[]) =>
    resources.find((resource) => String(resource.urn).endsWith("::alert-0"));
  const { __provider: _provider, ...dynamicInputs } = (byName(dynamic)?.inputs ?? {}) as Record<
    string,
    unknown
  >;
  const nativeInputs = (byName(native)?.inputs ?? {}) as Record<string, unknown>;
  const canonical = (value: unknown): string =>
    JSON.stringify(value, (_key, inner: unknown) =>
      inner !== null && typeof inner === "object" && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
        : inner,
    );
  if (canonical(dynamicInputs) !== canonical(nativeInputs)) {
    throw new Error(
      "scripts/bench/native-program and scripts/bench/program declare different inputs:\n" +
        `dynamic ${canonical(dynamicInputs)}\nnative  ${canonical(nativeInputs)}`,
    );
  }
}

/** The last three lines of a shortened emulator benchmark (req/s of both servers and the ratio). */
function emulatorRequestsPerSecond(requests: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(repoRoot, "node_modules", ".bin", "ts-node"),
      [
        "--transpile-only",
        join(__dirname, "bench-emulator.ts"),
        "--requests",
        String(requests),
        "--rounds",
        "2",
      ],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`bench-emulator exited ${code}`));
      else resolve(output.trim().split("\n").slice(-3));
    });
  });
}

/** The median of the platform/floor CPU ratios of the pairs, with its interval (scripts/lib/stats.ts). */
function pairRatioCell(ratios: readonly number[]): string {
  const interval = medianInterval(ratios);
  return (
    `${median(ratios).toFixed(3)}x (${interval.low.toFixed(3)}-${interval.high.toFixed(3)}, ` +
    `${(interval.coverage * 100).toFixed(0)}%, ${ratios.length} ${ratios.length === 1 ? "pair" : "pairs"})`
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "1,50,200" },
      rounds: { type: "string", default: "1" },
      /** Pairs of refreshes per round (each pair: platform and no-op back to back). */
      refreshes: { type: "string", default: "1" },
      /** Also measure against no-op resources holding the same state as the platform's (a diagnostic). */
      "same-state-floor": { type: "boolean", default: false },
      /** Leave out the native plugin's kind (the runs before it existed measured without it). */
      "skip-native": { type: "boolean", default: false },
      "emulator-requests": { type: "string", default: "5000" },
    },
  });
  const sizes = (values.sizes ?? "").split(",").map(Number);
  const rounds = Number(values.rounds);
  const refreshes = Number(values.refreshes);
  const sameStateFloor = values["same-state-floor"] === true;
  const native = values["skip-native"] !== true;
  const kinds: Kind[] = [
    "noop",
    "platform",
    ...(sameStateFloor ? (["noop-same-state"] as const) : []),
    ...(native ? (["native"] as const) : []),
  ];
  for (const [name, value] of [
    ["--rounds", rounds],
    ["--refreshes", refreshes],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of 1 or more`);
  }
  const startedAt = new Date().toISOString();
  const emulator = await startEmulator({
    port: 0,
    seed: "default",
    asyncDelayMs: 0,
    rateLimit: { limit: 1e9, windowMs: 60_000 },
  });
  const rows: string[] = [];
  const sameStateRows: string[] = [];
  const nativeRows: string[] = [];
  const log = (line: string) => process.stderr.write(`${line}\n`);
  try {
    for (const count of sizes) {
      const measures = new Map<Command, Measure>(
        COMMANDS.map((command) => [
          command,
          {
            seconds: { platform: [], native: [], noop: [], "noop-same-state": [] },
            cpuSeconds: { platform: [], native: [], noop: [], "noop-same-state": [] },
            pairRatios: new Map(PAIR_RATIOS.map((pair) => [pairKey(pair), []])),
            emulatorCpuSeconds: { platform: [], native: [] },
            traffic: { platform: NO_TRAFFIC, native: NO_TRAFFIC },
          },
        ]),
      );
      const state: Record<Kind, number[]> = { platform: [], native: [], noop: [], "noop-same-state": [] };
      for (let round = 1; round <= rounds; round++) {
        const stacks = new Map<Kind, LocalStack>();
        try {
          for (const kind of kinds) stacks.set(kind, await createStack(kind, count, emulator));
          for (const command of COMMANDS) {
            const measure = measures.get(command) as Measure;
            // A refresh changes nothing, so it can run again on the same stacks: more pairs per round.
            const pairs = command === "refresh" ? refreshes : 1;
            for (let pair = 1; pair <= pairs; pair++) {
              // Rotate which kind goes first, so none always gets the warmer (or busier) machine.
              const shift = (round + pair) % kinds.length;
              const order = [...kinds.slice(shift), ...kinds.slice(0, shift)];
              const pairCpu: Partial<Record<Kind, number>> = {};
              for (const kind of order) {
                const calling = kind === "platform" || kind === "native";
                if (calling) traffic(emulator);
                const took = await run(stacks.get(kind) as LocalStack, command);
                measure.seconds[kind].push(took.seconds);
                measure.cpuSeconds[kind].push(took.cpuSeconds);
                pairCpu[kind] = took.cpuSeconds;
                if (calling) {
                  measure.traffic[kind] = traffic(emulator);
                  measure.emulatorCpuSeconds[kind].push(took.ownCpuSeconds);
                }
                log(
                  `N=${count} round ${round}${pairs > 1 ? ` pair ${pair}` : ""} ${command} ${kind}: ${took.seconds.toFixed(2)} s, ` +
                    `CLI tree CPU ${took.cpuSeconds.toFixed(2)} s, this process CPU ${took.ownCpuSeconds.toFixed(2)} s`,
                );
              }
              for (const pairing of PAIR_RATIOS) {
                const [over, under] = pairing;
                const overCpu = pairCpu[over];
                const underCpu = pairCpu[under];
                if (overCpu !== undefined && underCpu !== undefined)
                  measure.pairRatios.get(pairKey(pairing))?.push(overCpu / underCpu);
              }
            }
            if (command === "up") {
              const resources = new Map<Kind, StateResource[]>();
              for (const kind of kinds) {
                const ofKind = await stateResources(stacks.get(kind) as LocalStack, STATE_TYPE[kind]);
                resources.set(kind, ofKind);
                state[kind].push(bytesPerResource(ofKind));
              }
              if (native)
                checkSameInputs(
                  resources.get("platform") as StateResource[],
                  resources.get("native") as StateResource[],
                );
            }
          }
        } finally {
          for (const stack of stacks.values()) stack.dispose();
        }
      }
      for (const command of COMMANDS) {
        const measure = measures.get(command) as Measure;
        const platform = median(measure.seconds.platform);
        const noop = median(measure.seconds.noop);
        const cpuPlatform = median(measure.cpuSeconds.platform);
        const cpuNoop = median(measure.cpuSeconds.noop);
        const { requests, calls, singleReads, pages } = measure.traffic.platform;
        const ratios = (pairing: PairRatio): number[] => measure.pairRatios.get(pairKey(pairing)) ?? [];
        const noopRatios = ratios(["platform", "noop"]);
        const stateCells =
          command === "up"
            ? `${median(state.platform).toFixed(0)} | ${median(state.noop).toFixed(0)} | ${(median(state.platform) / median(state.noop)).toFixed(2)}x`
            : " |  | ";
        rows.push(
          `| ${count} | ${command} | ${platform.toFixed(2)} | ${noop.toFixed(2)} | ${(platform / noop).toFixed(2)}x | ` +
            `${cpuPlatform.toFixed(2)} | ${cpuNoop.toFixed(2)} | ${(cpuPlatform / cpuNoop).toFixed(2)}x | ` +
            `${Math.min(...noopRatios).toFixed(2)}-${Math.max(...noopRatios).toFixed(2)}x | ` +
            `${pairRatioCell(noopRatios)} | ` +
            `${median(measure.emulatorCpuSeconds.platform).toFixed(2)} | ` +
            `${(requests / count).toFixed(2)} | ${(calls / count).toFixed(2)} | ${command === "refresh" ? `${(singleReads / count).toFixed(2)} | ${pages}` : " | "} | ` +
            `${calls === 0 ? "" : (requests / calls).toFixed(3)} | ${stateCells} |`,
        );
        if (sameStateFloor) {
          const cpuSameState = median(measure.cpuSeconds["noop-same-state"]);
          sameStateRows.push(
            `| ${count} | ${command} | ${cpuPlatform.toFixed(2)} | ${cpuSameState.toFixed(2)} | ` +
              `${(cpuPlatform / cpuSameState).toFixed(2)}x | ${pairRatioCell(ratios(["platform", "noop-same-state"]))} | ` +
              `${command === "up" ? median(state["noop-same-state"]).toFixed(0) : ""} |`,
          );
        }
        if (native) {
          const seconds = median(measure.seconds.native);
          const cpu = median(measure.cpuSeconds.native);
          const dynamicRatios = ratios(["native", "platform"]);
          const nativeTraffic = measure.traffic.native;
          nativeRows.push(
            `| ${count} | ${command} | ${seconds.toFixed(2)} | ${platform.toFixed(2)} | ${(seconds / platform).toFixed(2)}x | ` +
              `${cpu.toFixed(2)} | ${cpuPlatform.toFixed(2)} | ${(cpu / cpuPlatform).toFixed(2)}x | ` +
              `${Math.min(...dynamicRatios).toFixed(2)}-${Math.max(...dynamicRatios).toFixed(2)}x | ` +
              `${pairRatioCell(dynamicRatios)} | ${pairRatioCell(ratios(["native", "noop"]))} | ` +
              `${median(measure.emulatorCpuSeconds.native).toFixed(2)} | ` +
              `${(nativeTraffic.requests / count).toFixed(2)} | ${(nativeTraffic.calls / count).toFixed(2)} | ` +
              `${command === "refresh" ? `${(nativeTraffic.singleReads / count).toFixed(2)} | ${nativeTraffic.pages}` : " | "} | ` +
              (command === "up"
                ? `${median(state.native).toFixed(0)} | ${median(state.platform).toFixed(0)} | ${(median(state.native) / median(state.platform)).toFixed(2)}x |`
                : " |  |  |"),
          );
        }
      }
    }
  } finally {
    await emulator.close();
  }
  const emulatorLines = await emulatorRequestsPerSecond(Number(values["emulator-requests"]));
  process.stdout.write(
    [
      "",
      `npm run bench -- --sizes ${sizes.join(",")} --rounds ${rounds} --refreshes ${refreshes}${sameStateFloor ? " --same-state-floor" : ""}${native ? "" : " --skip-native"}: ${startedAt} to ${new Date().toISOString()}, Node ${process.version}, ` +
        `${cpus().length} cores, load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(" ")} at the end`,
      "",
      "| N | command | platform s | no-op s | ratio | platform CPU s | no-op CPU s | CPU ratio | CPU ratio of one pair, lowest-highest | CPU ratio, median of the pairs (interval holding the true median, its probability) | emulator CPU s | HTTP req/resource | API calls/resource | single reads/resource | pages | HTTP req/API call | state B/resource | no-op state B/resource | state ratio |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...rows,
      "",
      ...(sameStateFloor
        ? [
            "Against no-op resources holding the same state as the platform's (--same-state-floor: the engine's cost of the state's size is in both):",
            "",
            "| N | command | platform CPU s | same-state no-op CPU s | CPU ratio | CPU ratio, median of the pairs (interval holding the true median, its probability) | same-state no-op state B/resource |",
            "| --- | --- | --- | --- | --- | --- | --- |",
            ...sameStateRows,
            "",
          ]
        : []),
      ...(native
        ? [
            "The native plugin against the dynamic form (kind platform above) and the no-op floor:",
            "",
            "| N | command | native s | dynamic s | ratio | native CPU s | dynamic CPU s | CPU ratio | CPU ratio of one pair, lowest-highest | CPU ratio, median of the pairs (interval holding the true median, its probability) | CPU ratio to the no-op, median of the pairs | emulator CPU s | HTTP req/resource | API calls/resource | single reads/resource | pages | native state B/resource | dynamic state B/resource | state ratio |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
            ...nativeRows,
            "",
          ]
        : []),
      "Emulator vs bare node:http (scripts/bench-emulator.ts):",
      ...emulatorLines,
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
