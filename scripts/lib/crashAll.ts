/**
 * Crash trials over every resource type (issue 26), shared by tests/e2e/crashAll*.e2e.test.ts and
 * `npm run soak -- --every-type-trials <n>`: the stack of tests/e2e/programs/everyType (all 18 types)
 * against an emulator, its CLI killed with SIGKILL at a seeded moment of one phase, then
 * `pulumi-cluster-platform recover`, then the same command again:
 *
 * - create: `up` from an empty stack killed, recover, `up`;
 * - update: after a complete `up`, `up` of changed config (the text index's analyzer, the backup
 *   schedule's hour, the snapshot's retention) killed, recover, `up`;
 * - delete: after a complete `up`, `destroy` killed, recover, `destroy`.
 *
 * The complete `up` an update or delete trial starts after runs once per phase, in measureBaseline:
 * the emulator's state is saved then (emulator `saveState`) with the stack's deployment (`pulumi
 * stack export`), and each trial restores that state and imports the deployment into its fresh stack
 * (`pulumi stack import`) instead of running `up` again. Both phases send only updates and deletes,
 * so the stack's update history, which the import does not carry and recover reads only to date a
 * pending create (provider/cli/recover/recover.ts, runBeganBy), plays no part in them.
 *
 * The oracle is the emulator's own tables: a baseline measured once per phase by the same commands
 * unkilled (a normalized inventory of every entity table) is compared with each trial's end; a record
 * beyond the baseline is a duplicate (it equals one the baseline holds) or an orphan, and a record of
 * the baseline that differs or is missing counts as a difference (a singleton left half-applied).
 *
 * LiveMigration cannot be told by recover (the API lists no migrations: docs/cli.md, "recover"), so
 * its pending create is reported undecided. A trial then resolves it the documented way, as a person
 * reading the project's console would: the migration the killed run made, if any (the emulator's
 * table stands for the console), is adopted with the resource's `importId` (stack config
 * `migrationImportId`), the pending create is dropped from the state, and `up` goes on.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EmulatorOptions, RunningEmulator } from "../../emulator";
import { shortType } from "../../provider/protocol/urns";
import type { LocalStack, RunResult } from "./pulumi-stack";
import { emulatorStack, repoRoot } from "./pulumi-stack";
import {
  apiQuietAfter,
  commandKilledAfter,
  pendingOperations,
  processesOfStack,
  providerProcesses,
  recover,
  seededRandom,
  type TrialSet,
  waitUntil,
} from "./reliability";

export type Phase = "create" | "update" | "delete";
export const PHASES: readonly Phase[] = ["create", "update", "delete"];

/** The emulator the trials run against: asynchronous objects take 300 ms, no rate limit to wait out. */
export const EVERY_TYPE_EMULATOR: Readonly<EmulatorOptions> = {
  port: 0,
  seed: "default",
  asyncDelayMs: 300,
  rateLimit: { limit: 1_000_000, windowMs: 60_000 },
};

/**
 * The suite's crash trials over every type, per phase (docs/cli.md, "Which crash trials run where",
 * says why these counts). Each set's first trial kills the command at its first write (killMoments),
 * the others at the seed's moments; `full` is that first trial and the ten seeded ones the suite ran
 * until issue 36.
 *
 * - create, 4: the riskiest phase of every type, the only one where a kill can leave an object the
 *   state does not hold (an orphan, or a duplicate after the next `up`), which recover must find;
 *   each type's finding is also held in-process for all 18 types by
 *   tests/provider/framework/findCreated.int.test.ts. The kill at the first write catches the quick
 *   creates of the roots (alert configuration and acknowledgement, auditing, access role, link
 *   token, custom DNS) that no seeded moment of the last full set caught; seed 31's first three
 *   moments (0.67, 0.84, 0.75 of the run) fall among the dependent objects, jobs and the migration;
 * - update, 2: only the text index's update lasts long enough to be caught by a seeded moment (9 of
 *   the 10 update kills of the last full set held a SearchIndex update and nothing else), the first
 *   write is another update; an interrupted update is cleared and sent again the same way for
 *   every type;
 * - delete, 3: an interrupted delete is cleared and `destroy` runs again; every type's delete takes
 *   an object already gone as deleted.
 */
