/**
 * The scenario each language's end-to-end suite on the native plugin runs (yaml, python, go and
 * nodejs .e2e.test.ts beside this file): one stack of a program with the quickstart's declared
 * resources (two search indexes, search nodes, auditing, custom DNS), through the real CLI and the native plugin
 * (provider/native) against an in-process emulator:
 *
 * 1. a value a rule refuses fails `pulumi preview` naming the property and the rule, before any request;
 * 2. `pulumi up` creates everything, and each wait (the search indexes building, the search nodes
 *    updating) reports its progress on the row of the resource waited for (the engine's event log:
 *    diagnostics carrying that resource's URN, ephemeral);
 * 3. `pulumi preview` right after shows no change;
 * 4. `pulumi import platform:index:SearchIndex` adopts an index made outside Pulumi; with the index
 *    added to the program, the preview is clean;
 * 5. an out-of-band change is shown by `pulumi refresh` as exactly that property, and up converges it;
 * 6. `pulumi destroy` leaves nothing on the emulator.
 *
 * A program run costs most in Go (a link of about 10 s each time), so the steps share one stack and
 * run the program as few times as the scenario allows (five times).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../../emulator";
import { createClient, type PlatformClient } from "../../../provider/client";
import type { NativeLanguage } from "../../../scripts/lib/pulumi-stack";
import { E2EStack } from "../harness";
import { expectDestroyDeletes, expectRefreshReportsOnly, expectUp, removeConfig } from "../platformStack";

export const GROUP = "5f1a000000000000000000a1";
export const CLUSTER = "demo-cluster";
/** The name, in the program and in the emulator, of the index made outside Pulumi and imported. */
export const IMPORTED = "made-outside";

/** What `pulumi destroy` leaves in a project's auditing configuration: the service's defaults. */
const AUDITING_DEFAULTS = {
  enabled: false,
  auditAuthorizationSuccess: false,
  auditFilter: "{}",
  configurationType: "NONE",
};

/** Removes terminal colours (the YAML host colours its errors even with NO_COLOR). */
export function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is removed
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

/** One event of the engine's event log (`--event-log`), as much of it as the checks read. */
export interface EngineEvent {
  diagnosticEvent?: { urn?: string; message: string; severity: string; ephemeral?: boolean };
}

export interface LanguageScenario {
  language: NativeLanguage;
  /** The program's folder (an example or a program under tests/e2e/programs), copied for the stack. */
  program: string;
  /**
   * Adds the imported index to the program copy, as a user does after `pulumi import`: `printed` is
   * what the import printed (the code it generated, for YAML).
   */
  addImported(programDir: string, printed: string): void;
}

export interface NativeE2E {
  readonly emulator: RunningEmulator;
  readonly stack: E2EStack;
  readonly client: PlatformClient;
}

/**
 * Registers beforeAll/afterAll hooks: an emulator (seed "default", asynchronous changes taking
 * 300 ms), a stack of the program on the native plugin configured against it, and a client.
 */
