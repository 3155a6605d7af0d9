/**
 * State compatibility with the previous release (issue 24: "a stack made by the previous release
 * refreshes and previews with no change"), through the real Pulumi CLI. The fixture
 * (fixtures/state-0.1.0, made by scripts/state-compat/make-fixture.ts with release 0.1.0's package
 * and emulator) holds a stack of programs/everyType, every resource type, and the emulator's data
 * folder after its `pulumi up`. In one stack of the same program with the CURRENT package:
 *
 * 1. the emulator restarts from the fixture's data folder (at the fixture's clock, which stays put)
 *    and the fixture's state is imported;
 * 2. `pulumi-cluster-platform drift` (the engine's refresh preview and preview) reads every
 *    resource and reports nothing; `pulumi refresh` changes nothing: every resource unchanged, every
 *    stored input and output equal, and nothing but reads reaches the service;
 * 3. `pulumi preview` shows no change, and nothing but reads reaches the service;
 * 4. `pulumi up` of a small change (the snapshot's retention) updates that resource only, and the
 *    stack, now written by the current package, previews clean again;
 * 5. `pulumi destroy` deletes everything, and the emulator holds nothing of the stack but what the
 *    service cannot delete.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type EmulatorState, type RunningEmulator, startEmulator } from "../../emulator";
import { loadSeed, stateFromSeed } from "../../emulator/core/seed";
import { scheduleOf } from "../../emulator/domain/backupSchedules";
import { auditingOf, customDnsOf } from "../../emulator/domain/projectSettings";
import type { DriftReport } from "../../provider/cli/drift/drift";
import { createClient, type PlatformClient } from "../../provider/client";
import {
  EMULATOR_DIR,
  FIXTURE_PASSPHRASE,
  type FixtureInfo,
  fixtureEmulatorOptions,
  readFixtureInfo,
  STACK_FILE,
} from "../../scripts/state-compat/fixture";
import { type E2EStack, emulatorStack, repoRoot, runProcess } from "./harness";
import { changedProperties, PLATFORM_PRIVATE_KEY, PLATFORM_PUBLIC_KEY, setConfig } from "./platformStack";

const FIXTURE = join(__dirname, "fixtures", "state-0.1.0");
const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
const PROGRAM = join(__dirname, "programs", "everyType");
/** backup-example, where the program keeps its backups, search and project settings. */
const GROUP = "5f1a0000000000000000e201";
const CLUSTER = "orders-cluster";
const RESTORE_CLUSTER = "orders-restore";
/** The seeded open alert the program acknowledges. */
const ALERT = "5f1a0000000000000000e420";
const DAY = 86_400_000;
/** The 18 resource types, each declared once by the program. */
const TYPES = [
  "AlertAcknowledgement",
  "AlertConfiguration",
  "Auditing",
  "BackupCompliancePolicy",
  "CloudBackupSchedule",
  "CloudProviderAccessRole",
  "CustomDns",
  "ExportBucket",
  "FtsIndex",
  "LiveMigration",
  "LiveMigrationLinkToken",
  "OnDemandSnapshot",
  "OutageSimulation",
  "PrivateIpMode",
  "RestoreJob",
  "SearchDeployment",
  "SearchIndex",
  "SnapshotExportJob",
];
/** The stack resource and the 18 (the default provider is not counted in the engine's summary). */
const STACK_RESOURCES = TYPES.length + 1;

interface Deployment {
  deployment: { resources?: Array<Record<string, unknown>> };
}

/** The "Resources:" block of the engine's summary, one entry a line ("~ 1 updated", "18 unchanged"). */
function changeSummary(stdout: string): string[] {
  const block = /^Resources:\n((?: {4}.*\n?)+)/m.exec(stdout)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

/** Every input and output that differs between two exports of the same stack, as "urn property: a -> b". */
function stateDifferences(before: Deployment, after: Deployment): string[] {
  const byUrn = (state: Deployment) =>
    new Map((state.deployment.resources ?? []).map((resource) => [String(resource.urn), resource]));
  const old = byUrn(before);
  const now = byUrn(after);
  const differences: string[] = [];
  for (const urn of new Set([...old.keys(), ...now.keys()])) {
    const name = urn.replace(/^.*::pulumi-nodejs:dynamic\/platform:/, "");
    const a = old.get(urn);
    const b = now.get(urn);
    if (a === undefined || b === undefined) {
      differences.push(`${name}: ${a === undefined ? "added" : "removed"}`);
      continue;
    }
    for (const part of ["inputs", "outputs"] as const) {
      const x = (a[part] ?? {}) as Record<string, unknown>;
      const y = (b[part] ?? {}) as Record<string, unknown>;
      for (const key of new Set([...Object.keys(x), ...Object.keys(y)]).values()) {
        const [from, to] = [JSON.stringify(x[key]), JSON.stringify(y[key])];
        if (from !== to) differences.push(`${name} ${part}.${key}: ${from} -> ${to}`);
      }
    }
  }
  return differences.sort();
}

/**
 * What the emulator holds beyond a freshly seeded one, per entity table: the records added, removed
 * or changed ("+id", "-id", "~id").
 */
function leftovers(state: EmulatorState): Record<string, string[]> {
  const fresh = stateFromSeed(loadSeed("default")).entities;
  const result: Record<string, string[]> = {};
  for (const table of new Set([...Object.keys(fresh), ...Object.keys(state.entities)])) {
    const before = fresh[table] ?? {};
    const after = state.entities[table] ?? {};
    const changes: string[] = [];
    for (const id of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!(id in before)) changes.push(`+${id}`);
      else if (!(id in after)) changes.push(`-${id}`);
      else if (JSON.stringify(before[id]) !== JSON.stringify(after[id])) changes.push(`~${id}`);
    }
    if (changes.length > 0) result[table] = changes.sort();
  }
  return result;
}

