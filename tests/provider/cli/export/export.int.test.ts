/**
 * `export` against the in-process emulator: the seeded export-source project filled with objects of
 * every type is read with requests that only read, into exactly the declarations a user would have
 * written; bad input, a missing project, refused credentials and an unreachable service each end with
 * one clear error.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../../../emulator";
import { CliError } from "../../../../provider/cli/engine";
import {
  connectionSettings,
  type ExportDeps,
  type ExportOptions,
  exportProject,
  GO_UNFORMATTED,
  packageSchema,
} from "../../../../provider/cli/export/export";
import { goProgram } from "../../../../provider/cli/export/go";
import { createClient, type PlatformClient, resetThrottles } from "../../../../provider/client";
import type { PlatformProvider } from "../../../../provider/framework/types";
import { providerWith } from "../../../../provider/runtime";
import { EXPORT_CLUSTERS, EXPORT_GROUP, fillExportProject } from "./fixture";

const KEY = DEFAULT_SEED.orgOwnerKey;

/** Every resource implementation of the runtime table, bound to one client (what the command gets from the runtime). */
function providersOf(client: PlatformClient): (type: string) => PlatformProvider {
  return (type) => providerWith(type, { client: () => client });
}

describe("export against the emulator", () => {
  let emulator: RunningEmulator;
  let client: PlatformClient;
  let work: string;
  const progress: string[] = [];

  const options = (overrides: Partial<ExportOptions> = {}): ExportOptions => ({
    command: "export",
    format: "program",
    groupId: EXPORT_GROUP,
    clusters: [],
    out: join(work, "out"),
    force: false,
    project: "exported",
    stack: "dev",
    language: "typescript",
    baseUrl: undefined,
    publicKey: undefined,
    clientId: undefined,
    ...overrides,
  });
  const deps = (withClient: PlatformClient = client): ExportDeps => ({
    client: withClient,
    provider: providersOf(withClient),
    progress: (line) => progress.push(line),
  });
  const failure = async (run: Promise<unknown>): Promise<string> => {
    const error = await run.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CliError);
    return (error as Error).message;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 0 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: KEY.publicKey,
      privateKey: KEY.privateKey,
    });
    await fillExportProject(client);
    work = mkdtempSync(join(tmpdir(), "export-int-"));
  });

  // Each test exports the whole project (about 40 reads); together they pass the client's
  // per-project budget of a minute, and the throttle would wait for the next minute. Pacing is the
  // client's business (tests/provider/client), not this file's.
  beforeEach(() => resetThrottles());

  afterAll(async () => {
    await client.close();
    await emulator.close();
    rmSync(work, { recursive: true, force: true });
  });

  test("reads every object with GETs only and declares each with its importId", async () => {
    emulator.core.requestLog.clear();
    const plan = await exportProject(options(), deps());
    const requests = emulator.core.requestLog.list();
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
    // A cluster without an outage simulation answers 404 to its read: nothing there to declare.
    expect(
      requests
        .filter((request) => request.status !== 200)
        .map((request) => `${request.status} ${request.method} ${request.path}`),
    ).toEqual(
      EXPORT_CLUSTERS.map(
        (cluster) => `404 GET /api/platform/v2/groups/${EXPORT_GROUP}/clusters/${cluster}/outageSimulation`,
      ),
    );

    const declared = Object.fromEntries(
      plan.types.map(({ entry, resources }) => [entry.type, resources.map((resource) => resource.name)]),
    );
    expect(declared).toEqual({
      Auditing: ["auditing"],
      CustomDns: ["custom-dns"],
      AlertConfiguration: [
        "alert-deployment-failure",
        "alert-credit-card-about-to-expire",
        "alert-joined-group",
      ],
      // The export-source project has no alert, so nothing acknowledged.
      AlertAcknowledgement: [],
      ExportBucket: ["export-bucket-exports-daily", "export-bucket-exports-archive"],
      CloudBackupSchedule: ["backup-schedule-export-cluster", "backup-schedule-export-analytics"],
      BackupCompliancePolicy: ["backup-compliance-policy"],
      SearchDeployment: ["search-nodes-export-cluster", "search-nodes-export-analytics"],
      SearchIndex: [
        "index-export-cluster-products-text",
        "index-export-cluster-orders-dynamic",
        "index-export-analytics-products-vectors",
      ],
      // The seed's export-source clusters have scheduled snapshots only, and no jobs.
      OnDemandSnapshot: [],
      SnapshotExportJob: [],
      RestoreJob: [],
      // The seed's AWS role of export-source; no simulation runs; the last three cannot be found
      // (types.ts says why).
      CloudProviderAccessRole: ["access-role"],
      OutageSimulation: [],
      LiveMigration: [],
      LiveMigrationLinkToken: [],
      PrivateIpMode: [],
      // Declared as SearchIndex (types.ts).
      FtsIndex: [],
    });
    expect(plan.clusters).toEqual([...EXPORT_CLUSTERS]);
    expect(plan.secrets.map((secret) => [secret.key, secret.visibleSuffix])).toEqual([
      ["alert-credit-card-about-to-expire-notifications-0-apiToken", "4242"],
      ["alert-credit-card-about-to-expire-notifications-1-serviceKey", "1357"],
      ["alert-joined-group-notifications-0-webhookSecret", "9876"],
    ]);

    const stackFile = parse(readFileSync(join(work, "out", "Pulumi.dev.yaml"), "utf8")) as {
      config: Record<string, Array<{ name: string; args: Record<string, unknown> }>>;
    };
    const auditing = stackFile.config["exported:auditing"];
    expect(auditing).toEqual([
      {
        name: "auditing",
        args: {
          groupId: EXPORT_GROUP,
          enabled: true,
          auditAuthorizationSuccess: false,
          auditFilter: '{"atype":"authenticate"}',
          importId: EXPORT_GROUP,
        },
      },
    ]);
    expect(stackFile.config["exported:searchDeployments"]?.[0]).toEqual({
      name: "search-nodes-export-cluster",
      args: {
        groupId: EXPORT_GROUP,
        clusterName: "export-cluster",
        specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
        importId: `${EXPORT_GROUP}/export-cluster`,
      },
    });
    expect(stackFile.config["platform:baseUrl"]).toBe(emulator.baseUrl);
    for (const name of ["Pulumi.yaml", "index.ts", "package.json", "tsconfig.json", "README.md"]) {
      expect(readFileSync(join(work, "out", name), "utf8").length).toBeGreaterThan(0);
    }
    expect(progress).toContain("  SearchIndex: 3 found");
  });

  test("--cluster limits the per-cluster objects to the named clusters", async () => {
    const plan = await exportProject(
      options({ clusters: ["export-analytics"], out: join(work, "one-cluster") }),
      deps(),
    );
    const names = (type: string) =>
      plan.types.find(({ entry }) => entry.type === type)?.resources.map((resource) => resource.name);
    expect(names("SearchIndex")).toEqual(["index-export-analytics-products-vectors"]);
    expect(names("SearchDeployment")).toEqual(["search-nodes-export-analytics"]);
    expect(names("Auditing")).toEqual(["auditing"]);
  });

  test("--language go: main.go is laid out by gofmt from PATH (gofmt -l lists nothing)", async () => {
    const out = join(work, "go");
    progress.length = 0;
    const plan = await exportProject(options({ language: "go", out }), deps());
    const written = readFileSync(join(out, "main.go"), "utf8");
    // The Go writer leaves the alignment to gofmt: the project's structs need it.
    expect(written).not.toBe(goProgram(plan, packageSchema()));
    expect(written).toContain('\t\t\t\t\t\t\t"type":          "vector",\n');
    expect(spawnSync("gofmt", ["-l", "main.go"], { cwd: out, encoding: "utf8" })).toMatchObject({
      status: 0,
      stdout: "",
      stderr: "",
    });
    expect(progress).not.toContain(GO_UNFORMATTED);
  });

  test("--language go without gofmt on PATH: main.go unformatted as written, and progress says so", async () => {
    const out = join(work, "go-unformatted");
    const empty = mkdtempSync(join(tmpdir(), "export-no-go-"));
    progress.length = 0;
    const plan = await exportProject(options({ language: "go", out }), {
      ...deps(),
      env: { ...process.env, PATH: empty },
    });
    rmSync(empty, { recursive: true, force: true });
    expect(readFileSync(join(out, "main.go"), "utf8")).toBe(goProgram(plan, packageSchema()));
    expect(progress).toContain(GO_UNFORMATTED);
  });

  test("--format import-file: every object of the program, as pulumi import --file reads it", async () => {
    const out = join(work, "import", "resources.json");
    progress.length = 0;
    emulator.core.requestLog.clear();
    const plan = await exportProject(options({ format: "import-file", out }), deps());
    expect(emulator.core.requestLog.list().filter((request) => request.method !== "GET")).toEqual([]);
    const written = JSON.parse(readFileSync(out, "utf8")) as {
      resources: Array<{ type: string; name: string; id: string }>;
    };
    expect(Object.keys(written)).toEqual(["resources"]);
    expect(written.resources).toEqual(
      plan.types.flatMap(({ entry, resources }) =>
        resources.map(({ name, args }) => ({
          type: `platform:index:${entry.type}`,
          name,
          id: args.importId,
        })),
      ),
    );
    expect(written.resources).toHaveLength(16);
    expect(written.resources[0]).toEqual({
      type: "platform:index:AlertConfiguration",
      name: "alert-deployment-failure",
      id: expect.stringMatching(new RegExp(`^${EXPORT_GROUP}/[0-9a-f]{24}$`)),
    });
    expect(progress.slice(-4)).toEqual([
      `Wrote ${out}: 16 resources; adopt them into the selected stack with \`pulumi import --file ${out}\` (the project's Pulumi.yaml names the plugin pulumi-resource-platform: docs/native.md)`,
      ...plan.secrets.map(
        (secret) =>
          `  AlertConfiguration ${secret.resourceName}: ${secret.path} is returned masked (****${secret.visibleSuffix}) and imported so; give the real value as a secret in the program`,
      ),
    ]);
    expect(plan.secrets).toHaveLength(3);
  });

  test("--format import-file: an existing file is refused unless --force, a folder always", async () => {
    const out = join(work, "taken.json");
    writeFileSync(out, "{}");
    emulator.core.requestLog.clear();
    expect(await failure(exportProject(options({ format: "import-file", out }), deps()))).toBe(
      `${out} exists: choose a new file, or pass --force to overwrite it`,
    );
    expect(
      await failure(exportProject(options({ format: "import-file", out: work, force: true }), deps())),
    ).toBe(`--out ${work} is a folder: with --format import-file, --out names the file to write`);
    expect(emulator.core.requestLog.list()).toEqual([]);
    await exportProject(options({ format: "import-file", out, force: true }), deps());
    expect(readFileSync(out, "utf8")).toContain('"type": "platform:index:AlertConfiguration"');
  });

  test("a non-empty --out is refused before any request, unless --force", async () => {
    const out = join(work, "taken");
    mkdirSync(out);
    writeFileSync(join(out, "notes.txt"), "mine");
    emulator.core.requestLog.clear();
    expect(await failure(exportProject(options({ out }), deps()))).toBe(
      `${out} is not empty: choose an empty or new folder, or pass --force to overwrite the files export writes there`,
    );
    expect(emulator.core.requestLog.list()).toEqual([]);
    await exportProject(options({ out, force: true }), deps());
    expect(readFileSync(join(out, "notes.txt"), "utf8")).toBe("mine");
    expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).toContain("name: exported");
  });

  test("bad input names the option and the rule", async () => {
    expect(await failure(exportProject(options({ groupId: "nope" }), deps()))).toBe(
      '--group must be 24 hexadecimal digits (a-f, 0-9); got "nope"',
    );
    expect(await failure(exportProject(options({ clusters: ["-bad"] }), deps()))).toMatch(
      /^--cluster: clusterName /,
    );
    expect(await failure(exportProject(options({ project: "my project" }), deps()))).toBe(
      '--project must contain only letters, digits, _, . and -; got "my project"',
    );
    expect(await failure(exportProject(options({ stack: "dev/1" }), deps()))).toBe(
      '--stack must contain only letters, digits, _, . and -; got "dev/1"',
    );
    expect(
      await failure(exportProject(options({ clusters: ["missing"], out: join(work, "missing") }), deps())),
    ).toBe(
      `--cluster missing: no such cluster in project ${EXPORT_GROUP} (its clusters: export-cluster, export-analytics)`,
    );
  });

  test("a project that does not exist, refused credentials, an unreachable service: one line each", async () => {
    const absent = await failure(
      exportProject(options({ groupId: "5f1a0000000000000000e1ff", out: join(work, "absent") }), deps()),
    );
    expect(absent).toBe(
      "reading project 5f1a0000000000000000e1ff: Listing clusters failed: GET /groups/5f1a0000000000000000e1ff/clusters " +
        "answered 404 GROUP_NOT_FOUND: No group with ID 5f1a0000000000000000e1ff exists.",
    );

    const wrongKey = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: KEY.publicKey,
      privateKey: "wrong",
    });
    const refused = await failure(exportProject(options({ out: join(work, "refused") }), deps(wrongKey)));
    await wrongKey.close();
    expect(refused).toMatch(
      /^reading project 5f1a0000000000000000e101: Listing clusters failed: GET \/groups\/5f1a0000000000000000e101\/clusters answered 401 UNAUTHENTICATED /,
    );

    const closed = await startEmulator({ port: 0, seed: "empty" });
    const baseUrl = closed.baseUrl;
    await closed.close();
    const nowhere = createClient({
      baseUrl,
      publicKey: KEY.publicKey,
      privateKey: KEY.privateKey,
      maxRetries: 0,
    });
    const unreachable = await failure(exportProject(options({ out: join(work, "nowhere") }), deps(nowhere)));
    await nowhere.close();
    expect(unreachable).toBe(
      "reading project 5f1a0000000000000000e101: Listing clusters failed: GET /groups/5f1a0000000000000000e101/clusters " +
        `could not reach ${new URL(baseUrl).origin} (ECONNREFUSED) after 1 HTTP request.`,
    );
  });
});

describe("connectionSettings", () => {
  test("command-line credentials take their secret half from the environment only", () => {
    const env = { PLATFORM_PRIVATE_KEY: "pk", PLATFORM_CLIENT_SECRET: "cs" };
    expect(
      connectionSettings({ baseUrl: "https://h/api/p/v2", publicKey: "pub", clientId: undefined }, env),
    ).toEqual({
      "platform:baseUrl": "https://h/api/p/v2",
      "platform:publicKey": "pub",
      "platform:privateKey": "pk",
    });
    expect(connectionSettings({ baseUrl: undefined, publicKey: undefined, clientId: "sa" }, env)).toEqual({
      "platform:clientId": "sa",
      "platform:clientSecret": "cs",
    });
    // Nothing given: the client falls back to every PLATFORM_* variable itself.
    expect(
      connectionSettings({ baseUrl: undefined, publicKey: undefined, clientId: undefined }, env),
    ).toEqual({});
  });
});