export function startNativeE2E(scenario: LanguageScenario): NativeE2E {
  let emulator: RunningEmulator | undefined;
  let stack: E2EStack | undefined;
  let client: PlatformClient | undefined;
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the e2e ${name} is not started yet`);
    return value;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: DEFAULT_SEED.orgOwnerKey.publicKey,
      privateKey: DEFAULT_SEED.orgOwnerKey.privateKey,
    });
    stack = await E2EStack.create({
      program: scenario.program,
      native: scenario.language,
      config: {
        "platform:baseUrl": emulator.baseUrl,
        "platform:publicKey": DEFAULT_SEED.orgOwnerKey.publicKey,
      },
      secrets: { "platform:privateKey": DEFAULT_SEED.orgOwnerKey.privateKey },
      // `--event-log` is a flag of the CLI's debug commands.
      env: { PULUMI_DEBUG_COMMANDS: "true" },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  return {
    get emulator() {
      return ready(emulator, "emulator");
    },
    get stack() {
      return ready(stack, "stack");
    },
    get client() {
      return ready(client, "client");
    },
  };
}

/** The URN of a resource of the program's stack ("test") and project (Pulumi.yaml's name). */
export function urnOf(stack: E2EStack, type: string, name: string): string {
  const project = /^name:\s*(\S+)/m.exec(readFileSync(join(stack.programDir, "Pulumi.yaml"), "utf8"))?.[1];
  return `urn:pulumi:test::${project}::platform:index:${type}::${name}`;
}

/** The search indexes' names on the cluster, sorted. */
async function indexNames(client: PlatformClient): Promise<string[]> {
  return (await client.searchIndexes.list(GROUP, CLUSTER)).map((index) => index.name).sort();
}

/** Runs `pulumi preview`, expects it to fail before the emulator saw any request, and returns its output. */
export async function expectPreviewRefused(e2e: NativeE2E): Promise<string> {
  e2e.emulator.core.requestLog.clear();
  const result = await e2e.stack.preview({ allowFailure: true });
  expect(result.code).not.toBe(0);
  expect(e2e.emulator.core.requestLog.list()).toEqual([]);
  return plain(result.stdout + result.stderr);
}

/** The engine's error for the check failure the plugin reports on a project id its rule refuses. */
export const BAD_GROUP_ERROR = new RegExp(
  "^error: platform:index:(SearchIndex|SearchDeployment|Auditing|CustomDns) " +
    "resource '(movies|plot-embeddings|search-nodes|auditing|custom-dns)': " +
    "property groupId value \\{not-a-project\\} has a problem: groupId must be 24 hexadecimal digits \\(a-f, 0-9\\)$",
);

/** Registers the scenario's tests, in order, on one stack. */
export function describeLanguageScenario(scenario: LanguageScenario): NativeE2E {
  const e2e = startNativeE2E(scenario);

  test("a project id the rule refuses fails pulumi preview naming the property and the rule, before any request", async () => {
    const { stack } = e2e;
    await stack.setConfig("groupId", "not-a-project");
    try {
      const output = await expectPreviewRefused(e2e);
      // Every resource has the groupId; the engine stops at the first check that fails, whichever
      // resource the program registered first.
      const errors = output
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line.includes("error: "));
      expect(errors).toEqual([expect.stringMatching(BAD_GROUP_ERROR)]);
    } finally {
      await removeConfig(stack, "groupId");
    }
  });

  test("pulumi up creates the resources; each wait reports progress on its resource's row", async () => {
    const { stack, client } = e2e;
    const eventLog = join(stack.workDir, "up-events.jsonl");
    const up = await stack.up({ args: ["--event-log", eventLog] });
    expect(up.stdout).toContain("+ 6 created");
    expect(await stack.outputs()).toEqual({
      textIndexId: expect.stringMatching(new RegExp(`^${GROUP}/${CLUSTER}/[0-9a-f]{24}$`)),
      textIndexStatus: "READY",
      vectorIndexStatus: "READY",
      searchNodesState: "IDLE",
      auditConfigurationType: "FILTER_JSON",
      customDnsEnabled: true,
    });
    expect(await indexNames(client)).toEqual(["movies-text", "plot-vectors"]);
    expect((await client.customDns.get(GROUP)).enabled).toBe(true);

    const diagnostics = readFileSync(eventLog, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => (JSON.parse(line) as EngineEvent).diagnosticEvent)
      .filter((event) => event !== undefined);
    const waits: Array<[type: string, name: string, prefix: string]> = [
      ["SearchIndex", "movies", `platform: search index movies-text on ${CLUSTER} (sample_mflix.movies): `],
      [
        "SearchIndex",
        "plot-embeddings",
        `platform: search index plot-vectors on ${CLUSTER} (sample_mflix.embedded_movies): `,
      ],
      ["SearchDeployment", "search-nodes", `platform: search nodes of cluster ${CLUSTER}: `],
    ];
    for (const [type, name, prefix] of waits) {
      const lines = diagnostics.filter((event) => event.message.startsWith(prefix));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        expect(line).toEqual({
          urn: urnOf(stack, type, name),
          message: expect.stringMatching(/^[^\n]*: [A-Z_]+ \(\d+s elapsed\)\n$/),
          color: "never",
          severity: "info",
          ephemeral: true,
        });
      }
    }
  });

  test("pulumi preview right after up shows no change", async () => {
    const result = await e2e.stack.preview({ expectNoChanges: true });
    expect(result.stdout).toContain("6 unchanged");
  });

  test("pulumi import adopts an index made outside Pulumi; added to the program, the preview is clean", async () => {
    const { stack, client } = e2e;
    const made = await client.searchIndexes.create(GROUP, CLUSTER, {
      database: "sample_mflix",
      collectionName: "movies",
      name: IMPORTED,
      type: "search",
      definition: { mappings: { dynamic: false } },
    });
    const id = `${GROUP}/${CLUSTER}/${made.indexID}`;
    const printed = await stack.pulumi([
      "import",
      "platform:index:SearchIndex",
      IMPORTED,
      id,
      "--yes",
      "--protect=false",
      // Only the YAML host generates code here (the Node.js, Python and Go hosts built offline lack GenerateProgram).
      ...(scenario.language === "yaml" ? [] : ["--generate-code=false"]),
    ]);
    expect(printed.stdout).toContain("= 1 imported");
    const state = await stack.exportState();
    const imported = (state.deployment.resources ?? []).find(
      (resource) => resource.urn === urnOf(stack, "SearchIndex", IMPORTED),
    );
    expect(imported).toMatchObject({ id, type: "platform:index:SearchIndex", custom: true });

    scenario.addImported(stack.programDir, plain(printed.stdout));
    const preview = await stack.preview({ expectNoChanges: true });
    expect(preview.stdout).toContain("7 unchanged");
  });

  test("pulumi refresh shows an out-of-band change as exactly that property; up converges it back", async () => {
    const { stack, client } = e2e;
    await client.customDns.update(GROUP, { enabled: false });
    await expectRefreshReportsOnly(stack, ["enabled"]);
    await expectUp(stack, "~ 1 updated");
    expect((await client.customDns.get(GROUP)).enabled).toBe(true);
  });

  test("pulumi destroy leaves nothing on the emulator", async () => {
    const { stack, client } = e2e;
    await expectDestroyDeletes(stack, 7);
    expect(await indexNames(client)).toEqual([]);
    expect(await client.searchDeployments.get(GROUP, CLUSTER)).not.toHaveProperty("specs");
    expect((await client.customDns.get(GROUP)).enabled).toBe(false);
    const { links: _links, ...auditing } = await client.auditing.get(GROUP);
    expect(auditing).toEqual(AUDITING_DEFAULTS);
  });

  return e2e;
}

/** Appends text to a file of the program copy. */
export function appendToProgram(programDir: string, file: string, text: string): void {
  const path = join(programDir, file);
  writeFileSync(path, `${readFileSync(path, "utf8")}${text}`);
}
