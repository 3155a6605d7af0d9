/**
 * The provider host ends when the engine does. This is correctness, not speed: it is host set-up
 * because only the host needs it (provider/host/index.ts starts it there).
 *
 * The engine starts the dynamic provider host (`pulumi-resource-pulumi-nodejs <engine address>`, a
 * shell script that runs `node .../cmd/dynamic-provider/index.js <engine address>` without exec) and
 * talks to it over gRPC. When the CLI is killed (SIGKILL, a lost terminal, an OOM kill) nobody stops
 * the host: the shell stays its parent, so our own parent pid does not change, and the host's gRPC
 * server does not notice either. A host left running goes on with the operation it had (a wait, a
 * retried delete), calling the API for nobody.
 *
 * So the host finds the engine among its ancestors (the nearest process named `pulumi`, at most
 * three levels up: shell, engine) and checks every 2 s that it is alive (signal 0); when it is gone,
 * the host exits. The timer is unref'd: it never keeps a process alive on its own. (Probing the
 * engine's gRPC address instead was tried first; in the crash trials the probe connections stopped
 * answering at all inside the host, so a pid is the signal kept.) The crash trials
 * (tests/e2e/crashTrialsA/B.e2e.test.ts) check it against the real CLI.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";

/** One process as the watch needs it: its parent and its command name. */
export interface ProcessInfo {
  ppid: number;
  command: string;
}

/** Reads a process's parent and command: /proc on Linux, else `ps`; undefined when it cannot. */
export function readProcess(pid: number): ProcessInfo | undefined {
  try {
    // "<pid> (<comm>) <state> <ppid> ...": comm may hold spaces and parentheses, so split at the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const open = stat.indexOf("(");
    const close = stat.lastIndexOf(")");
    const ppid = Number(stat.slice(close + 2).split(" ")[1]);
    // The program run (argv[0]); comm can be a thread's name ("MainThread" for node).
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
    return { ppid, command: argv0 !== "" ? argv0 : stat.slice(open + 1, close) };
  } catch {
    try {
      // Loaded here, not at the top: only where /proc is missing, and child_process costs every host
      // process a few milliseconds to load.
      const { execFileSync } = require("node:child_process") as typeof import("node:child_process");
      const line = execFileSync("ps", ["-o", "ppid=,comm=", "-p", String(pid)], { encoding: "utf8" }).trim();
      const match = /^(\d+)\s+(.+)$/.exec(line);
      return match === null ? undefined : { ppid: Number(match[1]), command: match[2] as string };
    } catch {
      return undefined;
    }
  }
}

/** The engine's pid: the nearest ancestor within three levels whose command is `pulumi`. */
export function enginePidOf(
  parentPid: number,
  read: (pid: number) => ProcessInfo | undefined = readProcess,
): number | undefined {
  let pid = parentPid;
  for (let level = 0; level < 3 && pid > 1; level++) {
    const info = read(pid);
    if (info === undefined) return undefined;
    if (/^pulumi(\.exe)?$/.test(basename(info.command))) return pid;
    pid = info.ppid;
  }
  return undefined;
}

/** Whether a process exists (signal 0; EPERM: it exists but is not ours). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface EngineWatchOptions {
  enginePid: number;
  /** Time between checks. */
  intervalMs: number;
  /** Called once, when the engine is gone. */
  onGone: () => void;
}

/** Checks the engine until it is gone (then calls onGone) or until the returned stop is called. */
export function watchEngine(options: EngineWatchOptions): () => void {
  const timer = setInterval(() => {
    if (isAlive(options.enginePid)) return;
    clearInterval(timer);
    options.onGone();
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

let started = false;

/**
 * Starts the watch once per process: when the engine is gone, the process exits (code 1, with a line
 * on stderr saying why). Without an engine among the ancestors (a process not started by the CLI),
 * nothing is watched. Called by provider/host/index.ts in the provider host only.
 */
export function exitWhenEngineGone(): void {
  if (started) return;
  const enginePid = enginePidOf(process.ppid);
  if (enginePid === undefined) return;
  started = true;
  watchEngine({
    enginePid,
    intervalMs: 2000,
    onGone: () => {
      process.stderr.write(
        `pulumi-cluster-platform: the Pulumi engine (pid ${enginePid}) is gone; the provider process stops\n`,
      );
      process.exit(1);
    },
  });
}
