/**
 * The provider process ends when the engine does.
 *
 * The engine starts the dynamic provider host (`pulumi-resource-pulumi-nodejs <engine address>`, a
 * shell script that runs `node .../cmd/dynamic-provider/index.js <engine address>` without exec) and
 * talks to it over gRPC. When the CLI is killed (SIGKILL, a lost terminal, an OOM kill) nobody stops
 * the host: the shell stays its parent, so a change of parent pid says nothing, and the host's own
 * gRPC server does not notice either. A host left running goes on with the operation it had (a wait,
 * a retried delete), calling the API for nobody.
 *
 * The one signal that is always there is the engine's address, the host's first argument: the
 * engine's gRPC server listens on it for as long as the engine lives. So the host probes it (a TCP
 * connect, closed at once) every few seconds, and ends itself when the connection is refused twice
 * in a row. The timer is unref'd: it never keeps a process alive on its own.
 */
import { connect } from "node:net";

/** Where the engine listens: `127.0.0.1:PORT` (or `[::1]:PORT`). */
export interface EngineAddress {
  host: string;
  port: number;
}

/** The engine's address when this process is the dynamic provider host, else undefined. */
export function engineAddressOf(argv: readonly string[]): EngineAddress | undefined {
  const script = argv[1] ?? "";
  if (!/[/\\]cmd[/\\]dynamic-provider([/\\]index\.js)?$/.test(script)) return undefined;
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(argv[2] ?? "");
  if (match === null) return undefined;
  return { host: match[1] as string, port: Number(match[2]) };
}

/** One probe: whether something accepts a connection at the address (false: refused). */
export function isListening(address: EngineAddress, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address.host, port: address.port });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(timeoutMs, () => done(true)); // slow is not gone: only a refusal counts
    socket.once("connect", () => done(true));
    socket.once("error", (error: NodeJS.ErrnoException) => done(error.code !== "ECONNREFUSED"));
  });
}

export interface EngineWatchOptions {
  address: EngineAddress;
  /** Time between probes. */
  intervalMs: number;
  /** Called once, after two refused probes in a row. */
  onGone: () => void;
}

/** Probes the engine until it is gone (then calls onGone) or until the returned stop is called. */
export function watchEngine(options: EngineWatchOptions): () => void {
  let refusals = 0;
  let stopped = false;
  let probing = false;
  const timer = setInterval(() => {
    if (probing || stopped) return;
    probing = true;
    void isListening(options.address).then((listening) => {
      probing = false;
      if (stopped) return;
      refusals = listening ? 0 : refusals + 1;
      if (refusals >= 2) {
        stopped = true;
        clearInterval(timer);
        options.onGone();
      }
    });
  }, options.intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

let started = false;

/**
 * In the dynamic provider host, starts the watch once per process: when the engine is gone, the
 * process exits (code 1, with a line on stderr saying why). Anywhere else (tests, tools), nothing.
 */
export function exitWhenEngineGone(argv: readonly string[] = process.argv): void {
  if (started) return;
  const address = engineAddressOf(argv);
  if (address === undefined) return;
  started = true;
  watchEngine({
    address,
    intervalMs: 2000,
    onGone: () => {
      process.stderr.write(
        `pulumi-cluster-platform: the Pulumi engine at ${address.host}:${address.port} is gone; the provider process stops\n`,
      );
      process.exit(1);
    },
  });
}
