/**
 * `pulumi-cluster-platform export` through the real engine, as a user runs it: the seeded
 * export-source project holds several objects of every kind (made through the client); the command
 * writes a program; the user installs nothing more (the package is linked), runs `pulumi stack init`
 * in it (which keeps the exported config), sets the credentials and the secret placeholders with the
 * commands the README lists, and runs `pulumi up`: every object is adopted, the emulator's request
 * log shows reads only, and the following preview and refresh show no change.
 */
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import { createClient, type PlatformClient } from "../../provider/client";
import {
  EXPORT_GROUP,
  FIXTURE_SECRETS,
  fillExportProject,
  readmeSecrets,
} from "../provider/cli/export/fixture";
import { E2EStack, repoRoot, runProcess } from "./harness";
import { expectSmallCredentialFreeProviders, RESOURCES_PROGRAM } from "./platformStack";

const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
const KEY = DEFAULT_SEED.orgOwnerKey;

describe("export a live project, then pulumi up adopts everything and writes nothing", () => {
  let emulator: RunningEmulator;
  let client: PlatformClient;
  let stack: E2EStack;
  let out: string;

  /** The command as a user runs it, credentials from PLATFORM_* variables. */
  const exportCli = async (env: Record<string, string>, ...args: string[]) => {
    const result = await runProcess("node", [MAIN, "export", ...args], repoRoot, { ...process.env, ...env });
    process.stdout.write(
      `\n$ pulumi-cluster-platform export ${args.join(" ")}\n${result.stdout}${result.stderr}`,
    );
    return result;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: "default", asyncDelayMs: 300 });
    client = createClient({
      baseUrl: emulator.baseUrl,
      publicKey: KEY.publicKey,
      privateKey: KEY.privateKey,
    });
    await fillExportProject(client);
    // A working folder with the engine's environment (file backend, PULUMI_HOME, passphrase); the
    // exported program is written next to it.
    stack = await E2EStack.create({
      program: join(__dirname, "programs", RESOURCES_PROGRAM),
      stackName: "scratch",
    });
    out = join(stack.workDir, "exported");
  });

  afterAll(async () => {
    stack?.dispose();
    await client?.close();
    await emulator?.close();
  });

  test("refused credentials: exit 1 with one line naming the cause", async () => {
    const result = await exportCli(
      {
        PLATFORM_BASE_URL: emulator.baseUrl,
        PLATFORM_PUBLIC_KEY: KEY.publicKey,
        PLATFORM_PRIVATE_KEY: "wrong",
        PLATFORM_MAX_RETRIES: "0",
      },
      "--group",
      EXPORT_GROUP,
      "--out",
      out,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^Reading project 5f1a0000000000000000e101 at .*\nerror: reading project 5f1a0000000000000000e101: Listing clusters failed: GET \/groups\/5f1a0000000000000000e101\/clusters answered 401 UNAUTHENTICATED [^\n]*\n$/,
    );
  });

  test("export writes the program; the progress goes to stderr", async () => {
    const result = await exportCli(
      {
        PLATFORM_BASE_URL: emulator.baseUrl,
        PLATFORM_PUBLIC_KEY: KEY.publicKey,
        PLATFORM_PRIVATE_KEY: KEY.privateKey,
      },
      "--group",
      EXPORT_GROUP,
      "--out",
      out,
      "--project",
      "exported-platform",
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("  AlertConfiguration: 3 found\n");
    expect(result.stderr).toContain(": 16 resources, 3 secrets to set (README.md lists them)\n");
    // A second run into the same folder is refused.
    const again = await exportCli({}, "--group", EXPORT_GROUP, "--out", out);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `error: ${out} is not empty: choose an empty or new folder, or pass --force to overwrite the files export writes there\n`,
    );
  });

  test("stack init keeps the exported config; credentials and secrets set as the README says", async () => {
    for (const name of ["Pulumi.yaml", "Pulumi.dev.yaml", "index.ts", "package.json", "tsconfig.json"]) {
      copyFileSync(join(out, name), join(stack.programDir, name));
    }
    await stack.pulumi(["stack", "init", "dev"]);
    await stack.setConfig("platform:publicKey", KEY.publicKey);
    await stack.setConfig("platform:privateKey", KEY.privateKey, { secret: true });
    // The README's commands, each value being the fixture's credential that ends as the README says.
    const secrets = readmeSecrets(readFileSync(join(out, "README.md"), "utf8"), "exported-platform");
    expect(secrets).toHaveLength(3);
    for (const { key, value } of secrets) await stack.setConfig(key, value, { secret: true });
  });

  test("pulumi up adopts every object: the service sees no write", async () => {
    emulator.core.requestLog.clear();
    const up = await stack.up();
    expect(up.stdout).toContain("+ 17 created");
    const requests = emulator.core.requestLog.list();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
    expect((await stack.outputs()).resourceCount).toBe(16);
  });

  test("the following preview and refresh show no change; the state holds no credential", async () => {
    emulator.core.requestLog.clear();
    await stack.preview({ expectNoChanges: true });
    await stack.refresh({ expectNoChanges: true });
    expect(emulator.core.requestLog.list().filter((request) => request.method !== "GET")).toEqual([]);
    await expectSmallCredentialFreeProviders(
      stack,
      "pulumi-nodejs:dynamic/platform:AlertConfiguration",
      Object.values(FIXTURE_SECRETS),
    );
  });
});
