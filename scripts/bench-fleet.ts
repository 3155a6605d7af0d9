/**
 * `drift` over a fleet of stacks against a loop of single `drift` runs, through the real Pulumi CLI
 * and the emulator at the spec's rate limit (docs/spec/api-spec.md, "Limits": 100 requests per
 * minute per project). Four Pulumi project folders (copies of scripts/bench/program under the names
 * bench-fleet-1..4) of five stacks each, every stack `count` alert configurations; the stacks of a
 * folder are in one project of the service (demo-project, other-project, promotion-dev,
 * promotion-staging), so the fleet's reads of one project's stacks share that project's budget.
 *
 * Each round runs both variants, alternating which goes first:
 * - sequential: `drift --stack <s> --cwd <folder> --json`, one process per stack, one after another
 *   (what a team's script around drift does today);
 * - fleet: one `drift --all-stacks --cwd <folder>... --json` (`--concurrency` as given, else the
 *   tool's default).
 *
 * With `--slices 2,4`, after the rounds: for each n, the stacks listed and cut into n slices (`stacks
 * --slices n`, not measured), then slice 1 alone (`drift --stacks-from <listing> --slice 1`): what one
 * job of an n-job CI matrix takes, its reports checked against the sequential ones too.
 *
 * With `--latency-ms n`, every measured request to the emulator is answered n ms late (its fault
 * injection, the set-up excepted): a service across a network instead of on this machine, where a
 * stack's reads wait and its CPU does not.
 *
 * With `--floor`, last: the fleet's floor on this machine, what no scheduling of the same work can go
 * below. One stack's two engine operations, each run alone through the Pulumi CLI three times (the
 * refresh preview, and the preview with PULUMI_NODEJS_TRANSPILE_ONLY=true), and one folder's `tsc
 * --noEmit -p`, CPU seconds of the process tree each (medians); their sum over the stacks and folders
 * divided by the cores is the wall time of a fleet that kept every core busy with nothing but them.
 *
 * Printed per variant: wall seconds; CPU seconds of the whole process tree (the CLI, the Pulumi
 * engines, language hosts and provider hosts: the waited-for children's time of /proc/self/stat);
 * CPU seconds of this process (the emulator); the project's requests and the 429 answers among them
 * (the emulator's request log). The fleet's report of every stack must equal that stack's report
 * from its own run (checked, printed). Tests never assert on these times: this is the place for them.
 *
 * Set-up (not measured): the stacks are brought up four at a time with the rate limit lifted on both
 * sides (emulator and client), then the limit is put back for the measured runs, the client's
 * throttle at the same limit (its defaults at 100 per 60 s). A lower `--limit` makes the stacks of
 * one project need more than a window, to see them wait instead of earning 429s.
 *
 *   npm run bench:fleet [-- --rounds 1 --stacks 5 --count 20 --concurrency 4 --latency-ms 200 --slices 2,4 --floor --keep]
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { startEmulator } from "../emulator";
import { DEFAULT_SEED } from "../emulator/seed/demoCredentials";
import type { DriftReport } from "../provider/cli/drift/drift";
import type { FleetReport } from "../provider/cli/drift/fleet";
import { emulatorStack, type LocalStack, repoRoot, runProcess } from "./lib/pulumi-stack";

const PROGRAM = join(__dirname, "bench", "program");
const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
/** The service projects of the four folders (the default seed's, all in the org owner key's organization). */
const GROUPS = [
  "5f1a000000000000000000a1",
  "5f1a000000000000000000a2",
  "5f1a0000000000000000e0d1",
  "5f1a0000000000000000e0d2",
];
const VARIANTS = ["sequential", "fleet"] as const;
type Variant = (typeof VARIANTS)[number];

/** Clock ticks per second of /proc's times (CLK_TCK). */
const CLOCK_TICKS = existsSync("/proc/self/stat")
  ? Number(execFileSync("getconf", ["CLK_TCK"]).toString())
  : 0;

/**
 * CPU seconds used so far by this process's waited-for children and their waited-for descendants
 * (fields cutime and cstime of /proc/self/stat); NaN off Linux. The same reading as scripts/bench.ts.
 */