/** A record without its minted ids (`id` keys at any depth), to compare with a default one. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== "id")
      .map(([key, item]) => [key, withoutIds(item)]),
  );
}

describe("a stack made by release 0.1.0 refreshes, previews, updates and destroys with the current package", () => {
  let info: FixtureInfo;
  let dataDir: string;
  let emulator: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;
  /** The state as imported (secrets shown), what refresh must leave as it is. */
  let imported: Deployment | undefined;
  /** The imported state; the steps after the import run only on it (not on a stack made anew). */
  const importedState = (): Deployment => {
    if (imported === undefined) throw new Error("the fixture's state was not imported: see the first step");
    return imported;
  };

  /** The requests other than GET the emulator served since its log was cleared ("POST /api/..."). */
  const writes = () =>
    emulator.core.requestLog
      .list()
      .filter((entry) => entry.method !== "GET")
      .map((entry) => `${entry.method} ${entry.path}`);

  beforeAll(async () => {
    info = readFixtureInfo(FIXTURE);
    dataDir = mkdtempSync(join(tmpdir(), "state-compat-e2e-"));
    cpSync(join(FIXTURE, EMULATOR_DIR), dataDir, { recursive: true });
    emulator = await startEmulator(fixtureEmulatorOptions(dataDir, info.clockMs));
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: PLATFORM_PUBLIC_KEY,
      privateKey: PLATFORM_PRIVATE_KEY,
    });
    stack = await emulatorStack(emulator, {
      program: PROGRAM,
      stackName: info.stack,
      env: { PULUMI_CONFIG_PASSPHRASE: FIXTURE_PASSPHRASE },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  test("the fixture's state imports into a stack of the current program", async () => {
    const fixture = JSON.parse(readFileSync(join(FIXTURE, STACK_FILE), "utf8")) as Deployment;
    // The one edit: the default provider keeps the platform:* stack config in its inputs, and the
    // fixture's emulator listened on another port. This emulator stands for the same service.
    const providers = (fixture.deployment.resources ?? []).filter(
      (resource) => resource.type === "pulumi:providers:pulumi-nodejs",
    );
    expect(providers.map((provider) => provider.urn)).toEqual([
      `urn:pulumi:${info.stack}::${info.project}::pulumi:providers:pulumi-nodejs::default`,
    ]);
    for (const provider of providers)
      for (const part of ["inputs", "outputs"] as const) {
        const values = provider[part] as Record<string, unknown>;
        expect(values["platform:baseUrl"]).toBe(info.baseUrl);
        values["platform:baseUrl"] = emulator.baseUrl;
      }
    const file = join(stack.workDir, "fixture-state.json");
    writeFileSync(file, JSON.stringify(fixture));
    await stack.pulumi(["stack", "import", "--file", file]);

    const state = (await stack.exportState()) as Deployment;
    const types = (state.deployment.resources ?? []).map((resource) => String(resource.type));
    expect(types.filter((type) => type.startsWith("pulumi-nodejs:dynamic/platform:")).sort()).toEqual(
      TYPES.map((type) => `pulumi-nodejs:dynamic/platform:${type}`),
    );
    expect(types.length).toBe(info.resources);
    imported = state;
  });

  test("drift reads every resource through the engine and reports nothing", async () => {
    importedState();
    emulator.core.requestLog.clear();
    const result = await runProcess(
      "node",
      [MAIN, "drift", "--stack", info.stack, "--cwd", stack.programDir, "--json"],
      stack.workDir,
      stack.env,
    );
    const read = result.stderr
      .split("\n")
      .map((line) => /^ {2}read (\w+) /.exec(line)?.[1])
      .filter((type): type is string => type !== undefined);
    expect([...new Set(read)].sort()).toEqual(TYPES);
    expect(writes()).toEqual([]);
    const report = JSON.parse(result.stdout) as DriftReport;
    expect([result.code, report.summary, report.drift, report.pendingChanges]).toEqual([
      0,
      { driftedResources: 0, driftedFields: 0, missingResources: 0, pendingResources: 0, pendingFields: 0 },
      [],
      [],
    ]);
  });

  test("pulumi refresh changes nothing: every resource unchanged, every input and output as stored", async () => {
    const before = importedState();
    emulator.core.requestLog.clear();
    const refresh = await stack.refresh({ expectNoChanges: true, allowFailure: true });
    const after = (await stack.exportState()) as Deployment;
    // The stored differences first: when refresh does change something, they say what.
    expect(stateDifferences(before, after)).toEqual([]);
    expect(writes()).toEqual([]);
    expect(changedProperties(refresh.stdout)).toEqual([]);
    expect(changeSummary(refresh.stdout)).toEqual([`${STACK_RESOURCES} unchanged`]);
    expect(refresh.code).toBe(0);
  });

  test("pulumi preview shows no change", async () => {
    importedState();
    emulator.core.requestLog.clear();
    const preview = await stack.preview({ expectNoChanges: true, allowFailure: true });
    expect(writes()).toEqual([]);
    expect(changedProperties(preview.stdout)).toEqual([]);
    expect(changeSummary(preview.stdout)).toEqual([`${STACK_RESOURCES} unchanged`]);
    expect(preview.code).toBe(0);
  });

  test("pulumi up of a small change updates that resource only; the stack then previews clean", async () => {
    importedState();
    const outputs = await stack.outputs();
    await setConfig(stack, "snapshotRetentionDays", 14);
    const up = await stack.up();
    expect(changeSummary(up.stdout)).toEqual(["~ 1 updated", `${STACK_RESOURCES - 1} unchanged`]);
    const live = await client.snapshots.get(GROUP, CLUSTER, String(outputs.snapshotId));
    expect(Date.parse(String(live.expiresAt)) - Date.parse(String(live.createdAt))).toBe(14 * DAY);
    expect(await stack.outputs()).toEqual({
      ...outputs,
      snapshotExpiresAt: new Date(info.clockMs + 14 * DAY).toISOString().replace(".000Z", "Z"),
    });
    const preview = await stack.preview({ expectNoChanges: true });
    expect(changeSummary(preview.stdout)).toEqual([`${STACK_RESOURCES} unchanged`]);
  });

  test("pulumi destroy deletes every resource; the emulator keeps only what the service cannot delete", async () => {
    const outputsOf = (type: string) =>
      ((importedState().deployment.resources ?? []).find(
        (resource) => resource.type === `pulumi-nodejs:dynamic/platform:${type}`,
      )?.outputs ?? {}) as Record<string, unknown>;
    // The support request the service needs before it disables a compliance policy, as the emulator
    // models it (tests/e2e/backupCompliancePolicy.e2e.test.ts).
    const project = emulator.state.projects[GROUP];
    if (project !== undefined) project.compliancePolicyDisableRequested = true;
    const destroy = await stack.destroy();
    expect(changeSummary(destroy.stdout)).toEqual([`- ${STACK_RESOURCES} deleted`]);

    const { entities } = emulator.state;
    const migration = outputsOf("LiveMigration");
    expect(leftovers(emulator.state)).toEqual({
      // What the service cannot delete (each resource's delete says so): the export job, the restore
      // job, the live migration and the validation run before it.
      exportJobs: [`+${String(outputsOf("SnapshotExportJob").exportJobId)}`],
      restoreJobs: [`+${String(outputsOf("RestoreJob").restoreJobId)}`],
      liveMigrations: [`+${String(migration.liveMigrationId)}`],
      migrationValidations: [`+${String(migration.validationId)}`],
      // Left as it is by design (docs/resources/privateIpMode.md).
      privateIpMode: [`+${GROUP}`],
      // Back at the service's defaults (checked below), where a fresh emulator makes them on first use.
      auditing: [`+${GROUP}`],
      customDns: [`+${GROUP}`],
      backupSchedules: [`+${GROUP}/${CLUSTER}`, `+${GROUP}/${RESTORE_CLUSTER}`],
      // Unacknowledged again (checked below); the service stamps the alert's update time.
      alerts: [`~${ALERT}`],
    });
    const fresh = stateFromSeed(loadSeed("default"));
    expect(entities.privateIpMode?.[GROUP]).toEqual({ enabled: true });
    expect(entities.auditing?.[GROUP]).toEqual(auditingOf(fresh, GROUP));
    expect(entities.customDns?.[GROUP]).toEqual(customDnsOf(fresh, GROUP));
    for (const name of [CLUSTER, RESTORE_CLUSTER]) {
      const cluster = fresh.clusters[`${GROUP}/${name}`];
      if (cluster === undefined) throw new Error(`the seed has no cluster ${name}`);
      expect(withoutIds(entities.backupSchedules?.[`${GROUP}/${name}`])).toEqual(
        withoutIds(scheduleOf(fresh, cluster)),
      );
    }
    const { updated: _now, ...alert } = entities.alerts?.[ALERT] ?? {};
    const { updated: _then, ...seeded } = fresh.entities.alerts?.[ALERT] ?? {};
    expect(alert).toEqual(seeded);
  });
});