export const EVERY_TYPE_TRIALS: Readonly<Record<Phase, TrialSet>> = {
  create: { seed: 31, regular: 4, full: 11 },
  update: { seed: 37, regular: 2, full: 11 },
  delete: { seed: 41, regular: 3, full: 11 },
};

/**
 * The delays (ms after the command's first write) of a set's kills, one per call, a draw the command
 * outlived included: 0 first (a kill at the first write, while the quickest objects' requests are in
 * flight), then the seed's moments within the phase's span.
 */
export function killMoments(seed: number, spanMs: number): () => number {
  const random = seededRandom(seed);
  let first = true;
  return () => {
    if (!first) return Math.floor(random() * spanMs);
    first = false;
    return 0;
  };
}

/** backup-example, whose compliance policy the program declares; ops-resources, its migration. */
const BACKUP_GROUP = "5f1a0000000000000000e201";
const OPS_GROUP = "5f1a0000000000000000e301";

/** The config an update trial changes to (each key's default is the program's value before). */
export const UPDATED_CONFIG: Readonly<Record<string, string>> = {
  searchAnalyzer: "lucene.standard",
  scheduleHourOfDay: "5",
  snapshotRetentionDays: "9",
};

/** Which resource types keep their objects in each emulator table (a table may hold several). */
export const TABLE_TYPES: Readonly<Record<string, readonly string[]>> = {
  alertConfigs: ["AlertConfiguration"],
  alerts: ["AlertAcknowledgement"],
  auditing: ["Auditing"],
  backupSchedules: ["CloudBackupSchedule"],
  cloudProviderAccess: ["CloudProviderAccessRole"],
  compliancePolicies: ["BackupCompliancePolicy"],
  customDns: ["CustomDns"],
  exportBuckets: ["ExportBucket"],
  exportJobs: ["SnapshotExportJob"],
  liveMigrationLinks: ["LiveMigrationLinkToken"],
  liveMigrations: ["LiveMigration"],
  migratableProjects: ["LiveMigrationLinkToken"],
  migrationValidations: ["LiveMigration"],
  outageSimulations: ["OutageSimulation"],
  privateIpMode: ["PrivateIpMode"],
  restoreJobs: ["RestoreJob"],
  searchDeployments: ["SearchDeployment"],
  searchIndexes: ["SearchIndex", "FtsIndex"],
  snapshots: ["OnDemandSnapshot"],
};

/**
 * Tables of checks the service records, not objects a resource owns: a migration's validation. A
 * killed LiveMigration create may have validated without making the migration; the next `up`
 * validates again, and the API lists no validations (it reads one by its id) and deletes none, so
 * nothing can find or remove the first. A repeated check is counted, not failed.
 */
export const CHECK_TABLES: ReadonlySet<string> = new Set(["migrationValidations"]);

/** The 18 types, in the table's order. */
export const TYPES: readonly string[] = [...new Set(Object.values(TABLE_TYPES).flat())].sort();

/** Per entity table, its records as normalized JSON, sorted: minted ids, dates and times blanked. */
export type Inventory = Record<string, string[]>;

const HEX_ID = /\b[0-9a-f]{24}\b/g;
const ISO_DATE = /\d{4}-\d{2}-\d{2}T\d{2}:?\d{2}:?\d{2}(\.\d+)?Z/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
/** Epoch seconds, as in an export's prefix. */
const EPOCH_SECONDS = /\b1\d{9}\b/g;

/**
 * A record as a string two runs of the same commands agree on: minted ids (24 hex digits, but the
 * seed's own `5f1a…` ones), external ids, link tokens, dates, epoch times and search definition
 * versions replaced.
 */
function normalized(value: unknown): string {
  return JSON.stringify(value, (key, item: unknown) => {
    // A link token encodes its minted link id.
    if (key === "linkToken" && typeof item === "string") return "<token>";
    // An update the kill interrupted after it acted is sent again by the next up: the same definition,
    // one version more.
    if (key === "definitionVersion") return "<version>";
    if (typeof item === "number" && item > 1e9) return "<time>";
    if (typeof item === "string")
      return item
        .replace(HEX_ID, (id) => (id.startsWith("5f1a") ? id : "<id>"))
        .replace(UUID, "<uuid>")
        .replace(ISO_DATE, "<date>")
        .replace(EPOCH_SECONDS, "<time>");
    return item;
  });
}

