/**
 * `migrate` through the real Pulumi CLI: a stack made with the dynamic form (tests/e2e/programs/migrate)
 * moves to the native plugin without touching the service. Before the program is changed, migrate
 * refuses and leaves the state as it was; after the program declares the native resources (the YAML
 * of programs/migrate/native), migrate rewrites the state, and preview and refresh show no change;
 * the stack then updates and destroys through the native plugin.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { MigrationReport } from "../../../provider/cli/migrate/migrate";
import { repoRoot, runProcess } from "../harness";
import { expectCleanPreviewAndRefresh, expectUp, startPlatformE2E } from "../platformStack";

const MAIN = join(repoRoot, "dist", "provider", "cli", "main.js");
const GROUP = "5f1a000000000000000000a1";
const NATIVE_TYPES = ["platform:index:SearchIndex", "platform:index:Auditing", "platform:index:CustomDns"];

describe("migrate from the dynamic form to the native plugin", () => {
  const e2e = startPlatformE2E({ program: "migrate" });

  const migrate = async (...args: string[]) => {
    const result = await runProcess(
      "node",
      [MAIN, "migrate", "--stack", "test", "--cwd", e2e.stack.programDir, ...args],
      repoRoot,
      { ...e2e.stack.env, PULUMI_DISABLE_REGISTRY_RESOLVE: "true" },
    );
    process.stdout.write(
      `\n$ pulumi-cluster-platform migrate ${args.join(" ")}\n${result.stdout}${result.stderr}`,
    );
    return result;
  };

  const storedTypes = async () =>
    ((await e2e.stack.exportState()).deployment.resources ?? [])
      .map((resource) => resource.type as string)
      .sort();

  test("the dynamic stack goes up", async () => {
    await expectUp(e2e.stack, "+ 4 created");
    expect(await storedTypes()).toEqual([
      "pulumi-nodejs:dynamic/platform:Auditing",
      "pulumi-nodejs:dynamic/platform:CustomDns",
      "pulumi-nodejs:dynamic/platform:SearchIndex",
      "pulumi:providers:pulumi-nodejs",
      "pulumi:pulumi:Stack",
    ]);
  });

  test("before the program is changed, migrate refuses and puts the state back", async () => {
    const result = await migrate();
    expect(result.code).toBe(1);
    // The dynamic program does not name the native plugin: the preview of the migrated state cannot
    // load it, and the state goes back.
    expect(result.stderr).toMatch(
      /^error: previewing the program against the migrated state failed \(.*no resource plugin 'pulumi-resource-platform' found.*\): the program must declare the native resources, with the plugin named in Pulumi\.yaml \(docs\/native\.md\); the state of stack test was put back as it was \(saved in .*test\.dynamic-state\.json\)$/m,
    );
    expect(
      (await storedTypes()).filter((type) => type.startsWith("pulumi-nodejs:dynamic/platform:")),
    ).toHaveLength(3);
    await e2e.stack.preview({ expectNoChanges: true });
  });

  test("after the program declares the native resources, migrate moves the state; preview and refresh are clean", async () => {
    const { programDir } = e2e.stack;
    for (const file of ["index.ts", "package.json", "tsconfig.json"]) rmSync(join(programDir, file));
    const yaml = readFileSync(join(programDir, "native", "Pulumi.yaml"), "utf8").replace(
      "PLUGIN_PATH",
      join(repoRoot, "provider", "native"),
    );
    writeFileSync(join(programDir, "Pulumi.yaml"), yaml);
    rmSync(join(programDir, "native"), { recursive: true });

    e2e.emulator.core.requestLog.clear();
    const result = await migrate("--json");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as MigrationReport;
    expect(report.moved.map((move) => move.to).sort()).toEqual([
      "urn:pulumi:test::e2e-migrate::platform:index:Auditing::auditing",
      "urn:pulumi:test::e2e-migrate::platform:index:CustomDns::custom-dns",
      "urn:pulumi:test::e2e-migrate::platform:index:SearchIndex::movies",
    ]);
    expect(report.providers).toEqual(["urn:pulumi:test::e2e-migrate::pulumi:providers:platform::default"]);
    expect(report.preview).toEqual({ creates: [], replaces: [], deletes: [], updates: [] });

    const state = await e2e.stack.exportState();
    const resources = state.deployment.resources ?? [];
    expect(resources.map((resource) => resource.type as string).sort()).toEqual(
      [...NATIVE_TYPES, "pulumi:providers:platform", "pulumi:pulumi:Stack"].sort(),
    );
    expect(JSON.stringify(state)).not.toContain("__provider");

    // The service was not touched: the same index, the same settings.
    const [index] = await e2e.client.searchIndexes.list(GROUP, "demo-cluster");
    expect(resources.find((resource) => resource.type === "platform:index:SearchIndex")?.id).toBe(
      `${GROUP}/demo-cluster/${index?.indexID}`,
    );
    await expectCleanPreviewAndRefresh(e2e.stack);
    // Migration, its preview and the clean preview and refresh after it only read the service.
    const requests = e2e.emulator.core.requestLog.list();
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
  });

  test("the migrated stack updates and destroys through the native plugin", async () => {
    const { programDir } = e2e.stack;
    const yaml = readFileSync(join(programDir, "Pulumi.yaml"), "utf8");
    writeFileSync(
      join(programDir, "Pulumi.yaml"),
      yaml.replace("      enabled: true\noutputs", "      enabled: false\noutputs"),
    );
    await expectUp(e2e.stack, "~ 1 updated");
    expect((await e2e.client.customDns.get(GROUP)).enabled).toBe(false);
    await e2e.stack.destroy();
    expect(await e2e.client.searchIndexes.list(GROUP, "demo-cluster")).toEqual([]);
    expect((await e2e.client.auditing.get(GROUP)).enabled).toBe(false);
  });
});