function childrenCpuSeconds(): number {
  if (CLOCK_TICKS === 0) return Number.NaN;
  const stat = readFileSync("/proc/self/stat", "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / CLOCK_TICKS;
}

function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface Measure {
  variant: Variant;
  round: number;
  seconds: number;
  cpuSeconds: number;
  emulatorCpuSeconds: number;
  requests: number;
  answers429: number;
  /** Each stack's report, by `project/stack`. */
  reports: Map<string, DriftReport>;
}

/** One slice of a listing cut into `n`, run alone. */
interface SliceMeasure {
  n: number;
  seconds: number;
  cpuSeconds: number;
  requests: number;
  answers429: number;
  reports: Map<string, DriftReport>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: "1" },
      stacks: { type: "string", default: "5" },
      count: { type: "string", default: "20" },
      concurrency: { type: "string" },
      limit: { type: "string", default: "100" },
      "window-ms": { type: "string", default: "60000" },
      "latency-ms": { type: "string", default: "0" },
      slices: { type: "string", default: "" },
      floor: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
    },
  });
  const rounds = Number(values.rounds);
  const stacksPerProject = Number(values.stacks);
  const count = Number(values.count);
  const limit = Number(values.limit);
  const windowMs = Number(values["window-ms"]);
  const latencyMs = Number(values["latency-ms"]);
  if (!Number.isInteger(latencyMs) || latencyMs < 0)
    throw new Error("--latency-ms must be a whole number of milliseconds, 0 or more");
  for (const [name, value] of [
    ["--rounds", rounds],
    ["--stacks", stacksPerProject],
    ["--count", count],
    ["--limit", limit],
    ["--window-ms", windowMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  }
  const sliceCounts = values.slices === "" ? [] : values.slices.split(",").map(Number);
  for (const n of sliceCounts)
    if (!Number.isInteger(n) || n < 2) throw new Error("--slices takes slice counts of 2 or more, e.g. 2,4");
  const concurrency = values.concurrency === undefined ? [] : ["--concurrency", String(values.concurrency)];
  const log = (line: string) => process.stderr.write(`[bench:fleet] ${line}\n`);
  const uptime = () => execFileSync("uptime").toString().trim();
  const uptimeBefore = uptime();
  const started = new Date();

  const emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 0 });
  const stackNames = Array.from({ length: stacksPerProject }, (_, i) => `s${i + 1}`);
  const projects = GROUPS.map((groupId, i) => ({
    name: `bench-fleet-${i + 1}`,
    folder: `project-${i + 1}`,
    groupId,
  }));

  // The folders: scripts/bench/program under each project's name (its config namespace too).
  const sources = join(repoRoot, ".bench-state", `fleet-sources-${process.pid}`);
  for (const project of projects) {
    const source = join(sources, project.folder);
    cpSync(PROGRAM, source, { recursive: true, filter: (path) => !/[/\\]node_modules$/.test(path) });
    const settings = join(source, "Pulumi.yaml");
    writeFileSync(settings, readFileSync(settings, "utf8").replace(/^name: .*$/m, `name: ${project.name}`));
  }
  const first = projects[0] as (typeof projects)[number];
  // The first stack makes the working folder: one backend and PULUMI_HOME for all twenty stacks.
  const stack: LocalStack = await emulatorStack(emulator, {
    program: join(sources, first.folder),
    stackName: stackNames[0] as string,
    workRoot: ".bench-state",
    echo: false,
    config: {
      [`${first.name}:kind`]: "platform",
      [`${first.name}:count`]: String(count),
      [`${first.name}:groupId`]: first.groupId,
    },
  });
  // The first project's folder is the stack's own copy; the others are copied beside it.
  const folders = projects.map((project) =>
    project === first ? stack.programDir : join(stack.workDir, project.folder),
  );
  for (const [index, project] of projects.entries()) {
    if (project !== first)
      cpSync(join(sources, project.folder), folders[index] as string, { recursive: true });
  }
  rmSync(sources, { recursive: true, force: true });
  const pulumi = async (folder: string, args: string[], env: NodeJS.ProcessEnv = stack.env) => {
    const result = await runProcess("pulumi", [...args, "--non-interactive"], folder, env);
    if (result.code !== 0)
      throw new Error(`pulumi ${args.join(" ")} in ${folder}: ${result.stdout}${result.stderr}`);
    return result;
  };
  for (const [index, project] of projects.entries()) {
    for (const name of stackNames) {
      if (project === first && name === stackNames[0]) continue;
      await pulumi(folders[index] as string, ["stack", "init", name]);
      await pulumi(folders[index] as string, [
        "config",
        "set-all",
        "--stack",
        name,
        "--plaintext",
        `platform:baseUrl=${emulator.baseUrl}`,
        "--plaintext",
        `platform:publicKey=${DEFAULT_SEED.orgOwnerKey.publicKey}`,
        "--secret",
        `platform:privateKey=${DEFAULT_SEED.orgOwnerKey.privateKey}`,
        "--plaintext",
        `${project.name}:kind=platform`,
        "--plaintext",
        `${project.name}:count=${count}`,
        "--plaintext",
        `${project.name}:groupId=${project.groupId}`,
      ]);
    }
  }

  // Set-up: every stack up, one folder's stacks after another, the four folders at once; no limit.
  emulator.core.settings.rateLimit = { limit: 1_000_000, windowMs };
  const setupEnv = { ...stack.env, PLATFORM_RATE_LIMIT_PER_MINUTE: "0" };
  const setupStarted = performance.now();
  await Promise.all(
    folders.map(async (folder) => {
      for (const name of stackNames)
        await pulumi(folder, ["up", "--yes", "--skip-preview", "--stack", name], setupEnv);
    }),
  );
  log(
    `set-up: ${projects.length * stackNames.length} stacks of ${count} resources up in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
  );
  emulator.core.settings.rateLimit = { limit, windowMs };
  if (latencyMs > 0) emulator.core.faults.add({ pathPattern: "/api/**", latencyMs });
  // The client's throttle at the service's limit (its defaults when 100 per 60 s).
  const measureEnv = {
    ...stack.env,
    PLATFORM_RATE_LIMIT_PER_MINUTE: String(limit),
    PLATFORM_RATE_LIMIT_WINDOW_MS: String(windowMs),
  };

  const requestsSince = (since: number) => {
    const entries = emulator.core.requestLog.list().filter((entry) => Date.parse(entry.time) >= since);
    return { requests: entries.length, answers429: entries.filter((entry) => entry.status === 429).length };
  };
  const cli = async (args: string[]) => {
    const result = await runProcess("node", [MAIN, ...args], stack.workDir, measureEnv);
    if (result.code !== 0 && result.code !== 2)
      throw new Error(`drift ${args.join(" ")} exited ${result.code}: ${result.stderr}`);
    return result;
  };
  const measure = async (variant: Variant, round: number): Promise<Measure> => {
    const reports = new Map<string, DriftReport>();
    const since = emulator.now();
    const cpu = childrenCpuSeconds();
    const own = ownCpuSeconds();
    const wallStarted = performance.now();
    if (variant === "sequential") {
      for (const [index, project] of projects.entries()) {
        for (const name of stackNames) {
          const result = await cli(["drift", "--stack", name, "--cwd", folders[index] as string, "--json"]);
          reports.set(`${project.name}/${name}`, JSON.parse(result.stdout) as DriftReport);
        }
      }
    } else {
      const result = await cli([
        "drift",
        "--all-stacks",
        ...folders.flatMap((folder) => ["--cwd", folder]),
        ...concurrency,
        "--json",
      ]);
      for (const entry of (JSON.parse(result.stdout) as FleetReport).stacks) {
        if ("error" in entry) throw new Error(`fleet: ${entry.project}/${entry.stack}: ${entry.error}`);
        reports.set(`${entry.project}/${entry.stack}`, entry.report);
      }
    }
    const seconds = (performance.now() - wallStarted) / 1000;
    const measured: Measure = {
      variant,
      round,
      seconds,
      cpuSeconds: childrenCpuSeconds() - cpu,
      emulatorCpuSeconds: ownCpuSeconds() - own,
      ...requestsSince(since),
      reports,
    };
    log(
      `round ${round} ${variant}: ${seconds.toFixed(1)} s, CPU ${measured.cpuSeconds.toFixed(1)} s, ${measured.requests} requests, ${measured.answers429} answers 429, load ${loadavg()[0]?.toFixed(1)}`,
    );
    return measured;
  };

  /** One slice of `n` alone, as one job of an n-job matrix runs it. */
  const measureSlice = async (n: number): Promise<SliceMeasure> => {
    const listing = await cli([
      "stacks",
      ...folders.flatMap((folder) => ["--cwd", folder]),
      "--slices",
      String(n),
    ]);
    const file = join(stack.workDir, `stacks-${n}.json`);
    writeFileSync(file, listing.stdout);
    const since = emulator.now();
    const cpu = childrenCpuSeconds();
    const wallStarted = performance.now();
    const result = await cli(["drift", "--stacks-from", file, "--slice", "1", ...concurrency, "--json"]);
    const seconds = (performance.now() - wallStarted) / 1000;
    const reports = new Map<string, DriftReport>();
    for (const entry of (JSON.parse(result.stdout) as FleetReport).stacks) {
      if ("error" in entry)
        throw new Error(`slice 1 of ${n}: ${entry.project}/${entry.stack}: ${entry.error}`);
      reports.set(`${entry.project}/${entry.stack}`, entry.report);
    }
    const measured = { n, seconds, cpuSeconds: childrenCpuSeconds() - cpu, ...requestsSince(since), reports };
    log(
      `slice 1 of ${n}: ${reports.size} stacks, ${seconds.toFixed(1)} s, CPU ${measured.cpuSeconds.toFixed(1)} s, ${measured.answers429} answers 429`,
    );
    return measured;
  };

  /** CPU seconds of the process tree of `command` run alone in the first folder, median of three. */
  const cpuOfAlone = async (command: string, args: string[], env: NodeJS.ProcessEnv) => {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const cpu = childrenCpuSeconds();
      const result = await runProcess(command, args, folders[0] as string, env);
      if (result.code !== 0)
        throw new Error(`${command} ${args.join(" ")}: ${result.stdout}${result.stderr}`);
      runs.push(childrenCpuSeconds() - cpu);
    }
    return median(runs);
  };
  const measureFloor = async () => {
    const first = ["--stack", stackNames[0] as string, "--non-interactive"];
    const tsc = require.resolve("typescript/bin/tsc", { paths: [folders[0] as string] });
    return {
      refresh: await cpuOfAlone("pulumi", ["refresh", "--preview-only", ...first], measureEnv),
      preview: await cpuOfAlone("pulumi", ["preview", ...first], {
        ...measureEnv,
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      }),
      tsc: await cpuOfAlone("node", [tsc, "--noEmit", "-p", "tsconfig.json"], measureEnv),
    };
  };

  const measures: Measure[] = [];
  const sliceMeasures: SliceMeasure[] = [];
  let floor: { refresh: number; preview: number; tsc: number } | undefined;
  try {
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 1 ? VARIANTS : ([...VARIANTS].reverse() as Variant[]);
      for (const variant of order) measures.push(await measure(variant, round));
    }
    for (const n of sliceCounts) sliceMeasures.push(await measureSlice(n));
    if (values.floor) floor = await measureFloor();
  } finally {
    if (!values.keep) stack.dispose();
    await emulator.close();
  }

  // Every stack's report from the fleet equals its report from its own run.
  const sequential = measures.filter((m) => m.variant === "sequential");
  const fleet = measures.filter((m) => m.variant === "fleet");
  const reference = sequential[0]?.reports ?? new Map<string, DriftReport>();
  const equal =
    fleet.every(
      (m) =>
        m.reports.size === reference.size &&
        [...reference].every(
          ([label, report]) => JSON.stringify(m.reports.get(label)) === JSON.stringify(report),
        ),
    ) &&
    sliceMeasures.every((m) =>
      [...m.reports].every(
        ([label, report]) => JSON.stringify(reference.get(label)) === JSON.stringify(report),
      ),
    );
  const of = (list: Measure[], pick: (m: Measure) => number) => median(list.map(pick));
  const command = `npm run bench:fleet -- --rounds ${rounds} --stacks ${stacksPerProject} --count ${count}${values.concurrency === undefined ? "" : ` --concurrency ${values.concurrency}`} --limit ${limit} --window-ms ${windowMs}${latencyMs === 0 ? "" : ` --latency-ms ${latencyMs}`}${sliceCounts.length === 0 ? "" : ` --slices ${sliceCounts.join(",")}`}${values.floor ? " --floor" : ""}`;
  process.stdout.write(
    [
      "",
      `${command}: ${started.toISOString()} to ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} cores`,
      `uptime before: ${uptimeBefore}`,
      `uptime after:  ${uptime()}`,
      `${projects.length} projects x ${stackNames.length} stacks x ${count} alert configurations; every stack's report from the fleet equal to its own run's: ${equal ? "yes" : "NO"}`,
      "",
      "| round | variant | wall s | CPU s (process tree) | emulator CPU s | requests | 429 answers |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...measures.map(
        (m) =>
          `| ${m.round} | ${m.variant} | ${m.seconds.toFixed(1)} | ${m.cpuSeconds.toFixed(1)} | ${m.emulatorCpuSeconds.toFixed(1)} | ${m.requests} | ${m.answers429} |`,
      ),
      "",
      `fleet / sequential (medians): wall ${(of(fleet, (m) => m.seconds) / of(sequential, (m) => m.seconds)).toFixed(2)}x, CPU ${(of(fleet, (m) => m.cpuSeconds) / of(sequential, (m) => m.cpuSeconds)).toFixed(2)}x`,
      "",
      ...(sliceMeasures.length === 0
        ? []
        : [
            "| one job of a matrix | stacks | wall s | CPU s (process tree) | requests | 429 answers | wall / whole fleet (median) |",
            "| --- | --- | --- | --- | --- | --- | --- |",
            ...sliceMeasures.map(
              (m) =>
                `| slice 1 of ${m.n} | ${m.reports.size} | ${m.seconds.toFixed(1)} | ${m.cpuSeconds.toFixed(1)} | ${m.requests} | ${m.answers429} | ${(m.seconds / of(fleet, (f) => f.seconds)).toFixed(2)}x |`,
            ),
            "",
          ]),
      ...(floor === undefined
        ? []
        : floorLines(
            floor,
            projects.length,
            stackNames.length,
            of(sequential, (m) => m.seconds),
            of(fleet, (m) => m.seconds),
          )),
    ].join("\n"),
  );
  if (!equal) process.exitCode = 1;
}

/**
 * The floor's table: each part alone, and the wall time of a fleet that did only them on every core;
 * the fleet's own time against it tells what the run adds to the work, apart from the machine's speed.
 */
function floorLines(
  floor: { refresh: number; preview: number; tsc: number },
  folders: number,
  stacksPerFolder: number,
  sequentialSeconds: number,
  fleetSeconds: number,
): string[] {
  const stacks = folders * stacksPerFolder;
  const cpu = stacks * (floor.refresh + floor.preview) + folders * floor.tsc;
  const wall = cpu / cpus().length;
  return [
    "| the fleet's floor: run alone | CPU s (process tree, median of 3) | times |",
    "| --- | --- | --- |",
    `| refresh preview of one stack | ${floor.refresh.toFixed(2)} | ${stacks} |`,
    `| preview of one stack, transpile-only | ${floor.preview.toFixed(2)} | ${stacks} |`,
    `| tsc --noEmit -p of one folder | ${floor.tsc.toFixed(2)} | ${folders} |`,
    "",
    `floor: ${cpu.toFixed(1)} s of CPU, on ${cpus().length} cores ${wall.toFixed(1)} s of wall, ${(wall / sequentialSeconds).toFixed(2)}x of the sequential runs (median); the fleet (median) at ${(fleetSeconds / wall).toFixed(2)}x of it`,
    "",
  ];
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
