import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../../emulator";
import { DigestClient, http, ORG, OWNER_KEY, PROJECT, testOperations } from "./helpers";

jest.setTimeout(60_000);

const repoRoot = join(__dirname, "..", "..", "..");

interface Child {
  process: ChildProcess;
  origin: string;
}

/** Spawns a TypeScript entry point under ts-node and waits for its "base URL" line. */
function spawnServer(entry: string, args: string[]): Promise<Child> {
  const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", entry, ...args], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`no base URL from ${entry}: ${output}`)), 30_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /base URL\s+(https?:\/\/[^/\s]+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ process: child, origin: match[1] });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}: ${output}`));
    });
  });
}

function killHard(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.removeAllListeners("exit");
    child.process.once("exit", () => resolve());
    child.process.kill("SIGKILL");
  });
}

/** Fires `total` creates with `concurrency` in flight; SIGKILLs the child once `killAfter` were
 * acknowledged; returns what each acknowledged create returned. */
async function burstThenKill(
  child: Child,
  create: (index: number) => Promise<{ status: number; key: string } | undefined>,
  options: { total: number; concurrency: number; killAfter: number },
): Promise<string[]> {
  const acknowledged: string[] = [];
  let next = 0;
  let killing: Promise<void> | undefined;
  const worker = async () => {
    while (next < options.total && !killing) {
      const index = next++;
      try {
        const answer = await create(index);
        if (answer && answer.status >= 200 && answer.status < 300) acknowledged.push(answer.key);
      } catch {
        // In flight when the process died: no answer, no promise made.
      }
      if (acknowledged.length >= options.killAfter && !killing) killing = killHard(child);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await killing;
  // The kill must land in the middle of the burst, not after it.
  expect(acknowledged.length).toBeLessThan(options.total);
  return acknowledged;
}

describe("persistence with --data-dir survives SIGKILL in the middle of a burst", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "emulator-persist-"));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  test("the CLI: every control-API create that got a 2xx is there after the restart", async () => {
    const args = ["--port", "0", "--data-dir", dataDir];
    const first = await spawnServer("emulator/cli.ts", args);
    const acknowledged = await burstThenKill(
      first,
      async (index) => {
        const answer = await http(`${first.origin}/__emulator/projects`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: `burst-${index}`, orgId: ORG }),
        });
        return { status: answer.status, key: (answer.json as { id: string }).id };
      },
      { total: 400, concurrency: 8, killAfter: 40 },
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    const second = await spawnServer("emulator/cli.ts", args);
    try {
      const projects = (await http(`${second.origin}/__emulator/projects`)).json as { id: string }[];
      const ids = new Set(projects.map((project) => project.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      // Ids keep counting from the persisted counter: a new create never reuses an id.
      const fresh = await http(`${second.origin}/__emulator/projects`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "after-restart", orgId: ORG }),
      });
      expect(ids.has((fresh.json as { id: string }).id)).toBe(false);
    } finally {
      await killHard(second);
    }
  });

  test("API creates through an operation: every 2xx survives", async () => {
    const entry = "tests/emulator/core/fixtures/serveTestOps.ts";
    const first = await spawnServer(entry, [dataDir]);
    const client = new DigestClient(first.origin, OWNER_KEY);
    const path = `/api/platform/v2/groups/${PROJECT}/widgets`;
    const acknowledged = await burstThenKill(
      first,
      async (index) => {
        const answer = await client.call("POST", path, { body: { name: `w-${index}` } });
        return { status: answer.status, key: (answer.json as { id: string }).id };
      },
      // The test operation is rate limited (100 a minute per project): stay below.
      { total: 90, concurrency: 6, killAfter: 30 },
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    const second = await spawnServer(entry, [dataDir]);
    try {
      const restarted = new DigestClient(second.origin, OWNER_KEY);
      const list = await restarted.call("GET", `${path}?itemsPerPage=500`);
      const ids = new Set((list.json as { results: { id: string }[] }).results.map((widget) => widget.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      await killHard(second);
    }
  });

  test("in process: the state file is written atomically and reloaded over the seed", async () => {
    const emu = await startEmulator({ dataDir, operations: testOperations, seed: "empty" });
    await http(`${emu.url}/__emulator/orgs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: ORG, name: "saved-org" }),
    });
    await emu.close();
    const saved = JSON.parse(readFileSync(join(dataDir, "state.json"), "utf8")) as {
      format: number;
      state: { orgs: Record<string, { name: string }> };
    };
    expect(saved.format).toBe(1);
    expect(saved.state.orgs[ORG]).toEqual({ id: ORG, name: "saved-org" });
    const reloaded = await startEmulator({ dataDir, operations: testOperations, seed: "default" });
    try {
      expect(Object.values(reloaded.state.orgs)).toEqual([{ id: ORG, name: "saved-org" }]);
      expect(reloaded.state.projects).toEqual({});
    } finally {
      await reloaded.close();
    }
  });
});
