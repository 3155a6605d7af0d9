/**
 * A Ctrl-C during a wait of the native plugin, through the real CLI (docs/native.md, "Cancelling a
 * wait"): a TypeScript program on the native plugin (the native-nodejs program's setup, its index.ts
 * replaced by one search index) against an emulator whose builds take an hour. SIGINT reaches
 * `pulumi up` while the plugin waits for the index: the engine sends Cancel, the wait ends at once as
 * a timeout would, and the index stays in state with its id. The next `pulumi up` (builds now
 * immediate) waits for that same index: no orphan on the service, no pending operation to recover, and
 * one create request in all.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../../emulator";
import { createClient, type PlatformClient } from "../../../provider/client";
import type { RunResult } from "../../../scripts/lib/pulumi-stack";
import { E2EStack } from "../harness";
import { CLUSTER, GROUP, plain } from "./languageScenario";

const PROGRAM = `import * as platform from "pulumi-cluster-platform/native";

const movies = new platform.SearchIndex("movies", {
  groupId: "${GROUP}",
  clusterName: "${CLUSTER}",
  database: "sample_mflix",
  collectionName: "movies",
  name: "movies",
  definition: { mappings: { dynamic: true } },
});

export const indexId = movies.indexId;
export const status = movies.status;
`;

let emulator: RunningEmulator;
let client: PlatformClient;
let stack: E2EStack;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 60 * 60_000 });
  client = createClient({
    baseUrl: emulator.baseUrl,
    publicKey: DEFAULT_SEED.orgOwnerKey.publicKey,
    privateKey: DEFAULT_SEED.orgOwnerKey.privateKey,
  });
  stack = await E2EStack.create({
    program: join(__dirname, "..", "programs", "native-nodejs"),
    native: "nodejs",
    config: {
      "platform:baseUrl": emulator.baseUrl,
      "platform:publicKey": DEFAULT_SEED.orgOwnerKey.publicKey,
    },
    secrets: { "platform:privateKey": DEFAULT_SEED.orgOwnerKey.privateKey },
  });
  writeFileSync(join(stack.programDir, "index.ts"), PROGRAM);
});

afterAll(async () => {
  stack?.dispose();
  await client?.close();
  await emulator?.close();
});

/** The index creates the service answered (a digest challenge, 401 without a principal, is none). */
function createRequests(): number {
  return emulator.core.requestLog
    .list()
    .filter(
      (entry) =>
        entry.method === "POST" &&
        entry.path.endsWith(`/clusters/${CLUSTER}/search/indexes`) &&
        entry.principal !== null,
    ).length;
}

/** Whether the plugin has polled the index since it was created: its wait is under way. */
function waiting(): boolean {
  const entries = emulator.core.requestLog.list();
  const created = entries.findIndex(
    (entry) => entry.method === "POST" && entry.path.endsWith("/search/indexes") && entry.status === 201,
  );
  return (
    created >= 0 &&
    entries
      .slice(created + 1)
      .some((entry) => entry.method === "GET" && /\/search\/indexes\/[0-9a-f]{24}$/.test(entry.path))
  );
}

/** Runs `pulumi up` and sends it SIGINT once the plugin waits for the index; resolves with how it ended. */
function upInterruptedDuringTheWait(): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive"], {
      cwd: stack.programDir,
      env: stack.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const watch = setInterval(() => {
      if (!waiting()) return;
      clearInterval(watch);
      child.kill("SIGINT");
    }, 100);
    child.on("error", (error) => {
      clearInterval(watch);
      reject(error);
    });
    child.on("close", (code) => {
      clearInterval(watch);
      process.stdout.write(`\n$ pulumi up (SIGINT during the wait)\n${stdout}${stderr}`);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

test("SIGINT during a wait ends pulumi up with the index kept in state; the next up waits for that index", async () => {
  const interrupted = await upInterruptedDuringTheWait();
  const output = plain(interrupted.stdout + interrupted.stderr);
  expect(interrupted.code).not.toBe(0);
  expect(output).toContain("^C received; cancelling.");
  expect(output).toMatch(
    /cancelled after \d+s waiting for search index movies on demo-cluster \(sample_mflix\.movies\): still in state (PENDING|BUILDING) \(waiting for READY\)/,
  );

  const [index] = await client.searchIndexes.list(GROUP, CLUSTER);
  const id = `${GROUP}/${CLUSTER}/${index?.indexID}`;
  const kept = (await stack.exportState()) as {
    deployment: { resources?: Array<Record<string, unknown>>; pending_operations?: unknown[] };
  };
  const indexes = (kept.deployment.resources ?? []).filter(
    (resource) => resource.type === "platform:index:SearchIndex",
  );
  expect(indexes.map((resource) => resource.id)).toEqual([id]);
  expect(kept.deployment.pending_operations ?? []).toEqual([]);

  // The build now finishes at once; the next up waits for the index in state, and creates nothing.
  emulator.core.settings.asyncDelayMs = 0;
  await stack.up();
  expect(await stack.outputs()).toEqual({ indexId: index?.indexID, status: "READY" });
  expect((await client.searchIndexes.list(GROUP, CLUSTER)).map((live) => live.indexID)).toEqual([
    index?.indexID,
  ]);
  expect(createRequests()).toBe(1);
});
