/**
 * The client builds each API noun from its module on first use (provider/client/index.ts
 * API_MODULES): a provider process serving one resource type loads that noun's module only.
 * Each noun module is wrapped (not replaced) in a fresh module registry to record when it loads.
 */
import type * as ClientIndex from "../../../provider/client";

const NOUNS = [
  "accessLogs",
  "alertConfigs",
  "alerts",
  "auditing",
  "backupSchedules",
  "cloudProviderAccess",
  "compliancePolicy",
  "customDns",
  "exportBuckets",
  "exportJobs",
  "legacy",
  "liveMigrations",
  "outageSimulations",
  "restoreJobs",
  "searchDeployments",
  "searchIndexes",
  "serverlessBackups",
  "snapshots",
] as const;

const SETTINGS = {
  baseUrl: "http://127.0.0.1:9/api/platform/v2",
  publicKey: "lazy-public",
  privateKey: "lazy-private",
  rateLimitPerMinute: 0,
};

/** A fresh copy of the client's index whose noun modules record their loading in `loaded`. */
function freshClientIndex(loaded: string[]): typeof ClientIndex {
  let index: typeof ClientIndex | undefined;
  jest.isolateModules(() => {
    for (const noun of NOUNS) {
      jest.doMock(`../../../provider/client/${noun}`, () => {
        loaded.push(noun);
        return jest.requireActual(`../../../provider/client/${noun}`);
      });
    }
    index = require("../../../provider/client") as typeof ClientIndex;
  });
  return index as typeof ClientIndex;
}

afterEach(() => {
  jest.resetModules();
});

test("the module table names every API noun of the client", () => {
  const loaded: string[] = [];
  const { API_MODULES } = freshClientIndex(loaded);
  expect(Object.keys(API_MODULES).sort()).toEqual([...NOUNS]);
  expect(loaded).toEqual([]);
});

test("creating a client loads no API module; the first use of a noun loads that one only", async () => {
  const loaded: string[] = [];
  const { createClient } = freshClientIndex(loaded);
  const client = createClient(SETTINGS);
  try {
    expect(loaded).toEqual([]);
    const alertConfigs = client.alertConfigs;
    expect(loaded).toEqual(["alertConfigs"]);
    expect(typeof alertConfigs.get).toBe("function");
    // Built once: the same object again, and no second load.
    expect(client.alertConfigs).toBe(alertConfigs);
    expect(loaded).toEqual(["alertConfigs"]);
    void client.snapshots;
    expect(loaded).toEqual(["alertConfigs", "snapshots"]);
  } finally {
    await client.close();
  }
});

test("every noun is a visible member of the client and builds from its module", async () => {
  const loaded: string[] = [];
  const { createClient } = freshClientIndex(loaded);
  const client = createClient(SETTINGS);
  try {
    expect(Object.keys(client).sort()).toEqual(["close", "config", "stats", ...NOUNS].sort());
    for (const noun of NOUNS) expect(typeof client[noun]).toBe("object");
    expect([...loaded].sort()).toEqual([...NOUNS]);
  } finally {
    await client.close();
  }
});

test("two clients build their own noun objects", async () => {
  const { createClient } = freshClientIndex([]);
  const first = createClient(SETTINGS);
  const second = createClient({ ...SETTINGS, publicKey: "other-public" });
  try {
    expect(first.alertConfigs).not.toBe(second.alertConfigs);
    expect(first.config.auth).not.toEqual(second.config.auth);
  } finally {
    await first.close();
    await second.close();
  }
});
