/**
 * Requests per second of the emulator against a bare node:http server answering the same JSON, in
 * the same run, on loopback: an authenticated GET (the seeded project's custom DNS configuration)
 * with one Digest nonce reused (increasing nc) over keep-alive connections, fixed concurrency, a
 * bounded number of requests. Each server runs in its own child process; this process only drives
 * load, so both servers get the same CPU.
 *
 *   npm run bench:emulator [-- --requests 20000 --concurrency 16 --rounds 2]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { Pool } from "undici";
import { DEFAULT_SEED } from "../emulator/seed/demoCredentials";
import { median } from "./lib/stats";

const PROJECT = "5f1a000000000000000000a1";
const PATH = `/api/platform/v2/groups/${PROJECT}/awsCustomDNS`;
const ACCEPT = "application/vnd.platform.2025-03-12+json";
const KEY = { username: DEFAULT_SEED.orgOwnerKey.publicKey, password: DEFAULT_SEED.orgOwnerKey.privateKey };

async function serveEmulator(): Promise<void> {
  const { startEmulator } = await import("../emulator");
  const { operations: registeredOperations } = await import("../emulator/operations");
  const operations = [...registeredOperations];
  const hasTarget = operations.some(
    (op) => op.method === "GET" && op.path === "/groups/{groupId}/awsCustomDNS",
  );
  if (!hasTarget) {
    // Until the real operation exists, a stand-in with the same path, roles and answer.
    operations.push({
      id: "35",
      name: "bench stand-in: get custom DNS",
      root: "v2",
      method: "GET",
      path: "/groups/{groupId}/awsCustomDNS",
      roles: ["GROUP_READ_ONLY"],
      versions: ["2025-03-12"],
      rateLimited: false,
      pretty: true,
      handler: () => ({ kind: "entity", status: 200, body: { enabled: false } }),
    });
  }
  // The bench measures the pipeline, not the 429 path: lift the per-project limit.
  const emu = await startEmulator({ port: 0, operations, rateLimit: { limit: 1e9, windowMs: 60_000 } });
  process.stdout.write(`READY ${emu.url} ${hasTarget ? "real-operation" : "stand-in-operation"}\n`);
}

function serveBare(body: string, contentType: string): void {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": contentType, "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port} bare\n`);
  });
}

function spawnServer(args: string[]): Promise<{ child: ChildProcess; url: string; note: string }> {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", __filename, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\S+) (\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] as string, note: match[2] as string });
    });
    child.on("exit", (code) => reject(new Error(`server child exited with ${code}: ${output}`)));
  });
}

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}

/** One Digest session: the nonce from one challenge, reused with an increasing nc. */
async function digestSession(pool: Pool): Promise<() => string> {
  const challenge = await pool.request({ path: PATH, method: "GET", headers: { accept: ACCEPT } });
  await challenge.body.text();
  const header = challenge.headers["www-authenticate"];
  const first = Array.isArray(header) ? (header[0] as string) : (header ?? "");
  const nonce = /nonce="([^"]+)"/.exec(first)?.[1] ?? "bare-server-has-no-nonce";
  const opaque = /opaque="([^"]+)"/.exec(first)?.[1] ?? "";
  const ha1 = md5(`${KEY.username}:MMS Public API:${KEY.password}`);
  const ha2 = md5(`GET:${PATH}`);
  let nc = 0;
  return () => {
    const ncText = (++nc).toString(16).padStart(8, "0");
    const cnonce = randomBytes(8).toString("hex");
    const response = md5(`${ha1}:${nonce}:${ncText}:${cnonce}:auth:${ha2}`);
    return (
      `Digest username="${KEY.username}", realm="MMS Public API", nonce="${nonce}", uri="${PATH}", ` +
      `algorithm=MD5, qop=auth, nc=${ncText}, cnonce="${cnonce}", response="${response}", opaque="${opaque}"`
    );
  };
}