/** The emulator's entity tables, normalized. */
export function inventory(emulator: RunningEmulator): Inventory {
  const result: Inventory = {};
  for (const [table, records] of Object.entries(emulator.core.state.entities)) {
    const items = Object.entries(records as Record<string, unknown>).map(
      ([key, record]) => `${normalized(key)} ${normalized(record)}`,
    );
    result[table] = items.sort();
  }
  return result;
}

export interface Leftovers {
  /** Records beyond the baseline equal to one it holds: a second object of the same declaration. */
  duplicates: Record<string, number>;
  /** Records beyond the baseline that it has no equal of: objects nothing declares. */
  orphans: Record<string, number>;
  /** Records of the baseline that are missing or differ (e.g. a singleton left half-applied). */
  differing: Record<string, number>;
  /** Records beyond the baseline in a table of checks (CHECK_TABLES): a check made again. */
  repeatedChecks: Record<string, number>;
  /** The records involved, for a failure message. */
  details: string[];
}

/** Compares a trial's end with the baseline, by type (a table's count goes to each of its types). */
export function compareInventories(baseline: Inventory, actual: Inventory): Leftovers {
  const result: Leftovers = { duplicates: {}, orphans: {}, differing: {}, repeatedChecks: {}, details: [] };
  const add = (counts: Record<string, number>, table: string, n: number) => {
    for (const type of TABLE_TYPES[table] ?? [`(table ${table})`]) counts[type] = (counts[type] ?? 0) + n;
  };
  for (const table of new Set([...Object.keys(baseline), ...Object.keys(actual)])) {
    const wanted = [...(baseline[table] ?? [])];
    const extra: string[] = [];
    for (const record of actual[table] ?? []) {
      const at = wanted.indexOf(record);
      if (at >= 0) wanted.splice(at, 1);
      else extra.push(record);
    }
    if (CHECK_TABLES.has(table) && wanted.length === 0) {
      if (extra.length > 0) add(result.repeatedChecks, table, extra.length);
      continue;
    }
    // What is left of each side: pairs are records that differ, the rest are missing or extra.
    const paired = Math.min(wanted.length, extra.length);
    if (paired + (wanted.length - paired) > 0) add(result.differing, table, wanted.length);
    for (const record of extra.slice(paired)) {
      const body = record.slice(record.indexOf(" ") + 1);
      const duplicate = (baseline[table] ?? []).some((known) => known.slice(known.indexOf(" ") + 1) === body);
      add(duplicate ? result.duplicates : result.orphans, table, 1);
    }
    for (const record of wanted) result.details.push(`${table}: missing or differing ${record}`);
    for (const record of extra) result.details.push(`${table}: beyond the baseline ${record}`);
  }
  return result;
}

/** The every-type program's stack (its own backend, home and copy of the program). */
export function everyTypeStack(emulator: RunningEmulator): Promise<LocalStack> {
  return emulatorStack(emulator, {
    program: join(repoRoot, "tests", "e2e", "programs", "everyType"),
    echo: false,
  });
}

/**
 * Back to the default seed, with the support request the service needs before it disables the
 * compliance policy (a destroy disables it), as tests/e2e/backupCompliancePolicy.e2e.test.ts does.
 */
function resetEmulator(emulator: RunningEmulator): void {
  emulator.core.faults.clear();
  emulator.reset();
  const project = emulator.state.projects[BACKUP_GROUP];
  if (project !== undefined) project.compliancePolicyDisableRequested = true;
}

async function setConfig(stack: LocalStack, config: Readonly<Record<string, string>>): Promise<void> {
  const pairs = Object.entries(config).flatMap(([key, value]) => ["--plaintext", `${key}=${value}`]);
  await stack.pulumi(["config", "set-all", ...pairs], { quiet: true });
}

/**
 * What an update or delete trial starts from: the emulator's state after a complete `up`, saved
 * under `emulatorState`, and that stack's deployment as `pulumi stack export` wrote it.
 */
export interface DeployedStart {
  emulatorState: string;
  deployment: string;
}

