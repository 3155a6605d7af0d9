/**
 * What `export` writes, from objects as the resources' `read` returns them: names, importIds, secret
 * placeholders, the stack config file (parsed back as YAML), index.ts, package.json and the README.
 */
import { parse } from "yaml";
import { programFiles } from "../../../../provider/cli/export/files";
import {
  type ExportPlan,
  planExport,
  readme,
  SECRET_PLACEHOLDER_KEY,
  slug,
  stackConfigFile,
  toYaml,
} from "../../../../provider/cli/export/plan";
import { type ExportedType, exportedTypes, exportTable } from "../../../../provider/cli/export/types";
import { indexTs, packageJson } from "../../../../provider/cli/export/typescript";
import { lookupDefinition, RESOURCE_TYPES } from "../../../../provider/runtime";
import * as sdk from "../../../../sdk";

/** The export table, made from the resource declarations. */
const EXPORTED_TYPES = exportedTypes();

const GROUP = "5f1a0000000000000000e101";

function entry(type: string): ExportedType {
  const found = EXPORTED_TYPES.find((candidate) => candidate.type === type);
  if (found === undefined) throw new Error(`no export entry for ${type}`);
  return found;
}

const OPTIONS = {
  project: "acme",
  stack: "prod",
  groupId: GROUP,
  clusters: ["c1"],
  baseUrl: "https://cloud.example.com/api/platform/v2",
};

function samplePlan(): ExportPlan {
  return planExport(OPTIONS, [
    {
      entry: entry("AlertConfiguration"),
      objects: [
        {
          id: `${GROUP}/aaaaaaaaaaaaaaaaaaaaaaa1`,
          inputs: {
            groupId: GROUP,
            enabled: true,
            eventTypeName: "JOINED_GROUP",
            notifications: [
              { typeName: "SLACK", apiToken: "**********4242", channelName: "#ops" },
              { typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: undefined },
            ],
          },
        },
        {
          id: `${GROUP}/aaaaaaaaaaaaaaaaaaaaaaa2`,
          inputs: {
            groupId: GROUP,
            enabled: false,
            eventTypeName: "JOINED_GROUP",
            notifications: [{ typeName: "PAGER_DUTY", serviceKey: "****1357" }],
          },
        },
      ],
    },
    {
      entry: entry("CloudBackupSchedule"),
      objects: [
        {
          id: `${GROUP}/c1`,
          inputs: { groupId: GROUP, clusterName: "c1", copySettings: [], importId: "old" },
        },
      ],
    },
    { entry: entry("BackupCompliancePolicy"), objects: [] },
  ]);
}