interface RunResult {
  requestsPerSecond: number;
  failures: number;
  body: string;
  contentType: string;
}

async function drive(url: string, requests: number, concurrency: number): Promise<RunResult> {
  const pool = new Pool(url, { connections: concurrency, pipelining: 1 });
  try {
    const authorization = await digestSession(pool);
    let body = "";
    let contentType = "";
    let failures = 0;
    const run = async (count: number) => {
      let issued = 0;
      const worker = async () => {
        while (issued < count) {
          issued++;
          const answer = await pool.request({
            path: PATH,
            method: "GET",
            headers: { accept: ACCEPT, authorization: authorization() },
          });
          const text = await answer.body.text();
          if (answer.statusCode !== 200) failures++;
          else if (!body) {
            body = text;
            contentType = String(answer.headers["content-type"]);
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    };
    await run(Math.min(2000, requests)); // warm-up: JIT, connections
    failures = 0;
    const started = process.hrtime.bigint();
    await run(requests);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { requestsPerSecond: requests / seconds, failures, body, contentType };
  } finally {
    await pool.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "serve-emulator": { type: "boolean" },
      "serve-bare": { type: "string" },
      "content-type": { type: "string" },
      requests: { type: "string", default: "20000" },
      concurrency: { type: "string", default: "16" },
      rounds: { type: "string", default: "2" },
    },
  });
  if (values["serve-emulator"]) return serveEmulator();
  if (values["serve-bare"] !== undefined)
    return serveBare(values["serve-bare"], values["content-type"] ?? "application/json");

  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const rounds = Number(values.rounds);
  let emulatorBest = 0;
  let bareBest = 0;
  let note = "";
  const ratios: number[] = [];
  let body = "";
  let contentType = "";
  const measureEmulator = async (): Promise<number> => {
    const emulator = await spawnServer(["--serve-emulator"]);
    note = emulator.note;
    try {
      const run = await drive(emulator.url, requests, concurrency);
      if (run.failures > 0) throw new Error(`${run.failures} emulator answers were not 200`);
      body = run.body;
      contentType = run.contentType;
      return run.requestsPerSecond;
    } finally {
      emulator.child.kill();
    }
  };
  const measureBare = async (): Promise<number> => {
    const bare = await spawnServer(["--serve-bare", body, "--content-type", contentType]);
    try {
      return (await drive(bare.url, requests, concurrency)).requestsPerSecond;
    } finally {
      bare.child.kill();
    }
  };
  for (let round = 1; round <= rounds; round++) {
    // The bare server answers the emulator's body, so the emulator runs first in round 1; later
    // rounds alternate the order so neither side always gets the warmer (or busier) machine.
    let emulatorRate: number;
    let bareRate: number;
    if (round % 2 === 1) {
      emulatorRate = await measureEmulator();
      bareRate = await measureBare();
    } else {
      bareRate = await measureBare();
      emulatorRate = await measureEmulator();
    }
    ratios.push(emulatorRate / bareRate);
    process.stdout.write(
      `round ${round}: emulator ${emulatorRate.toFixed(0)} req/s, bare node:http ${bareRate.toFixed(0)} req/s, ratio ${(emulatorRate / bareRate).toFixed(2)}\n`,
    );
    emulatorBest = Math.max(emulatorBest, emulatorRate);
    bareBest = Math.max(bareBest, bareRate);
  }
  process.stdout.write(
    [
      `GET ${PATH} (${note}), Digest MD5 with nonce reuse, ${requests} requests, concurrency ${concurrency}, keep-alive, ${rounds} rounds`,
      `emulator:       ${emulatorBest.toFixed(0)} req/s (best round)`,
      `bare node:http: ${bareBest.toFixed(0)} req/s (best round)`,
      `ratio:          ${(emulatorBest / bareBest).toFixed(2)} best/best, ${median(ratios).toFixed(2)} median of the rounds (emulator / bare)`,
      "",
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
