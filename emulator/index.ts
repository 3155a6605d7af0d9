/**
 * The emulator as a library: `startEmulator(options)` serves the Cluster Platform Administration
 * API on loopback (see docs/architecture.md for the contract and emulator/README.md for usage): the
 * HTTP core (emulator/core) with what emulator/composition.ts composes for it.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { CONTROL, operations } from "./composition";
import { type ClockKind, createClock } from "./core/clock";
import type { EmulatorState, OperationDef } from "./core/contract";
import { handleControl } from "./core/control";
import { apiError, errorBody } from "./core/errors";
import { Persistence, type Settings } from "./core/persistence";
import { DEFAULT_RATE_LIMIT, type RateLimitConfig } from "./core/rateLimit";
import { loadSeed, type SeedSource, stateFromSeed } from "./core/seed";
import { EmulatorCore } from "./core/server";
import { ensureCertificate } from "./core/tls";
import { recordTraffic } from "./core/trafficRecorder";

export type { EmulatorState, OperationDef } from "./core/contract";
export type { Fault, FaultSpec } from "./core/faults";
export type { RequestLogEntry } from "./core/requestLog";
export type { Seed, SeedSource } from "./core/seed";
export { DEFAULT_SEED } from "./seed/demoCredentials";

export interface EmulatorOptions {
  /** 0 = any free port (default 0). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** "default" | "empty" | a Seed object | a path to a JSON seed file (default "default"). */
  seed?: SeedSource;
  /** Time an asynchronous lifecycle takes (ms); 0 = immediate (default 0). */
  asyncDelayMs?: number;
  /** "real" (default) or "manual": time moves only via advance(ms) / the control API. */
  clock?: ClockKind;
  /** Start time of the clock (epoch ms); manual clocks default to 2025-03-12T00:00:00Z. */
  startTime?: number;
  /** Per-project limit of rate-limited operations (default 100 per 60 000 ms). */
  rateLimit?: RateLimitConfig;
  /** The `<service>` path segment and media-type name (default "platform"). */
  serviceName?: string;
  https?: boolean;
  /** Persistence folder; in memory when undefined. An existing state.json there wins over `seed`. */
  dataDir?: string;
  /** The operations to serve (default: emulator/operations `operations`). Tests pass their own. */
  operations?: readonly OperationDef[];
  /** Digest nonce lifetime (default 5 minutes). */
  nonceTtlMs?: number;
  /** OAuth access token lifetime (default 3600 s). */
  tokenTtlMs?: number;
  /** Token endpoint limit per client (default 10 per 60 000 ms). */
  tokenRateLimit?: RateLimitConfig;
}

export interface RunningEmulator {
  /** "http://127.0.0.1:PORT" (https when TLS is on). */
  readonly url: string;
  /** `${url}/api/<service>/v2` */
  readonly baseUrl: string;
  /** `${url}/api/<service>/v1.0` */
  readonly legacyBaseUrl: string;
  readonly port: number;
  /** The live state (mutable; the same object across reset()). */
  readonly state: EmulatorState;
  readonly settings: Settings;
  /** PEM path of the self-signed certificate when https is on. */
  readonly certPath: string | undefined;
  /** The HTTP core, for tests that need faults, the request log or the clock directly. */
  readonly core: EmulatorCore;
  now(): number;
  advance(ms: number): void;
  reset(): void;
  /** Keeps a copy of the state under `name` (PUT /__emulator/states/{name} does the same). */
  saveState(name: string): void;
  /** Back to the state saved under `name`, as reset() goes back to the seed; throws for an unknown name. */
  restoreState(name: string): void;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const serviceName = options.serviceName ?? "platform";
  if (!/^[a-z][a-z0-9-]*$/.test(serviceName))
    throw new Error(`serviceName ${serviceName}: use [a-z][a-z0-9-]*`);
  const seed = loadSeed(options.seed ?? "default");
  const persistence = options.dataDir === undefined ? undefined : new Persistence(options.dataDir);
  const saved = persistence?.load();
  // Settings come from the options at every start (the saved copy is informational), so a restart
  // with another --rate-limit or --async-delay-ms takes effect.
  const settings: Settings = {
    asyncDelayMs: options.asyncDelayMs ?? 0,
    rateLimit: { ...(options.rateLimit ?? DEFAULT_RATE_LIMIT) },
  };
  const core = new EmulatorCore({
    serviceName,
    clock: createClock(options.clock ?? "real", options.startTime),
    state: saved?.state ?? stateFromSeed(seed),
    settings,
    operations: options.operations ?? operations,
    control: CONTROL,
    freshState: () => stateFromSeed(seed),
    persistence,
    nonceTtlMs: options.nonceTtlMs,
    tokenTtlMs: options.tokenTtlMs,
    tokenRateLimit: options.tokenRateLimit,
  });
  if (!saved) core.persist();

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    recordTraffic(req, res, url);
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (path.startsWith("/api/")) {
      core.handleApi(req, res, path, queryStart === -1 ? "" : url.slice(queryStart + 1));
    } else if (path === "/__emulator" || path.startsWith("/__emulator/")) {
      handleControl(core, req, res, path);
    } else {
      req.resume();
      const payload = JSON.stringify(errorBody(apiError("RESOURCE_NOT_FOUND", [path])));
      res.writeHead(404, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(payload),
      });
      res.end(payload);
    }
  };
  let certPath: string | undefined;
  let server: Server;
  if (options.https) {
    const tls = await ensureCertificate(options.dataDir);
    certPath = tls.certPath;
    server = createHttpsServer({ cert: tls.cert, key: tls.key }, listener);
  } else {
    server = createHttpServer(listener);
  }
  server.keepAliveTimeout = 65_000;
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(":") ? `[${host}]` : host;
  const url = `${options.https ? "https" : "http"}://${hostInUrl}:${port}`;
  core.origin = url;
  return {
    url,
    baseUrl: `${url}/api/${serviceName}/v2`,
    legacyBaseUrl: `${url}/api/${serviceName}/v1.0`,
    port,
    state: core.state,
    settings: core.settings,
    certPath,
    core,
    now: () => core.clock.now(),
    advance: (ms) => core.clock.advance(ms),
    reset: () => core.reset(),
    saveState: (name) => core.saveState(name),
    restoreState: (name) => {
      if (!core.restoreState(name)) throw new Error(`No saved state ${name}: save it with saveState first.`);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections would hold close() open; the emulator is done with them.
        for (const socket of sockets) socket.destroy();
      }),
  };
}
