import { CliError } from "../../../../provider/cli/engine";
import { migrateDeployment, nativeUrn, renderMigration } from "../../../../provider/cli/migrate/migrate";

const STACK = "urn:pulumi:dev::shop::pulumi:pulumi:Stack::shop-dev";
const DYNAMIC_DEFAULT = "urn:pulumi:dev::shop::pulumi:providers:pulumi-nodejs::default";
const DYNAMIC_SECOND = "urn:pulumi:dev::shop::pulumi:providers:pulumi-nodejs::second-org";
const INDEX = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/platform:SearchIndex::movies";
const AUDITING = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/platform:Auditing::audit";
const OTHER_DYNAMIC = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic:Resource::mine";
const SHIM = "exports.handler=()=>{...}";

function deployment(extra: Record<string, unknown> = {}) {
  return {
    manifest: { version: "v3.259.0" },
    resources: [
      { urn: STACK, custom: false, type: "pulumi:pulumi:Stack" },
      {
        urn: DYNAMIC_DEFAULT,
        custom: true,
        id: "d1",
        type: "pulumi:providers:pulumi-nodejs",
        inputs: {},
        outputs: {},
      },
      {
        urn: DYNAMIC_SECOND,
        custom: true,
        id: "d2",
        type: "pulumi:providers:pulumi-nodejs",
        inputs: { "platform:baseUrl": "https://second/api/platform/v2", "platform:privateKey": "k2" },
        outputs: {},
      },
      {
        urn: INDEX,
        custom: true,
        id: "g/c/i",
        type: "pulumi-nodejs:dynamic/platform:SearchIndex",
        inputs: { __provider: SHIM, name: "movies" },
        outputs: { __provider: SHIM, name: "movies", indexId: "i" },
        parent: STACK,
        provider: `${DYNAMIC_DEFAULT}::d1`,
        propertyDependencies: { __provider: [], name: [] },
      },
      {
        urn: AUDITING,
        custom: true,
        id: "g",
        type: "pulumi-nodejs:dynamic/platform:Auditing",
        inputs: { __provider: SHIM, groupId: "g" },
        outputs: { __provider: SHIM, groupId: "g" },
        parent: STACK,
        provider: `${DYNAMIC_SECOND}::d2`,
        dependencies: [INDEX],
        propertyDependencies: { groupId: [INDEX] },
      },
    ],
    ...extra,
  };
}

const SETTINGS = {
  baseUrl: { value: "https://x/api/platform/v2", secret: false },
  privateKey: { value: "s3cr3t", secret: true },
};