describe("the export table", () => {
  test("has one entry per resource type of the package, each with its own config key", () => {
    expect(EXPORTED_TYPES.map((type) => type.type).sort()).toEqual([...RESOURCE_TYPES].sort());
    const keys = EXPORTED_TYPES.map((type) => type.configKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test("is made from the declarations' facets, a type after those it names in `after`", () => {
    const facet = (configKey: string, after?: string[]) => ({
      configKey,
      scope: "project" as const,
      find: async () => [],
      resourceName: () => configKey,
      ...(after === undefined ? {} : { after }),
    });
    const order = exportTable([
      { type: "A", exported: facet("as", ["C"]) },
      { type: "B", exported: facet("bs") },
      { type: "C", exported: facet("cs", ["B"]) },
      { type: "D", exported: facet("ds") },
    ]).map((entry) => [entry.type, entry.configKey]);
    expect(order).toEqual([
      ["B", "bs"],
      ["C", "cs"],
      ["A", "as"],
      ["D", "ds"],
    ]);
    expect(() => exportTable([{ type: "A", exported: undefined }])).toThrow(
      "resource type A declares no `exported` facet: export cannot read its objects",
    );
    expect(() => exportTable([{ type: "A", exported: facet("as", ["Z"]) }])).toThrow(
      "resource type A: `exported.after` names Z, which is not a resource type",
    );
    expect(() =>
      exportTable([
        { type: "A", exported: facet("as", ["B"]) },
        { type: "B", exported: facet("bs", ["A"]) },
      ]),
    ).toThrow("the `exported.after` of A, B form a cycle: no order declares each after its dependencies");
  });

  test("each entry is its resource declaration's facet", () => {
    for (const entry of EXPORTED_TYPES) {
      const { type: _type, ...facet } = entry;
      expect(facet).toEqual(lookupDefinition(entry.type)?.exported);
    }
  });

  test("each type is an sdk class, and a type it depends on comes before it", () => {
    const exported = sdk as Record<string, unknown>;
    EXPORTED_TYPES.forEach((type, index) => {
      expect(typeof exported[type.type]).toBe("function");
      for (const earlier of type.after ?? []) {
        expect(EXPORTED_TYPES.findIndex((candidate) => candidate.type === earlier)).toBeLessThan(index);
      }
    });
  });
});

describe("planExport", () => {
  test("names are readable and unique; importId is the id; masked values become placeholders", () => {
    const plan = samplePlan();
    const [alerts, schedules, policies] = plan.types;
    expect(alerts?.resources).toEqual([
      {
        name: "alert-joined-group",
        args: {
          groupId: GROUP,
          enabled: true,
          eventTypeName: "JOINED_GROUP",
          notifications: [
            {
              typeName: "SLACK",
              apiToken: { [SECRET_PLACEHOLDER_KEY]: "alert-joined-group-notifications-0-apiToken" },
              channelName: "#ops",
            },
            { typeName: "EMAIL", emailAddress: "ops@example.com" },
          ],
          importId: `${GROUP}/aaaaaaaaaaaaaaaaaaaaaaa1`,
        },
      },
      {
        name: "alert-joined-group-2",
        args: {
          groupId: GROUP,
          enabled: false,
          eventTypeName: "JOINED_GROUP",
          notifications: [
            {
              typeName: "PAGER_DUTY",
              serviceKey: { [SECRET_PLACEHOLDER_KEY]: "alert-joined-group-2-notifications-0-serviceKey" },
            },
          ],
          importId: `${GROUP}/aaaaaaaaaaaaaaaaaaaaaaa2`,
        },
      },
    ]);
    // A stale importId among the read inputs is replaced by the object's id.
    expect(schedules?.resources).toEqual([
      {
        name: "backup-schedule-c1",
        args: { groupId: GROUP, clusterName: "c1", copySettings: [], importId: `${GROUP}/c1` },
      },
    ]);
    expect(policies?.resources).toEqual([]);
    expect(plan.secrets).toEqual([
      {
        key: "alert-joined-group-notifications-0-apiToken",
        type: "AlertConfiguration",
        resourceName: "alert-joined-group",
        path: "notifications[0].apiToken",
        visibleSuffix: "4242",
      },
      {
        key: "alert-joined-group-2-notifications-0-serviceKey",
        type: "AlertConfiguration",
        resourceName: "alert-joined-group-2",
        path: "notifications[0].serviceKey",
        visibleSuffix: "1357",
      },
    ]);
  });

  test("names are unique across types too (a YAML program's resources are one map)", () => {
    const plan = planExport(OPTIONS, [
      {
        entry: { ...entry("Auditing"), resourceName: () => "settings" },
        objects: [{ id: GROUP, inputs: {} }],
      },
      {
        entry: { ...entry("CustomDns"), resourceName: () => "settings" },
        objects: [{ id: GROUP, inputs: {} }],
      },
    ]);
    expect(plan.types.map(({ resources }) => resources.map(({ name }) => name))).toEqual([
      ["settings"],
      ["settings-2"],
    ]);
  });

  test("slug: lower case, other characters as single dashes, never empty", () => {
    expect(slug("CREDIT_CARD_ABOUT_TO_EXPIRE")).toBe("credit-card-about-to-expire");
    expect(slug("index-c1-Products Text!")).toBe("index-c1-products-text");
    expect(slug("__")).toBe("object");
  });
});

describe("the files", () => {
  test("the stack config file is YAML holding the base URL and every declaration, unchanged", () => {
    const plan = samplePlan();
    const parsed = parse(stackConfigFile(plan)) as { config: Record<string, unknown> };
    expect(parsed.config).toEqual({
      "platform:baseUrl": OPTIONS.baseUrl,
      "acme:alertConfigurations": plan.types[0]?.resources,
      "acme:cloudBackupSchedules": plan.types[1]?.resources,
      "acme:backupCompliancePolicies": [],
    });
    expect(stackConfigFile(plan)).not.toContain("4242");
  });

  test("toYaml round-trips awkward JSON values", () => {
    const value = {
      "platform:key": "a: b # not a comment",
      "needs quoting": ["", "- dash", 'quote " and \\ backslash', "line\nbreak", "ünïcode"],
      nested: { empty: {}, none: [], deep: [[1, 2], [{ a: null, b: false }], []], number: -1.5e-7 },
      list: [{ one: 1, two: { three: [3] } }, "x", true],
    };
    expect(parse(toYaml(value))).toEqual(value);
  });

  test("toYaml writes an object that appears twice in full: Pulumi YAML refuses anchors and aliases", () => {
    const dependsOn = ["alert-a", "alert-b"];
    const text = toYaml({ one: { options: { dependsOn } }, two: { options: { dependsOn } } });
    expect(text).toBe(
      "one:\n  options:\n    dependsOn:\n      - alert-a\n      - alert-b\n" +
        "two:\n  options:\n    dependsOn:\n      - alert-a\n      - alert-b\n",
    );
  });

  test("index.ts declares each type from its config key, secrets through config.requireSecret", () => {
    const text = indexTs(samplePlan());
    expect(text).toContain('import * as platform from "pulumi-cluster-platform";');
    expect(text).toContain(
      'const alertConfigurations = declared("alertConfigurations").map(\n' +
        "  ({ name, args }) => new platform.AlertConfiguration(name, withSecrets(args) as platform.AlertConfigurationArgs),\n" +
        ");",
    );
    expect(text).toContain(
      "new platform.BackupCompliancePolicy(name, withSecrets(args) as platform.BackupCompliancePolicyArgs, { dependsOn: [...cloudBackupSchedules] })",
    );
    expect(text).toContain('if (typeof secretKey === "string") return config.requireSecret(secretKey);');
    expect(text).toContain(
      "export const resourceCount = alertConfigurations.length + cloudBackupSchedules.length + backupCompliancePolicies.length;",
    );
  });

  test("package.json depends on this package and @pulumi/pulumi", () => {
    expect(JSON.parse(packageJson(samplePlan(), { package: "1.2.3", pulumi: "3.270.0" }))).toEqual({
      name: "acme",
      private: true,
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": "3.270.0", "pulumi-cluster-platform": "^1.2.3" },
      devDependencies: { "@types/node": "^24.0.0", typescript: "~5.9.3" },
    });
  });

  test("the README lists every secret with the command to set it, never a value", () => {
    const text = readme(samplePlan());
    expect(text).toContain(
      "pulumi config set --secret acme:alert-joined-group-notifications-0-apiToken '<value ending in 4242>'",
    );
    expect(text).toContain(
      "| `acme:alert-joined-group-2-notifications-0-serviceKey` | AlertConfiguration `alert-joined-group-2`, `notifications[0].serviceKey` | `****1357` |",
    );
    expect(text).toContain("| `AlertConfiguration` | 2 | `acme:alertConfigurations` |");
    expect(text).toContain("pulumi stack init prod");
  });

  test("every file of the program", () => {
    expect(
      Object.keys(
        programFiles(samplePlan(), {
          package: "1.0.0",
          pulumi: "3.270.0",
          pulumiGo: "v3.259.0",
          pulumiPython: ">=3.231.0,<4.0.0",
        }),
      ).sort(),
    ).toEqual(["Pulumi.prod.yaml", "Pulumi.yaml", "README.md", "index.ts", "package.json", "tsconfig.json"]);
  });
});