/**
 * Brings a fresh stack on a reset emulator to the moment before the phase's killed command. Update
 * and delete need the whole stack deployed: without `start`, a complete `up` deploys it and the
 * result is saved (the second value); with `start`, the saved state is restored and imported.
 */
async function prepare(
  emulator: RunningEmulator,
  phase: Phase,
  start?: DeployedStart,
): Promise<[LocalStack, DeployedStart | undefined]> {
  if (start === undefined) resetEmulator(emulator);
  else emulator.restoreState(start.emulatorState);
  const stack = await everyTypeStack(emulator);
  let saved: DeployedStart | undefined;
  try {
    if (phase !== "create") {
      const file = join(stack.workDir, "deployed.json");
      if (start === undefined) {
        await stack.pulumi(["up", "--yes", "--skip-preview"], { quiet: true });
        const emulatorState = `every-type-${phase}-start`;
        emulator.saveState(emulatorState);
        await stack.pulumi(["stack", "export", "--file", file], { quiet: true });
        saved = { emulatorState, deployment: readFileSync(file, "utf8") };
      } else {
        writeFileSync(file, start.deployment);
        await stack.pulumi(["stack", "import", "--file", file], { quiet: true });
      }
      if (phase === "update") await setConfig(stack, UPDATED_CONFIG);
    }
  } catch (error) {
    stack.dispose();
    throw error;
  }
  return [stack, saved];
}

const commandOf = (phase: Phase) => (phase === "delete" ? "destroy" : "up");

export interface PhaseBaseline {
  phase: Phase;
  /** The emulator's tables after the phase's command ran unkilled. */
  inventory: Inventory;
  /** How long that command ran from its first write to its end: the kill moments' range. */
  spanMs: number;
  /** Update and delete: the deployed stack each trial starts from (create starts from nothing). */
  start?: DeployedStart;
}

/**
 * Runs the phase's command unkilled on a fresh stack and reset emulator; for update and delete,
 * saves the deployed stack it started from for the trials.
 */
export async function measureBaseline(emulator: RunningEmulator, phase: Phase): Promise<PhaseBaseline> {
  const [stack, start] = await prepare(emulator, phase);
  try {
    const run = await commandKilledAfter(stack, emulator, commandOf(phase), 3_600_000);
    const check = await stack.pulumi(["preview", "--expect-no-changes"], { allowFailure: true, quiet: true });
    if (phase !== "delete" && check.code !== 0)
      throw new Error(`the unkilled ${phase} left changes to make:\n${check.stdout.slice(-3000)}`);
    return {
      phase,
      inventory: inventory(emulator),
      spanMs: run.spanMs,
      ...(start === undefined ? {} : { start }),
    };
  } finally {
    for (const pid of processesOfStack(stack)) process.kill(pid, "SIGKILL");
    stack.dispose();
  }
}

/** One line of recover's `--json` report. */
export interface RecoverAction {
  urn: string;
  type: string;
  operation: string;
  outcome: "adopted" | "cleared" | "undecided";
  id?: string;
  candidates?: string[];
}

export interface EveryTypeTrial {
  phase: Phase;
  delayMs: number;
  /** The types with a pending operation in the state the kill left (before recover). */
  pendingTypes: string[];
  providerEnded: boolean;
  recovered: RunResult;
  actions: RecoverAction[];
  /** How an undecided LiveMigration was resolved: the migration adopted, or none made. */
  resolvedMigration?: "adopted" | "none made";
  /** Pending operations left after recover (and the resolution), none expected. */
  pendingAfterRecover: Array<{ type: string; urn: string }>;
  /** The phase's command run again to completion. */
  rerun: RunResult;
  leftovers: Leftovers;
}

/**
 * The type of a URN as recover's report names it (provider/protocol/urns.ts, shortType): `SearchIndex`
 * for `...::pulumi-nodejs:dynamic/platform:SearchIndex::movies`, the whole token for any other
 * resource (a kill at the end of a destroy leaves the stack's own delete pending:
 * `pulumi:pulumi:Stack`).
 */
export function typeOfUrn(urn: string): string {
  // A child's type part is `parent$child`; recover names the resource's own type.
  return shortType((urn.split("::")[2] ?? "").split("$").at(-1) ?? "");
}