describe("migrateDeployment", () => {
  const migration = migrateDeployment(deployment(), SETTINGS, "default_0_1_0");
  const resources = migration.deployment.resources as Array<Record<string, unknown>>;
  const byUrn = (urn: string) => resources.find((resource) => resource.urn === urn);

  test("every dynamic platform resource becomes the native one: type, URN, no provider text", () => {
    expect(migration.moved).toEqual([
      { from: INDEX, to: "urn:pulumi:dev::shop::platform:index:SearchIndex::movies" },
      { from: AUDITING, to: "urn:pulumi:dev::shop::platform:index:Auditing::audit" },
    ]);
    expect(byUrn("urn:pulumi:dev::shop::platform:index:SearchIndex::movies")).toMatchObject({
      type: "platform:index:SearchIndex",
      id: "g/c/i",
      inputs: { name: "movies" },
      outputs: { name: "movies", indexId: "i" },
      propertyDependencies: { name: [] },
    });
    expect(JSON.stringify(migration.deployment)).not.toContain("__provider");
  });

  test("the default provider is the native plugin's, configured from the stack's platform:* config", () => {
    const provider = byUrn("urn:pulumi:dev::shop::pulumi:providers:platform::default_0_1_0");
    const secret = {
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      plaintext: '"s3cr3t"',
    };
    expect(provider).toMatchObject({
      type: "pulumi:providers:platform",
      custom: true,
      inputs: { baseUrl: "https://x/api/platform/v2", privateKey: secret, version: "0.1.0" },
    });
    const index = byUrn("urn:pulumi:dev::shop::platform:index:SearchIndex::movies");
    expect(index?.provider).toBe(
      `urn:pulumi:dev::shop::pulumi:providers:platform::default_0_1_0::${provider?.id}`,
    );
  });

  test("an explicit provider instance keeps its name and settings, without their platform: prefix", () => {
    const provider = byUrn("urn:pulumi:dev::shop::pulumi:providers:platform::second-org");
    expect(provider?.inputs).toEqual({ baseUrl: "https://second/api/platform/v2", privateKey: "k2" });
    expect(byUrn("urn:pulumi:dev::shop::platform:index:Auditing::audit")?.provider).toBe(
      `urn:pulumi:dev::shop::pulumi:providers:platform::second-org::${provider?.id}`,
    );
  });

  test("references to a migrated resource follow its new URN; providers come before their resources", () => {
    const auditing = byUrn("urn:pulumi:dev::shop::platform:index:Auditing::audit");
    expect(auditing?.dependencies).toEqual(["urn:pulumi:dev::shop::platform:index:SearchIndex::movies"]);
    expect(auditing?.propertyDependencies).toEqual({
      groupId: ["urn:pulumi:dev::shop::platform:index:SearchIndex::movies"],
    });
    expect(resources.map((resource) => resource.type)).toEqual([
      "pulumi:pulumi:Stack",
      "pulumi:providers:platform",
      "pulumi:providers:platform",
      "platform:index:SearchIndex",
      "platform:index:Auditing",
    ]);
  });

  test("an unversioned default provider (a YAML program) has no version input", () => {
    const yaml = migrateDeployment(deployment(), SETTINGS, "default");
    const provider = (yaml.deployment.resources as Array<Record<string, unknown>>).find(
      (resource) => resource.urn === "urn:pulumi:dev::shop::pulumi:providers:platform::default",
    );
    expect(Object.keys(provider?.inputs as object).sort()).toEqual(["baseUrl", "privateKey"]);
  });

  test("a dynamic provider other dynamic resources still use stays", () => {
    const withOther = deployment();
    withOther.resources.push({
      urn: OTHER_DYNAMIC,
      custom: true,
      id: "x",
      type: "pulumi-nodejs:dynamic:Resource",
      provider: `${DYNAMIC_DEFAULT}::d1`,
    } as never);
    const types = (
      migrateDeployment(withOther, SETTINGS, "default").deployment.resources as Array<{ urn: string }>
    ).map((resource) => resource.urn);
    expect(types).toContain(DYNAMIC_DEFAULT);
    expect(types).not.toContain(DYNAMIC_SECOND);
  });

  test("a state with pending operations is refused: recover first", () => {
    expect(() =>
      migrateDeployment(deployment({ pending_operations: [{ type: "creating" }] }), SETTINGS, "default"),
    ).toThrow(
      new CliError(
        "the stack has pending operations of an interrupted run: run `npx pulumi-cluster-platform recover` first, then migrate",
      ),
    );
  });
});

test("a URN's type parts are made native, parents' included", () => {
  expect(nativeUrn("urn:pulumi:dev::p::my:index:Shop$pulumi-nodejs:dynamic/platform:Auditing::a")).toBe(
    "urn:pulumi:dev::p::my:index:Shop$platform:index:Auditing::a",
  );
  expect(nativeUrn("urn:pulumi:dev::p::aws:s3/bucket:Bucket::b")).toBe(
    "urn:pulumi:dev::p::aws:s3/bucket:Bucket::b",
  );
});

describe("renderMigration", () => {
  const report = {
    stack: "dev",
    moved: [{ from: "urn:a", to: "urn:b" }],
    providers: [],
    backup: "dev.dynamic-state.json",
    preview: {
      creates: ["urn:pulumi:dev::p::pulumi:providers:platform::default"],
      replaces: [],
      deletes: [],
      updates: [],
    },
  };

  test("each moved resource, then that the preview shows no change (a provider's create is none)", () => {
    expect(renderMigration(report)).toBe(
      "urn:a\n  -> urn:b\nMigrated 1 resources of stack dev to the native plugin; the program's preview shows no change.\n",
    );
  });

  test("changes the preview still plans are counted", () => {
    expect(renderMigration({ ...report, preview: { ...report.preview, updates: ["urn:b"] } })).toBe(
      "urn:a\n  -> urn:b\nMigrated 1 resources of stack dev to the native plugin; the program's preview still plans 1 changes: run pulumi preview --diff.\n",
    );
  });
});
