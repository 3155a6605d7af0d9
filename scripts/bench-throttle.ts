/**
 * The client's throttle across commands, through the real Pulumi CLI and the emulator at the spec's
 * rate limit (docs/spec/api-spec.md, "Limits": 100 requests per minute per project, the counter reset
 * each minute, 429 until the next minute): `pulumi up` of N alert configurations
 * (scripts/bench/program), then immediately `refresh`, then immediately `destroy`, each command its
 * own provider process with the client's throttle at its defaults. Prints for each command:
 *
 * - wall seconds;
 * - the project's rate-limited API requests the emulator answered during the command, and of those
 *   the 429 answers (the emulator's request log);
 * - when the command's first and last rate-limited answers came (from its start: the CLI's own start
 *   comes before the first);
 * - the counted requests per window of the emulator the command touched (a command whose first window
 *   holds fewer than the window's room was held back by the engine's own pace, not the throttle);
 * - the BOUND: the least time any sender that respects the service's fixed-window limit could take
 *   to send the command's requests, given the project's counter when the command started, and the
 *   ratio of the wall time to it.
 *
 * The bound (scripts/lib/fixed-window-bound.ts; the emulator's windows start at multiples of the
 * window on its clock, docs/api-choices.md "Rate limiting"): the command starts at `t`, in the
 * window starting at `W = floor(t / window) * window`, where the project has already used `c` requests (the request log's
 * rate-limited answers of the project other than 429 in [W, t)). The command needs `n` counted
 * requests (its rate-limited answers other than 429: a 429 is a wasted request no optimal sender
 * makes). The first `limit - c` fit in the current window, each later window holds `limit`, and a
 * request cannot be sent before its window opens, so:
 *
 *     n <= limit - c:  bound = 0 (no wait is forced; the ratio is not shown)
 *     otherwise:       bound = W + ceil((n - (limit - c)) / limit) * window - t
 *
 * It is a lower bound on the command's wall time: it leaves out the command's own work (the CLI's
 * start, the engine, the answers after the last window opens), shown as "over bound" seconds.
 *
 * `--without-budget-store` gives each command its own empty throttle state directory
 * (PLATFORM_THROTTLE_STATE_DIR), so no command knows the budget the previous one used: the "before".
 *
 *   npm run bench:throttle [-- --count 200 --limit 100 --window-ms 60000 --without-budget-store]
 */
import { mkdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { type RunningEmulator, startEmulator } from "../emulator";
import { operations as registeredOperations } from "../emulator/operations";
import { DEFAULT_SEED } from "../emulator/seed/demoCredentials";
import { fixedWindowBoundSeconds } from "./lib/fixed-window-bound";
import { emulatorStack, runProcess } from "./lib/pulumi-stack";

const PROGRAM = join(__dirname, "bench", "program");
const COMMANDS = ["up", "refresh", "destroy"] as const;
type Command = (typeof COMMANDS)[number];

interface Row {
  command: Command;
  seconds: number;
  /** The project's rate-limited requests answered during the command (429s included). */
  rateLimited: number;
  answers429: number;
  /** Counted requests (rate-limited answers other than 429) in the window when the command began. */
  usedAtStart: number;
  /** Seconds into the emulator's window when the command began. */
  windowOffsetSeconds: number;
  boundSeconds: number;
  /** Seconds from the command's start to its first and its last rate-limited answer. */
  firstAnswerSeconds: number;
  lastAnswerSeconds: number;
  /** Counted requests per emulator window the command touched, in order ("37, 100, 63"). */
  perWindow: string;
}

/** The counts of consecutive windows from the first to the last, empty ones included. */
function countsInOrder(perWindow: Map<number, number>): string {
  const windows = [...perWindow.keys()];
  if (windows.length === 0) return "";
  const counts: number[] = [];
  for (let window = Math.min(...windows); window <= Math.max(...windows); window++) {
    counts.push(perWindow.get(window) ?? 0);
  }
  return counts.join(", ");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "200" },
      limit: { type: "string", default: "100" },
      "window-ms": { type: "string", default: "60000" },
      "without-budget-store": { type: "boolean", default: false },
    },
  });
  const count = Number(values.count);
  const limit = Number(values.limit);
  const windowMs = Number(values["window-ms"]);
  const shared = !values["without-budget-store"];
  for (const [name, value] of [
    ["--count", count],
    ["--limit", limit],
    ["--window-ms", windowMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const uptime = async () => (await runProcess("uptime", [], process.cwd(), process.env)).stdout.trim();
  const uptimeBefore = await uptime();

  const emulator = await startEmulator({
    port: 0,
    seed: "default",
    asyncDelayMs: 0,
    rateLimit: { limit, windowMs },
  });
  const project = DEFAULT_SEED.projectId;
  const rateLimitedOperations = new Set(
    registeredOperations.filter((operation) => operation.rateLimited).map((operation) => operation.id),
  );
  /** The project's rate-limited answers in the request log, with their times. */
  const projectAnswers = (emu: RunningEmulator) =>
    emu.core.requestLog
      .list()
      .filter(
        (entry) =>
          entry.path.includes(`/groups/${project}/`) &&
          (entry.status === 429 || (entry.operation !== null && rateLimitedOperations.has(entry.operation))),
      )
      .map((entry) => ({ at: Date.parse(entry.time), status: entry.status }));

  const stack = await emulatorStack(emulator, {
    program: PROGRAM,
    workRoot: ".bench-state",
    echo: false,
    config: {
      kind: "platform",
      count: String(count),
      groupId: project,
      // The client's throttle at the service's limit (the defaults when 100 per 60 s).
      "platform:rateLimitPerMinute": String(limit),
      "platform:rateLimitWindowMs": String(windowMs),
    },
  });
  const rows: Row[] = [];
  try {
    for (const command of COMMANDS) {
      // One state directory for the whole run (shared budget), or a fresh one per command (none).
      const stateDir = join(stack.workDir, shared ? "throttle" : `throttle-${command}`);
      mkdirSync(stateDir, { recursive: true });
      stack.env.PLATFORM_THROTTLE_STATE_DIR = stateDir;

      const startMs = emulator.now();
      const windowStart = Math.floor(startMs / windowMs) * windowMs;
      const before = projectAnswers(emulator);
      const usedAtStart = before.filter((a) => a.at >= windowStart && a.status !== 429).length;
      const started = performance.now();
      if (command === "up") await stack.up();
      else if (command === "refresh") await stack.refresh({ expectNoChanges: true });
      else await stack.destroy();
      const seconds = (performance.now() - started) / 1000;
      const during = projectAnswers(emulator).slice(before.length);
      const answers429 = during.filter((a) => a.status === 429).length;
      const perWindow = new Map<number, number>();
      for (const answer of during) {
        if (answer.status === 429) continue;
        const window = Math.floor(answer.at / windowMs);
        perWindow.set(window, (perWindow.get(window) ?? 0) + 1);
      }
      const row: Row = {
        command,
        seconds,
        rateLimited: during.length,
        answers429,
        usedAtStart,
        windowOffsetSeconds: (startMs - windowStart) / 1000,
        perWindow: countsInOrder(perWindow),
        firstAnswerSeconds: ((during[0]?.at ?? Number.NaN) - startMs) / 1000,
        lastAnswerSeconds: ((during.at(-1)?.at ?? Number.NaN) - startMs) / 1000,
        boundSeconds: fixedWindowBoundSeconds({
          startMs,
          usedAtStart,
          needed: during.length - answers429,
          limit,
          windowMs,
        }),
      };
      rows.push(row);
      log(
        `${command}: ${seconds.toFixed(1)} s, ${row.rateLimited} rate-limited requests, ${answers429} answers 429, ` +
          `began ${row.windowOffsetSeconds.toFixed(1)} s into a window with ${usedAtStart} used, bound ${row.boundSeconds.toFixed(1)} s, answers from ${row.firstAnswerSeconds.toFixed(1)} s to ${row.lastAnswerSeconds.toFixed(1)} s, per window ${row.perWindow}`,
      );
    }
  } finally {
    stack.dispose();
    await emulator.close();
  }
  const ratio = (row: Row) => (row.boundSeconds > 0 ? `${(row.seconds / row.boundSeconds).toFixed(2)}x` : "");
  process.stdout.write(
    [
      "",
      `npm run bench:throttle -- --count ${count} --limit ${limit} --window-ms ${windowMs}` +
        `${shared ? "" : " --without-budget-store"}: ${new Date().toISOString()}, Node ${process.version}, ` +
        `${cpus().length} cores, load average ${loadavg()
          .map((value) => value.toFixed(1))
          .join(" ")} at the end`,
      `uptime before: ${uptimeBefore}`,
      `uptime after:  ${await uptime()}`,
      "",
      "| command | wall s | rate-limited requests | 429 answers | began (s into window, used) | bound s | wall / bound | over bound s | first / last answer at s | counted per window |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      ...rows.map(
        (row) =>
          `| ${row.command} | ${row.seconds.toFixed(1)} | ${row.rateLimited} | ${row.answers429} | ` +
          `${row.windowOffsetSeconds.toFixed(1)}, ${row.usedAtStart} | ${row.boundSeconds.toFixed(1)} | ${ratio(row)} | ` +
          `${(row.seconds - row.boundSeconds).toFixed(1)} | ${row.firstAnswerSeconds.toFixed(1)} / ${row.lastAnswerSeconds.toFixed(1)} | ${row.perWindow} |`,
      ),
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