/**
 * The URNs of the pending operations in the checkpoint the kill left, read from the file backend's
 * files: a kill may leave the checkpoint unreadable to the CLI ("failed to load checkpoint: EOF", an
 * empty sidecar, which recover repairs); the checkpoint itself, or its `.bak` when it was cut off,
 * holds what recover starts from.
 */
function checkpointPending(stack: LocalStack): string[] {
  const folder = join(stack.workDir, "state", ".pulumi", "stacks", "e2e-every-type");
  for (const name of ["test.json", "test.json.bak"]) {
    try {
      const file = JSON.parse(readFileSync(join(folder, name), "utf8")) as {
        checkpoint?: { latest?: { pending_operations?: Array<{ resource: { urn: string } }> } };
      };
      return (file.checkpoint?.latest?.pending_operations ?? []).map((op) => op.resource.urn);
    } catch {
      // Missing or cut off: the backup is the checkpoint before.
    }
  }
  throw new Error(`no readable checkpoint in ${folder}`);
}

/**
 * Drops a pending create from the stack's state and, when the service holds the migration the killed
 * run made, adopts it through `importId`: what a person does with recover's undecided LiveMigration.
 */
async function resolveMigration(
  emulator: RunningEmulator,
  stack: LocalStack,
): Promise<"adopted" | "none made"> {
  const migrations = Object.entries(emulator.core.state.entities.liveMigrations ?? {});
  if (migrations.length > 1)
    throw new Error(`more than one live migration on the service: ${migrations.length}`);
  const file = join(stack.workDir, "resolved.json");
  await stack.pulumi(["stack", "export", "--file", file], { quiet: true });
  const state = JSON.parse(readFileSync(file, "utf8")) as {
    deployment: { pending_operations?: Array<{ type: string; resource: { urn: string } }> };
  };
  state.deployment.pending_operations = (state.deployment.pending_operations ?? []).filter(
    (op) => !(op.type === "creating" && typeOfUrn(op.resource.urn) === "LiveMigration"),
  );
  writeFileSync(file, JSON.stringify(state));
  await stack.pulumi(["stack", "import", "--file", file], { quiet: true });
  const made = migrations[0];
  if (made === undefined) return "none made";
  await setConfig(stack, { migrationImportId: `${OPS_GROUP}/${made[0]}` });
  return "adopted";
}

/**
 * One trial: the phase's command killed `delayMs` after its first write, recover, the command again,
 * and the emulator's tables compared with the phase's baseline. An update or delete trial starts
 * from the baseline's saved deployed stack. Undefined when the command finished before the moment
 * came. The stack's processes are killed and its folder removed at the end.
 */
export async function everyTypeTrial(
  emulator: RunningEmulator,
  baseline: PhaseBaseline,
  delayMs: number,
): Promise<EveryTypeTrial | undefined> {
  const { phase } = baseline;
  if (phase !== "create" && baseline.start === undefined)
    throw new Error(`the ${phase} baseline saved no deployed stack to start the trials from`);
  const [stack] = await prepare(emulator, phase, baseline.start);
  try {
    const killed = await commandKilledAfter(stack, emulator, commandOf(phase), delayMs);
    if (!killed.killed) return undefined;
    const hostsGone = await waitUntil(() => providerProcesses(stack).length === 0, 20_000, 200);
    const providerEnded = hostsGone && (await apiQuietAfter(emulator, 0, 2_000));
    const pendingTypes = [...new Set(checkpointPending(stack).map(typeOfUrn))].sort();
    const recovered = await recover(stack, true);
    let actions: RecoverAction[] = [];
    try {
      actions = (JSON.parse(recovered.stdout) as { actions: RecoverAction[] }).actions;
    } catch {
      // Not a report (an error on one line instead): the trial fails on recovered.code below.
    }
    const undecided = actions.filter((action) => action.outcome === "undecided");
    let resolvedMigration: EveryTypeTrial["resolvedMigration"];
    if (undecided.length > 0 && undecided.every((action) => action.type === "LiveMigration"))
      resolvedMigration = await resolveMigration(emulator, stack);
    const pendingAfterRecover = await pendingOperations(stack);
    const rerun = await stack.pulumi([commandOf(phase), "--yes", "--skip-preview"], {
      allowFailure: true,
      quiet: true,
    });
    return {
      phase,
      delayMs,
      pendingTypes,
      providerEnded,
      recovered,
      actions,
      ...(resolvedMigration === undefined ? {} : { resolvedMigration }),
      pendingAfterRecover,
      rerun,
      leftovers: compareInventories(baseline.inventory, inventory(emulator)),
    };
  } finally {
    for (const pid of processesOfStack(stack)) process.kill(pid, "SIGKILL");
    stack.dispose();
  }
}

