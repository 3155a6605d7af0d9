/**
 * `pulumi-cluster-platform` over a fleet of stacks, from the built package through the real Pulumi
 * CLI against the emulator: two project folders on one backend, five stacks. e2e-fleet's dev, staging
 * and prod (each its own project on the service) and e2e-fleet-ops's ops are brought up; then staging
 * is changed out of band, one of prod's objects is deleted, ops's API key is revoked on the service
 * and e2e-fleet-ops's broken has a checkpoint that cannot be read. One drift over all stacks
 * reports each (a table and the sections), exit 2; the same stacks listed and cut into two slices,
 * checked as two jobs of a matrix would and merged, give the same report; an unknown stack and
 * answers 500 for one project are rows and the rest complete; compare along dev -> staging -> prod
 * says where each resource stops following per-environment config.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import type { ChainReport } from "../../provider/cli/compare/compare";
import type { DriftReport } from "../../provider/cli/drift/drift";
import { type FleetReport, NO_REPORT } from "../../provider/cli/drift/fleet";
import type { StackListing } from "../../provider/cli/drift/stackListing";
import { createClient, type PlatformClient } from "../../provider/client";
import { E2EStack, repoRoot, runProcess } from "./harness";

const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
const GROUPS = {
  dev: "5f1a0000000000000000e0d1",
  staging: "5f1a0000000000000000e0d2",
  prod: "5f1a0000000000000000e0d3",
  ops: "5f1a000000000000000000a1",
} as const;
const PER_ENVIRONMENT = {
  dev: { alertEmail: "dev-team@example.com", alertDelayMin: "0" },
  staging: { alertEmail: "platform-staging@example.com", alertDelayMin: "5" },
  prod: { alertEmail: "platform-oncall@example.com", alertDelayMin: "10" },
  ops: { alertEmail: "ops@example.com", alertDelayMin: "0" },
} as const;
const KEY = DEFAULT_SEED.orgOwnerKey;
/** ops's own API key, made for the test and revoked on the service after ops is up: refused credentials. */
const OPS_KEY = { publicKey: "e2e-fleet-ops-key", privateKey: "e2e-fleet-ops-private-key-000001" };

