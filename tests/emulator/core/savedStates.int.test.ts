import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../../emulator";
import { controlCall, DigestClient, ORG, OWNER_KEY, PROJECT, testOperations } from "./helpers";

let emu: RunningEmulator;
let owner: DigestClient;
const widgets = `/api/platform/v2/groups/${PROJECT}/widgets`;

beforeEach(async () => {
  emu = await startEmulator({ port: 0, clock: "manual", operations: testOperations });
  owner = new DigestClient(emu.url, OWNER_KEY);
});
afterEach(async () => {
  await emu.close();
});

const control = (method: string, path: string, body?: unknown) => controlCall(emu.url, method, path, body);

async function widgetNames(): Promise<string[]> {
  const answer = await owner.call("GET", widgets);
  return ((answer.json as { results: Array<{ name: string }> }).results ?? []).map((w) => w.name).sort();
}

describe("saved states (control API)", () => {
  test("PUT saves, POST restore returns to it as often as asked, with the id counter", async () => {
    expect((await owner.call("POST", widgets, { body: { name: "first" } })).status).toBe(201);
    expect(await control("PUT", "states/deployed")).toMatchObject({
      status: 201,
      json: { name: "deployed" },
    });
    const counter = emu.state.idCounter;
    expect((await owner.call("POST", widgets, { body: { name: "second" } })).status).toBe(201);
    expect(await widgetNames()).toEqual(["first", "second"]);

    expect(await control("POST", "states/deployed/restore")).toMatchObject({
      status: 200,
      json: { restored: "deployed" },
    });
    expect(await widgetNames()).toEqual(["first"]);
    expect(emu.state.idCounter).toBe(counter);

    // What happened after a restore does not change the saved copy: a second restore drops it too.
    const third = await owner.call("POST", widgets, { body: { name: "third" } });
    expect(third.status).toBe(201);
    expect((await control("POST", "states/deployed/restore")).status).toBe(200);
    expect(await widgetNames()).toEqual(["first"]);
    // The same ids are minted again from the restored counter.
    expect((await owner.call("POST", widgets, { body: { name: "third" } })).json).toEqual(third.json);
  });

  test("a restore clears faults and the request log, as reset does; the state object stays the same", async () => {
    const state = emu.state;
    await control("PUT", "states/start");
    expect((await owner.call("GET", widgets)).status).toBe(200);
    await control("POST", "faults", { pathPattern: "/api/**", status: 503 });
    expect((await owner.call("GET", widgets)).status).toBe(503);
    expect(((await control("GET", "requests")).json as unknown[]).length).toBeGreaterThan(0);
    await control("POST", "states/start/restore");
    expect((await control("GET", "faults")).json).toEqual([]);
    expect((await control("GET", "requests")).json).toEqual([]);
    expect(emu.state).toBe(state);
    // Nonces are cleared too: a new client signs in again.
    expect((await new DigestClient(emu.url, OWNER_KEY).call("GET", widgets)).status).toBe(200);
  });

  test("GET lists the names, DELETE forgets one; unknown names 404, bad names 400", async () => {
    expect((await control("GET", "states")).json).toEqual([]);
    await control("PUT", "states/b-state");
    await control("PUT", "states/a.state_1");
    expect((await control("GET", "states")).json).toEqual(["a.state_1", "b-state"]);
    expect((await control("DELETE", "states/b-state")).status).toBe(204);
    expect((await control("GET", "states")).json).toEqual(["a.state_1"]);
    expect(await control("DELETE", "states/b-state")).toMatchObject({
      status: 404,
      json: { error: "No saved state b-state." },
    });
    expect(await control("POST", "states/missing/restore")).toMatchObject({
      status: 404,
      json: { error: "No saved state missing." },
    });
    expect(await control("PUT", "states/a%20b")).toMatchObject({
      status: 400,
      json: { error: 'state name "a b": use 1 to 100 of A-Z a-z 0-9 . _ -' },
    });
    expect((await control("POST", "states/a.state_1/undo")).status).toBe(404);
    expect((await control("GET", "")).json).toMatchObject({
      endpoints: expect.arrayContaining([
        "GET states",
        "PUT|DELETE states/{name}",
        "POST states/{name}/restore",
      ]),
    });
  });
});

describe("saved states (library)", () => {
  test("saveState and restoreState do what the routes do; an unknown name throws", async () => {
    await control("POST", "orgs", { name: "kept-org" });
    emu.saveState("with-org");
    await control("POST", "orgs", { name: "dropped-org" });
    emu.restoreState("with-org");
    expect(Object.values(emu.state.orgs).map((org) => org.name)).toContain("kept-org");
    expect(Object.values(emu.state.orgs).map((org) => org.name)).not.toContain("dropped-org");
    expect(emu.state.orgs[ORG]?.name).toBe("demo-org");
    expect(() => emu.restoreState("nothing")).toThrow(
      "No saved state nothing: save it with saveState first.",
    );
  });

  test("with a data folder, the restored state is what state.json holds", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "emulator-states-"));
    const persisted = await startEmulator({ port: 0, clock: "manual", operations: testOperations, dataDir });
    try {
      persisted.saveState("empty");
      persisted.core.state.entities.widgets = { w1: { id: "w1", groupId: PROJECT, name: "later" } };
      persisted.core.persist();
      persisted.restoreState("empty");
      const saved = JSON.parse(readFileSync(join(dataDir, "state.json"), "utf8")) as {
        state: { entities: Record<string, unknown> };
      };
      expect(saved.state.entities.widgets).toBeUndefined();
    } finally {
      await persisted.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