/**
 * Whether a trial converged, by what tests/e2e/crashAll.ts asserts: the provider host ended, recover
 * succeeded without an error line (or left only LiveMigration's create undecided, resolved), every
 * pending operation got one action, nothing stays pending, the command ran again, and the emulator
 * matches the baseline exactly.
 */
export function everyTypeTrialOk(trial: EveryTypeTrial): boolean {
  const undecided = trial.actions.filter((action) => action.outcome === "undecided");
  const onlyMigration =
    undecided.map((action) => `${action.type} ${action.operation}`).join() === "LiveMigration creating";
  const actedOn = [...new Set(trial.actions.map((action) => action.type))].sort();
  return (
    trial.providerEnded &&
    !/^error:/m.test(trial.recovered.stderr) &&
    (undecided.length === 0
      ? trial.recovered.code === 0 && trial.resolvedMigration === undefined
      : onlyMigration && trial.recovered.code === 1 && trial.resolvedMigration !== undefined) &&
    actedOn.join() === trial.pendingTypes.join() &&
    trial.pendingAfterRecover.length === 0 &&
    trial.rerun.code === 0 &&
    trial.leftovers.details.length === 0
  );
}

/** Per phase and type: kills, adopted, cleared, undecided, orphans, duplicates, differing, repeated checks. */
export interface TallyRow {
  kills: number;
  adopted: number;
  cleared: number;
  undecided: number;
  orphans: number;
  duplicates: number;
  differing: number;
  repeatedChecks: number;
}

export type Tally = Record<Phase, Record<string, TallyRow>>;

/** A row before any trial. */
function zeroRow(): TallyRow {
  return {
    kills: 0,
    adopted: 0,
    cleared: 0,
    undecided: 0,
    orphans: 0,
    duplicates: 0,
    differing: 0,
    repeatedChecks: 0,
  };
}

export function emptyTally(): Tally {
  const rows = () => Object.fromEntries(TYPES.map((type) => [type, zeroRow()]));
  return { create: rows(), update: rows(), delete: rows() };
}

export function addToTally(tally: Tally, trial: EveryTypeTrial): void {
  const rows = tally[trial.phase];
  const row = (type: string): TallyRow => {
    rows[type] ??= zeroRow();
    return rows[type];
  };
  for (const type of trial.pendingTypes) row(type).kills += 1;
  for (const action of trial.actions) row(action.type)[action.outcome] += 1;
  for (const [type, n] of Object.entries(trial.leftovers.orphans)) row(type).orphans += n;
  for (const [type, n] of Object.entries(trial.leftovers.duplicates)) row(type).duplicates += n;
  for (const [type, n] of Object.entries(trial.leftovers.differing)) row(type).differing += n;
  for (const [type, n] of Object.entries(trial.leftovers.repeatedChecks)) row(type).repeatedChecks += n;
}

/** The tally as a Markdown table, one row per type and phase. */
export function tallyTable(tally: Tally, phases: readonly Phase[] = PHASES): string {
  const lines = [
    "| Phase | Type | Kills | Adopted | Cleared | Undecided | Orphans | Duplicates | Differing | Repeated checks |",
    "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|",
  ];
  for (const phase of phases)
    for (const [type, row] of Object.entries(tally[phase]).sort(([a], [b]) => a.localeCompare(b)))
      lines.push(
        `| ${phase} | ${type} | ${row.kills} | ${row.adopted} | ${row.cleared} | ${row.undecided} | ${row.orphans} | ${row.duplicates} | ${row.differing} | ${row.repeatedChecks} |`,
      );
  return lines.join("\n");
}