describe("drift over a fleet of stacks, its matrix merge, and compare along a chain", () => {
  let emulator: RunningEmulator;
  let client: PlatformClient;
  /** dev's stack; its working folder holds both project folders (program, program-ops) and the backend. */
  let stack: E2EStack;

  /** Runs the built command in the working folder (so listed folders are relative to it). */
  const cli = async (...args: string[]) => {
    const result = await runProcess("node", [MAIN, ...args], stack.workDir, stack.env);
    process.stdout.write(
      `\n$ pulumi-cluster-platform ${args.join(" ")} (exit ${result.code})\n${result.stdout}${result.stderr}`,
    );
    return result;
  };
  const cliJson = async <T>(...args: string[]) => {
    const result = await cli(...args, "--json");
    return { ...result, json: JSON.parse(result.stdout) as T };
  };
  /** `pulumi <args>` in a project folder of the working folder, on the shared backend. */
  const pulumi = async (folder: string, ...args: string[]) => {
    const result = await runProcess(
      "pulumi",
      [...args, "--non-interactive"],
      join(stack.workDir, folder),
      stack.env,
    );
    if (result.code !== 0)
      throw new Error(`pulumi ${args.join(" ")} in ${folder}: ${result.stdout}${result.stderr}`);
    return result;
  };
  /** The stack's config: credentials, then its project's keys (the namespace is the project's name). */
  const configure = (folder: string, project: string, name: keyof typeof GROUPS, key = KEY) =>
    pulumi(
      folder,
      "config",
      "set-all",
      "--stack",
      name,
      "--plaintext",
      `platform:baseUrl=${emulator.baseUrl}`,
      "--plaintext",
      `platform:publicKey=${key.publicKey}`,
      "--secret",
      `platform:privateKey=${key.privateKey}`,
      "--plaintext",
      `${project}:groupId=${GROUPS[name]}`,
      "--plaintext",
      `${project}:alertEmail=${PER_ENVIRONMENT[name].alertEmail}`,
      "--plaintext",
      `${project}:alertDelayMin=${PER_ENVIRONMENT[name].alertDelayMin}`,
    );
  /** A call of the emulator's control API. */
  const control = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${emulator.url}/__emulator/${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  };
  /** A row of the summary table: `project/stack: drifted/missing/pending`, or its error. */
  const rows = (report: FleetReport) =>
    report.stacks.map((entry) =>
      "report" in entry
        ? `${entry.project}/${entry.stack}: ${entry.report.summary.driftedResources}/${entry.report.summary.missingResources}/${entry.report.summary.pendingResources}`
        : `${entry.project}/${entry.stack}: ${entry.error}`,
    );

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 0 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: KEY.publicKey,
      privateKey: KEY.privateKey,
    });
    stack = await E2EStack.create({ program: join(__dirname, "programs", "fleet"), stackName: "dev" });
    // The second project folder: the same program under another project name (config keys included).
    cpSync(stack.programDir, join(stack.workDir, "program-ops"), { recursive: true });
    const settings = join(stack.workDir, "program-ops", "Pulumi.yaml");
    writeFileSync(settings, readFileSync(settings, "utf8").replace("name: e2e-fleet", "name: e2e-fleet-ops"));
    await pulumi("program", "stack", "init", "staging");
    await pulumi("program", "stack", "init", "prod");
    await pulumi("program-ops", "stack", "init", "ops");
    for (const name of ["dev", "staging", "prod"] as const) await configure("program", "e2e-fleet", name);
    await control("POST", "credentials", {
      kind: "apiKey",
      id: OPS_KEY.publicKey,
      secret: OPS_KEY.privateKey,
      orgId: DEFAULT_SEED.orgId,
      orgRoles: ["ORG_OWNER"],
      accessList: ["127.0.0.1/32", "::1/128"],
    });
    await configure("program-ops", "e2e-fleet-ops", "ops", OPS_KEY);
    await Promise.all([
      ...["dev", "staging", "prod"].map((name) =>
        pulumi("program", "up", "--yes", "--skip-preview", "--stack", name),
      ),
      pulumi("program-ops", "up", "--yes", "--skip-preview", "--stack", "ops"),
    ]);
    // A stack whose checkpoint cannot be read: the same garbage a cut-off write leaves.
    await pulumi("program-ops", "stack", "init", "broken");
    writeFileSync(
      join(stack.workDir, "state", ".pulumi", "stacks", "e2e-fleet-ops", "broken.json"),
      '{"version": 3, "checkp',
    );
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  let single: FleetReport;

  test("one drift over every stack: a row each, drifted, missing and failed ones said in one line; exit 2", async () => {
    // Out of band: staging's custom DNS turned off, prod's alert configuration deleted, ops's key revoked.
    await client.customDns.update(GROUPS.staging, { enabled: false });
    const prodAlert = String(
      (await stack.pulumi(["stack", "output", "alertId", "--stack", "prod"], { quiet: true })).stdout.trim(),
    );
    await client.alertConfigs.delete(GROUPS.prod, prodAlert.split("/")[1] as string);
    await control("DELETE", `credentials/${OPS_KEY.publicKey}`);

    // The folder's selected stack is the user's: the run selects no stack (fleetRun.ts, openStack).
    const selectedBefore = (await pulumi("program", "stack", "--show-name")).stdout.trim();
    await pulumi("program", "stack", "select", "staging");
    const markdown = join(stack.workDir, "fleet.md");
    const result = await cliJson<FleetReport>(
      "drift",
      "--all-stacks",
      "--cwd",
      "program",
      "--cwd",
      "program-ops",
      "--markdown",
      markdown,
    );
    single = result.json;
    expect(result.code).toBe(2);
    expect((await pulumi("program", "stack", "--show-name")).stdout.trim()).toBe("staging");
    await pulumi("program", "stack", "select", selectedBefore);
    expect(rows(single)).toEqual([
      "e2e-fleet/dev: 0/0/0",
      "e2e-fleet/prod: 1/1/0",
      "e2e-fleet/staging: 1/0/0",
      expect.stringMatching(/^e2e-fleet-ops\/broken: stack broken: failed to load checkpoint: /),
      expect.stringMatching(/^e2e-fleet-ops\/ops: .*401/),
    ]);
    for (const entry of single.stacks) if ("error" in entry) expect(entry.error).not.toContain("\n");
    expect(single.summary).toEqual({
      stacks: 5,
      checked: 3,
      failed: 2,
      drifted: 2,
      withPendingChanges: 0,
      driftedResources: 2,
      missingResources: 1,
      pendingResources: 0,
    });
    const staging = single.stacks.find((entry) => entry.stack === "staging");
    expect(staging !== undefined && "report" in staging && staging.report.drift).toEqual([
      expect.objectContaining({
        type: "CustomDns",
        name: "dns",
        status: "changed",
        fields: [{ path: "enabled", state: true, live: false, secret: false }],
      }),
    ]);
    // Progress on stderr: which stacks are done, running and waiting; stdout held the JSON only.
    expect(result.stderr).toContain("Checking 5 stacks of 2 projects, 4 at a time");
    expect(result.stderr).toMatch(/\[0\/5 done, 1 running, 4 waiting\] e2e-fleet\/\w+: started/);
    expect(result.stderr).toMatch(/\[5\/5 done, 0 running, 0 waiting\]/);
    const comment = readFileSync(markdown, "utf8");
    expect(comment.split("\n").slice(0, 3)).toEqual([
      "## ⚠️ Drift report for 5 stacks",
      "",
      "**5 stacks: 2 drifted, no pending changes, 2 could not be checked**",
    ]);
    expect(comment).toContain("| `e2e-fleet/prod` | 1 | 1 | 0 |  |");
    expect(comment).toContain("##### `AlertConfiguration` failures: **missing** (deleted outside Pulumi)");

    // The text form of the same report (merge of one report is that report).
    writeFileSync(join(stack.workDir, "fleet.json"), JSON.stringify(single));
    const text = await cli("merge", "fleet.json");
    expect(text.code).toBe(2);
    expect(
      text.stdout
        .split("\n")
        .slice(0, 8)
        .map((line) => line.trimEnd()),
    ).toEqual([
      "5 stacks: 2 drifted, no pending changes, 2 could not be checked",
      "",
      "  stack                 drifted resources  missing  pending changes  error",
      "  e2e-fleet/dev         0                  0        0",
      "  e2e-fleet/prod        1                  1        0",
      "  e2e-fleet/staging     1                  0        0",
      expect.stringMatching(
        /^ {2}e2e-fleet-ops\/broken {2}- {18}- {8}- {16}stack broken: failed to load checkpoint/,
      ),
      expect.stringMatching(/^ {2}e2e-fleet-ops\/ops {5}- {18}- {8}- {16}.*401/),
    ]);
  });

  test("a stack's section is drift on that stack alone, which leaves the folder's selection as it was", async () => {
    await pulumi("program", "stack", "select", "dev");
    const alone = await cliJson<DriftReport>("drift", "--cwd", "program", "--stack", "staging");
    expect((await pulumi("program", "stack", "--show-name")).stdout.trim()).toBe("dev");
    const staging = single.stacks.find((entry) => entry.stack === "staging");
    expect(staging !== undefined && "report" in staging && staging.report).toEqual(alone.json);
  });

  test("the stacks listed and cut into two slices, checked as two jobs and merged: the same report", async () => {
    const listing = await cli("stacks", "--cwd", "program", "--cwd", "program-ops", "--slices", "2");
    expect(listing.code).toBe(0);
    writeFileSync(join(stack.workDir, "stacks.json"), listing.stdout);
    expect((JSON.parse(listing.stdout) as StackListing).stacks).toEqual([
      { project: "e2e-fleet", stack: "dev", cwd: "program", slice: 1 },
      { project: "e2e-fleet", stack: "prod", cwd: "program", slice: 1 },
      { project: "e2e-fleet", stack: "staging", cwd: "program", slice: 1 },
      { project: "e2e-fleet-ops", stack: "broken", cwd: "program-ops", slice: 2 },
      { project: "e2e-fleet-ops", stack: "ops", cwd: "program-ops", slice: 2 },
    ]);
    const slices = await Promise.all(
      [1, 2].map((slice) =>
        cliJson<FleetReport>(
          "drift",
          "--stacks-from",
          "stacks.json",
          "--slice",
          String(slice),
          "--fail-on",
          "never",
        ),
      ),
    );
    expect(slices.map((slice) => slice.code)).toEqual([0, 1]);
    slices.forEach((slice, index) => {
      writeFileSync(join(stack.workDir, `slice-${index + 1}.json`), slice.stdout);
    });
    const merged = await cliJson<FleetReport>(
      "merge",
      "--stacks-from",
      "stacks.json",
      "slice-1.json",
      "slice-2.json",
      "--markdown",
      "merged.md",
    );
    expect(merged.code).toBe(2);
    expect(merged.json).toEqual(single);
    expect(merged.stdout).toBe(`${JSON.stringify(single, null, 2)}\n`);
    expect(readFileSync(join(stack.workDir, "merged.md"), "utf8")).toBe(
      readFileSync(join(stack.workDir, "fleet.md"), "utf8"),
    );
    expect((await cli("merge", "slice-1.json", "slice-2.json", "--fail-on", "drift,errors")).code).toBe(1);
    // A slice whose job wrote nothing: its stacks are rows, not gone.
    const partial = await cliJson<FleetReport>(
      "merge",
      "--stacks-from",
      "stacks.json",
      "slice-1.json",
      "slice-9.json",
    );
    expect(rows(partial.json).slice(3)).toEqual([
      `e2e-fleet-ops/broken: ${NO_REPORT}`,
      `e2e-fleet-ops/ops: ${NO_REPORT}`,
    ]);
  });

  test("an unknown stack and answers 500 for one project are rows; the rest complete", async () => {
    const fault = emulator.core.faults.add({
      pathPattern: `/api/platform/v2/groups/${GROUPS.dev}/**`,
      status: 500,
    });
    try {
      const result = await cli(
        "drift",
        "--cwd",
        "program",
        "--stack",
        "dev",
        "--stack",
        "staging",
        "--stack",
        "nope",
      );
      expect(result.code).toBe(2);
      const table = result.stdout.split("\n").slice(2, 6);
      expect(table[1]).toMatch(/^ {2}e2e-fleet\/dev +- +- +- +.*answered 500/);
      expect(table[2]).toBe(
        "  e2e-fleet/nope     -                  -        -                stack nope: no stack named 'nope' found",
      );
      expect(table[3]?.trimEnd()).toBe("  e2e-fleet/staging  1                  0        0");
      expect(result.stdout).toContain(
        "=== e2e-fleet/staging ===\n1 resource drifted in stack staging: 1 field",
      );
      expect(result.stderr).toMatch(/e2e-fleet\/dev: could not be checked: .*answered 500/);
    } finally {
      emulator.core.faults.remove(fault.id);
    }
    // Folders are opened several at once; their errors come in the order given, before any stack runs.
    cpSync(join(stack.workDir, "program"), join(stack.workDir, "program-copy"), { recursive: true });
    mkdirSync(join(stack.workDir, "no-project"), { recursive: true });
    const openFailure = async (...cwds: string[]) => {
      const result = await cli("drift", "--all-stacks", ...cwds.flatMap((cwd) => ["--cwd", cwd]));
      expect([result.code, result.stdout]).toEqual([1, ""]);
      return result.stderr;
    };
    expect(await openFailure("program-ops", "gone", "program-copy")).toBe("error: gone: no such folder\n");
    expect(await openFailure("program", "program-ops", "program-copy", "no-project")).toBe(
      "error: program and program-copy are both project e2e-fleet: a report tells stacks apart by project name\n",
    );
    expect(await openFailure("program", "no-project", "program-copy")).toBe(
      `error: no-project: failed to find project settings file in workdir: ${join(stack.workDir, "no-project")}\n`,
    );
    // A program with a type error: the folder's tsc finds it, and the stack's own preview (ts-node's
    // type check) says it, as drift on that stack alone does; the other folder's stacks are unaffected.
    cpSync(stack.programDir, join(stack.workDir, "program-typo"), { recursive: true });
    const typoSettings = join(stack.workDir, "program-typo", "Pulumi.yaml");
    writeFileSync(
      typoSettings,
      readFileSync(typoSettings, "utf8").replace("name: e2e-fleet", "name: e2e-fleet-typo"),
    );
    const typoIndex = join(stack.workDir, "program-typo", "index.ts");
    const typoLine = `${readFileSync(typoIndex, "utf8").trimEnd()}\n`.split("\n").length;
    writeFileSync(typoIndex, `${readFileSync(typoIndex, "utf8").trimEnd()}\nconst wrong: string = 42;\n`);
    await pulumi("program-typo", "stack", "init", "dev");
    await configure("program-typo", "e2e-fleet-typo", "dev");
    const typoError =
      `Running program '${typoIndex}' failed with an unhandled exception: TSError: ⨯ Unable to compile ` +
      `TypeScript: index.ts(${typoLine},7): error TS2322: Type 'number' is not assignable to type 'string'.`;
    const typoAlone = await cli("drift", "--cwd", "program-typo", "--stack", "dev");
    expect([
      typoAlone.code,
      typoAlone.stderr.split("\n").filter((line) => line.startsWith("error: ")),
    ]).toEqual([1, [`error: ${typoError}`]]);
    const typoFleet = await cliJson<FleetReport>(
      "drift",
      "--all-stacks",
      "--cwd",
      "program-typo",
      "--cwd",
      "program",
    );
    expect(typoFleet.code).toBe(2);
    expect(rows(typoFleet.json)).toEqual([
      "e2e-fleet/dev: 0/0/0",
      "e2e-fleet/prod: 1/1/0",
      "e2e-fleet/staging: 1/0/0",
      `e2e-fleet-typo/dev: ${typoError}`,
    ]);
    expect(typoFleet.stderr).toMatch(
      /\] e2e-fleet-typo\/dev: type-checking project e2e-fleet-typo's program in its own process: tsc --noEmit found 1 error, first TS2322\n/,
    );
    expect(typoFleet.stderr).not.toMatch(/e2e-fleet\/\w+: type-checking/);
    // Nothing could be checked: exit 1, and the report still says why for each.
    const none = await cliJson<FleetReport>("drift", "--cwd", "program-ops", "--all-stacks");
    expect(none.code).toBe(1);
    expect(none.json.summary).toMatchObject({ stacks: 2, checked: 0, failed: 2 });
  });

  test("compare along dev -> staging -> prod says where each resource stops following config", async () => {
    const result = await cliJson<ChainReport>(
      "compare",
      "--cwd",
      "program",
      "--stack",
      "dev",
      "--stack",
      "staging",
      "--stack",
      "prod",
    );
    expect(result.code).toBe(2);
    expect(result.json.links.map((link) => link.perEnvironment.map((entry) => entry.key))).toEqual([
      ["e2e-fleet:alertDelayMin", "e2e-fleet:alertEmail", "e2e-fleet:groupId"],
      ["e2e-fleet:alertDelayMin", "e2e-fleet:alertEmail", "e2e-fleet:groupId"],
    ]);
    expect(
      result.json.resources.map((resource) => ({
        resource: `${resource.type} ${resource.name}`,
        presentIn: resource.presentIn,
        stopsAt: `${resource.stopsAt.from} -> ${resource.stopsAt.to}`,
        fields: resource.fields.map((field) => ({
          path: field.path,
          values: field.values,
          links: field.links.map((link) => link.status),
        })),
      })),
    ).toEqual([
      {
        resource: "AlertConfiguration failures",
        presentIn: ["dev", "staging"],
        stopsAt: "staging -> prod",
        fields: [],
      },
      {
        resource: "CustomDns dns",
        presentIn: ["dev", "staging", "prod"],
        stopsAt: "dev -> staging",
        fields: [{ path: "enabled", values: [true, false, true], links: ["differs", "differs"] }],
      },
    ]);
    // dev -> staging: the alert's recipient and delay follow config; only the DNS flag differs.
    expect(
      result.json.links[0]?.resources.map(
        (resource) => `${resource.type} ${resource.name}: ${resource.status}`,
      ),
    ).toEqual(["AlertConfiguration failures: per-environment", "CustomDns dns: differs"]);
  });
});
