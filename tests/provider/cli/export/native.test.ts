/**
 * What `export --language yaml|python|go` writes for the native plugin (yaml.ts, python.ts, go.ts, files.ts):
 * the exact program of a small plan in each language, the names and types agreeing with the package
 * schema and the SDKs generated from it (sdk/native), and the refusal of a property the schema lacks;
 * and the import file of `--format import-file` (Pulumi's `pulumi import --file` format).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { importFileText, programFiles } from "../../../../provider/cli/export/files";
import { goName, goProgram } from "../../../../provider/cli/export/go";
import { type ExportPlan, planExport } from "../../../../provider/cli/export/plan";
import { pythonName, pythonProgram } from "../../../../provider/cli/export/python";
import {
  type PackageSchema,
  PULUMI_GO_SDK,
  PULUMI_PYTHON_REQUIREMENT,
  type SchemaProperty,
} from "../../../../provider/cli/export/schema";
import { type ExportedType, exportedTypes } from "../../../../provider/cli/export/types";

const ROOT = join(__dirname, "..", "..", "..", "..");
const SCHEMA = JSON.parse(
  readFileSync(join(ROOT, "provider", "native", "schema.json"), "utf8"),
) as PackageSchema;
const GROUP = "5f1a0000000000000000e101";
const VERSIONS = {
  package: "1.2.3",
  pulumi: "3.270.0",
  pulumiGo: "v3.259.0",
  pulumiPython: ">=3.231.0,<4.0.0",
};

function entry(type: string): ExportedType {
  const found = EXPORTED_TYPES.find((candidate) => candidate.type === type);
  if (found === undefined) throw new Error(`no export entry for ${type}`);
  return found;
}

/** A plan as the command makes it: a masked credential, nested types, a dependency, free-form JSON. */
function samplePlan(): ExportPlan {
  return planExport(
    {
      project: "acme",
      stack: "prod",
      groupId: GROUP,
      clusters: ["c1"],
      baseUrl: "https://cloud.example.com/api/platform/v2",
    },
    [
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
                { typeName: "EMAIL", emailAddress: "ops@example.com", delayMin: 5, roles: undefined },
              ],
            },
          },
        ],
      },
      {
        entry: entry("CloudBackupSchedule"),
        objects: [
          {
            id: `${GROUP}/c1`,
            inputs: {
              groupId: GROUP,
              clusterName: "c1",
              referenceHourOfDay: 4,
              policies: [
                {
                  policyItems: [
                    {
                      frequencyType: "daily",
                      frequencyInterval: 1,
                      retentionUnit: "days",
                      retentionValue: 7,
                    },
                  ],
                },
              ],
              copySettings: [],
            },
          },
        ],
      },
      {
        entry: entry("BackupCompliancePolicy"),
        objects: [
          { id: GROUP, inputs: { groupId: GROUP, authorizedEmail: "ada@example.com", restoreWindowDays: 2 } },
        ],
      },
      {
        entry: entry("SearchIndex"),
        objects: [
          {
            id: `${GROUP}/c1/aaaaaaaaaaaaaaaaaaaaaab1`,
            inputs: {
              groupId: GROUP,
              clusterName: "c1",
              name: "products",
              database: "shop",
              collectionName: "products",
              definition: {
                mappings: { dynamic: false, fields: { name: { type: "string" } } },
                synonyms: [],
                // A literal `${` in a value: Pulumi YAML would read it as an interpolation.
                // biome-ignore lint/suspicious/noTemplateCurlyInString: the text is the point
                note: "costs ${price}",
              },
            },
          },
        ],
      },
    ],
  );
}

describe("the program in each language", () => {
  test("YAML: the resources in Pulumi.yaml, secrets as secret project config, dependsOn, `$` escaped", () => {
    const files = programFiles(samplePlan(), VERSIONS, "yaml", SCHEMA);
    expect(Object.keys(files).sort()).toEqual([
      "Pulumi.prod.yaml",
      "Pulumi.yaml",
      "README.md",
      "package.json",
    ]);
    expect(files["Pulumi.yaml"]).toBe(YAML_PROGRAM);
    // Read back as YAML, the interpolation of the secret and the escaped literal are what Pulumi YAML reads.
    const project = parse(files["Pulumi.yaml"] ?? "") as {
      resources: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(project.resources["index-c1-products"]?.properties.definition).toMatchObject({
      note: "costs $${price}",
    });
    expect(files["Pulumi.prod.yaml"]).toBe(
      "# Written by `pulumi-cluster-platform export --group 5f1a0000000000000000e101 --language yaml`.\n" +
        "# Credentials are not here: see README.md for the platform:* credentials and the secrets to set.\n" +
        "config:\n" +
        "  platform:baseUrl: https://cloud.example.com/api/platform/v2\n",
    );
    expect(JSON.parse(files["package.json"] ?? "")).toEqual({
      name: "acme",
      private: true,
      dependencies: { "pulumi-cluster-platform": "^1.2.3" },
    });
  });

  test("Python: the SDK's classes and snake_case names, config.require_secret, depends_on", () => {
    expect(pythonProgram(samplePlan(), SCHEMA)).toBe(PYTHON_PROGRAM);
    const files = programFiles(samplePlan(), VERSIONS, "python", SCHEMA);
    expect(Object.keys(files).sort()).toEqual([
      "Pulumi.prod.yaml",
      "Pulumi.yaml",
      "README.md",
      "__main__.py",
      "package.json",
      "requirements.txt",
    ]);
    expect(files["requirements.txt"]).toBe(
      "pulumi>=3.231.0,<4.0.0\n" +
        "# The generated Python SDK, shipped in the npm package (`npm install` first).\n" +
        "./node_modules/pulumi-cluster-platform/sdk/native/python\n",
    );
    expect(files["Pulumi.yaml"]).toBe(
      "name: acme\n" +
        "description: Project 5f1a0000000000000000e101 as exported by pulumi-cluster-platform export\n" +
        "runtime:\n" +
        "  name: python\n" +
        "  options:\n" +
        "    virtualenv: venv\n" +
        "plugins:\n" +
        "  providers:\n" +
        "    - name: platform\n" +
        "      path: node_modules/pulumi-cluster-platform/provider/native\n",
    );
    expect(files["README.md"]).toContain("Each is read with `config.require_secret`");
    expect(files["README.md"]).toContain("venv/bin/pip install -r requirements.txt");
    expect(files["README.md"]).toContain("with the `import_id` of each");
  });

  test("Go: the SDK's Args structs and PascalCase fields, cfg.RequireSecret, pulumi.DependsOn", () => {
    expect(goProgram(samplePlan(), SCHEMA)).toBe(GO_PROGRAM);
    const files = programFiles(samplePlan(), VERSIONS, "go", SCHEMA);
    expect(Object.keys(files).sort()).toEqual([
      "Pulumi.prod.yaml",
      "Pulumi.yaml",
      "README.md",
      "go.mod",
      "main.go",
      "package.json",
    ]);
    expect(files["go.mod"]).toBe(
      "module acme\n\ngo 1.25\n\nrequire (\n" +
        "\tgithub.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go v0.0.0\n" +
        "\tgithub.com/pulumi/pulumi/sdk/v3 v3.259.0\n)\n\n" +
        "// The generated Go SDK, shipped in the npm package (`npm install` first).\n" +
        "replace github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go => ./node_modules/pulumi-cluster-platform/sdk/native/go\n",
    );
    expect(files["README.md"]).toContain("go mod tidy");
    expect(files["README.md"]).toContain("with the `ImportId` of each");
  });

  test("Go: each key and its value one space apart, whatever the keys' lengths (gofmt aligns them on write)", () => {
    const definition = { ["x".repeat(41)]: 1, a: 2, c: { x: 3 }, dd: 4 };
    const plan = planExport(
      { project: "acme", stack: "prod", groupId: GROUP, clusters: [], baseUrl: undefined },
      [
        {
          entry: entry("SearchIndex"),
          objects: [
            {
              id: `${GROUP}/c1/x`,
              inputs: {
                groupId: GROUP,
                clusterName: "c1",
                name: "n",
                database: "d",
                collectionName: "c",
                definition,
              },
            },
          ],
        },
      ],
    );
    const text = goProgram(plan, SCHEMA);
    const start = text.indexOf("\t\t\t\tGroupId:");
    expect(text.slice(start, text.indexOf("\n\t\t\t})", start) + 1)).toBe(
      [
        '\t\t\t\tGroupId: pulumi.String("5f1a0000000000000000e101"),',
        '\t\t\t\tClusterName: pulumi.String("c1"),',
        '\t\t\t\tName: pulumi.String("n"),',
        '\t\t\t\tDatabase: pulumi.String("d"),',
        '\t\t\t\tCollectionName: pulumi.String("c"),',
        "\t\t\t\tDefinition: pulumi.Any(map[string]interface{}{",
        `\t\t\t\t\t"${"x".repeat(41)}": 1,`,
        '\t\t\t\t\t"a": 2,',
        '\t\t\t\t\t"c": map[string]interface{}{',
        '\t\t\t\t\t\t"x": 3,',
        "\t\t\t\t\t},",
        '\t\t\t\t\t"dd": 4,',
        "\t\t\t\t}),",
        '\t\t\t\tImportId: pulumi.String("5f1a0000000000000000e101/c1/x"),',
        "",
      ].join("\n"),
    );
  });

  test("a program without secrets reads no config (Go refuses an unused variable)", () => {
    const plan = planExport(
      { project: "acme", stack: "prod", groupId: GROUP, clusters: [], baseUrl: undefined },
      [{ entry: entry("CustomDns"), objects: [{ id: GROUP, inputs: { groupId: GROUP, enabled: true } }] }],
    );
    const go = goProgram(plan, SCHEMA);
    expect(go).not.toContain("config");
    expect(go).toContain('\t\tctx.Export("resourceCount", pulumi.Int(len(customDns)))\n');
    expect(pythonProgram(plan, SCHEMA)).not.toContain("config");
    const files = programFiles(plan, VERSIONS, "yaml", SCHEMA);
    expect(parse(files["Pulumi.yaml"] ?? "")).not.toHaveProperty("config");
    expect(files["Pulumi.prod.yaml"]).toContain("config: {}\n");
  });

  test("a property the package schema lacks is refused, naming the object and the property", () => {
    const plan = planExport(
      { project: "acme", stack: "prod", groupId: GROUP, clusters: [], baseUrl: undefined },
      [{ entry: entry("CustomDns"), objects: [{ id: GROUP, inputs: { groupId: GROUP, enabeld: true } }] }],
    );
    const message =
      "CustomDns custom-dns: the property enabeld is not in the package schema, so a program on the native plugin cannot declare it";
    expect(() => programFiles(plan, VERSIONS, "yaml", SCHEMA)).toThrow(message);
    expect(() => pythonProgram(plan, SCHEMA)).toThrow(message);
    expect(() => goProgram(plan, SCHEMA)).toThrow(message);
  });
});

describe("the import file (export --format import-file)", () => {
  test("every object as pulumi import --file reads it: native type token, the programs' name, the id", () => {
    expect(JSON.parse(importFileText(samplePlan(), SCHEMA))).toEqual({
      resources: [
        {
          type: "platform:index:AlertConfiguration",
          name: "alert-joined-group",
          id: `${GROUP}/aaaaaaaaaaaaaaaaaaaaaaa1`,
        },
        { type: "platform:index:CloudBackupSchedule", name: "backup-schedule-c1", id: `${GROUP}/c1` },
        { type: "platform:index:BackupCompliancePolicy", name: "backup-compliance-policy", id: GROUP },
        {
          type: "platform:index:SearchIndex",
          name: "index-c1-products",
          id: `${GROUP}/c1/aaaaaaaaaaaaaaaaaaaaaab1`,
        },
      ],
    });
  });

  test("the names are those of the program in every language, so its code matches the imported state", () => {
    const plan = samplePlan();
    const names = (
      JSON.parse(importFileText(plan, SCHEMA)) as { resources: Array<{ name: string }> }
    ).resources.map(({ name }) => name);
    const yaml = parse(programFiles(plan, VERSIONS, "yaml", SCHEMA)["Pulumi.yaml"] ?? "") as {
      resources: Record<string, unknown>;
    };
    expect(names).toEqual(Object.keys(yaml.resources));
  });

  test("written as two-space JSON ending with a newline", () => {
    const plan = planExport(
      { project: "acme", stack: "prod", groupId: GROUP, clusters: [], baseUrl: undefined },
      [{ entry: entry("CustomDns"), objects: [{ id: GROUP, inputs: { groupId: GROUP, enabled: true } }] }],
    );
    expect(importFileText(plan, SCHEMA)).toBe(
      `{\n  "resources": [\n    {\n      "type": "platform:index:CustomDns",\n      "name": "custom-dns",\n      "id": "${GROUP}"\n    }\n  ]\n}\n`,
    );
  });

  test("a type the plugin's schema does not serve is refused, naming it", () => {
    const plan = planExport(
      { project: "acme", stack: "prod", groupId: GROUP, clusters: [], baseUrl: undefined },
      [{ entry: entry("CustomDns"), objects: [{ id: GROUP, inputs: { groupId: GROUP, enabled: true } }] }],
    );
    const { "platform:index:CustomDns": _served, ...resources } = SCHEMA.resources;
    expect(() => importFileText(plan, { ...SCHEMA, resources })).toThrow(
      "the package schema has no resource platform:index:CustomDns: the native plugin cannot adopt it",
    );
  });
});

describe("names and types agree with the generated SDKs", () => {
  test("pythonName follows Pulumi's Python generator", () => {
    expect(pythonName("groupId")).toBe("group_id");
    expect(pythonName("pointInTimeUTCSeconds")).toBe("point_in_time_utc_seconds");
    expect(pythonName("microsoftTeamsWebhookUrl")).toBe("microsoft_teams_webhook_url");
    expect(pythonName("cloudBackupSchedules")).toBe("cloud_backup_schedules");
    expect(goName("iamRoleId")).toBe("IamRoleId");
  });

  /** Every object type an exported resource's inputs reach, with the properties that reach it. */
  function reachable(): {
    resources: Array<[string, Record<string, SchemaProperty>]>;
    types: Set<string>;
    arrays: Set<string>;
  } {
    const types = new Set<string>();
    const arrays = new Set<string>();
    const visit = (property: SchemaProperty, inArray: boolean): void => {
      const token = property.$ref?.startsWith("#/types/")
        ? property.$ref.slice("#/types/platform:index:".length)
        : undefined;
      if (token !== undefined) {
        if (inArray) arrays.add(token);
        if (types.has(token)) return;
        types.add(token);
        for (const member of Object.values(SCHEMA.types[`platform:index:${token}`]?.properties ?? {}))
          visit(member, false);
      }
      if (property.items !== undefined) visit(property.items, true);
      if (property.additionalProperties !== undefined) visit(property.additionalProperties, false);
    };
    const resources = EXPORTED_TYPES.map(({ type }): [string, Record<string, SchemaProperty>] => {
      const properties = SCHEMA.resources[`platform:index:${type}`]?.inputProperties ?? {};
      for (const property of Object.values(properties)) visit(property, false);
      return [type, properties];
    });
    return { resources, types, arrays };
  }

  test("Python: each resource's keyword arguments and each Args class exist in pulumi_cluster_platform", () => {
    const sdk = join(ROOT, "sdk", "native", "python", "pulumi_cluster_platform");
    const { resources, types } = reachable();
    expect(resources).toHaveLength(EXPORTED_TYPES.length);
    for (const [type, properties] of resources) {
      const file = readFileSync(join(sdk, `${pythonName(type)}.py`), "utf8");
      expect(file).toContain(`class ${type}(pulumi.CustomResource):`);
      for (const name of Object.keys(properties))
        expect(file).toContain(`\n                 ${pythonName(name)}: `);
    }
    const inputs = readFileSync(join(sdk, "_inputs.py"), "utf8");
    for (const type of types) {
      expect(inputs).toContain(`class ${type}Args:`);
      for (const name of Object.keys(SCHEMA.types[`platform:index:${type}`]?.properties ?? {})) {
        expect(inputs).toMatch(
          new RegExp(
            `class ${type}Args:\\n    def __init__\\(__self__, \\*,[^)]*\\n {17}${pythonName(name)}: `,
          ),
        );
      }
    }
  });

  test("Go: each resource's Args fields, each Args struct and each Array type exist in package platform", () => {
    const sdk = join(ROOT, "sdk", "native", "go", "platform");
    const { resources, types, arrays } = reachable();
    for (const [type, properties] of resources) {
      const file = readFileSync(join(sdk, `${type.charAt(0).toLowerCase()}${type.slice(1)}.go`), "utf8");
      expect(file).toContain(`func New${type}(ctx *pulumi.Context,`);
      const args = file.slice(file.indexOf(`type ${type}Args struct {`));
      for (const name of Object.keys(properties))
        expect(args).toMatch(new RegExp(`\\n\\t${goName(name)} +[A-Za-z0-9.]+Input\\n`));
    }
    const pulumiTypes = readFileSync(join(sdk, "pulumiTypes.go"), "utf8");
    for (const type of types) {
      const struct = pulumiTypes.slice(pulumiTypes.indexOf(`type ${type}Args struct {`));
      expect(struct.length).toBeLessThan(pulumiTypes.length);
      for (const name of Object.keys(SCHEMA.types[`platform:index:${type}`]?.properties ?? {})) {
        expect(struct.slice(0, struct.indexOf("\n}\n"))).toMatch(
          new RegExp(`\\n\\t${goName(name)} +[A-Za-z0-9.]+Input `),
        );
      }
    }
    for (const type of arrays) expect(pulumiTypes).toContain(`type ${type}Array []${type}Input\n`);
  });

  test("the pinned Pulumi SDKs are those the examples build with", () => {
    expect(readFileSync(join(ROOT, "examples", "native-go", "go.mod"), "utf8")).toContain(
      `\tgithub.com/pulumi/pulumi/sdk/v3 ${PULUMI_GO_SDK}\n`,
    );
    expect(readFileSync(join(ROOT, "examples", "native-python", "requirements.txt"), "utf8")).toContain(
      `pulumi${PULUMI_PYTHON_REQUIREMENT}\n`,
    );
  });
});

const YAML_PROGRAM = `# Written by \`pulumi-cluster-platform export --group 5f1a0000000000000000e101 --language yaml\`.
# Every object found in the project, each with its importId, so \`pulumi up\` adopts it and changes
# nothing. Credentials are not here: see README.md for the platform:* credentials and the secrets to set.
name: acme
description: Project 5f1a0000000000000000e101 as exported by pulumi-cluster-platform export
runtime: yaml
plugins:
  providers:
    - name: platform
      path: node_modules/pulumi-cluster-platform/provider/native
config:
  alert-joined-group-notifications-0-apiToken:
    type: string
    secret: true
resources:
  alert-joined-group:
    type: platform:index:AlertConfiguration
    properties:
      groupId: 5f1a0000000000000000e101
      enabled: true
      eventTypeName: JOINED_GROUP
      notifications:
        - typeName: SLACK
          apiToken: \${alert-joined-group-notifications-0-apiToken}
          channelName: "#ops"
        - typeName: EMAIL
          emailAddress: ops@example.com
          delayMin: 5
      importId: 5f1a0000000000000000e101/aaaaaaaaaaaaaaaaaaaaaaa1
  backup-schedule-c1:
    type: platform:index:CloudBackupSchedule
    properties:
      groupId: 5f1a0000000000000000e101
      clusterName: c1
      referenceHourOfDay: 4
      policies:
        - policyItems:
            - frequencyType: daily
              frequencyInterval: 1
              retentionUnit: days
              retentionValue: 7
      copySettings: []
      importId: 5f1a0000000000000000e101/c1
  backup-compliance-policy:
    type: platform:index:BackupCompliancePolicy
    properties:
      groupId: 5f1a0000000000000000e101
      authorizedEmail: ada@example.com
      restoreWindowDays: 2
      importId: 5f1a0000000000000000e101
    options:
      dependsOn:
        - \${backup-schedule-c1}
  index-c1-products:
    type: platform:index:SearchIndex
    properties:
      groupId: 5f1a0000000000000000e101
      clusterName: c1
      name: products
      database: shop
      collectionName: products
      definition:
        mappings:
          dynamic: false
          fields:
            name:
              type: string
        synonyms: []
        note: costs $\${price}
      importId: 5f1a0000000000000000e101/c1/aaaaaaaaaaaaaaaaaaaaaab1
outputs:
  resourceCount: 4
`;

const PYTHON_PROGRAM = `"""Generated by \`pulumi-cluster-platform export --group 5f1a0000000000000000e101 --language python\`: every object
found in the project, each with the importId that makes \`pulumi up\` adopt the existing object instead
of creating one. Edit it as you like; README.md tells how to set the credentials and the secrets."""
import pulumi
import pulumi_cluster_platform as platform

config = pulumi.Config()

alert_configurations = [
    platform.AlertConfiguration(
        "alert-joined-group",
        group_id="5f1a0000000000000000e101",
        enabled=True,
        event_type_name="JOINED_GROUP",
        notifications=[
            platform.AlertNotificationArgs(
                type_name="SLACK",
                api_token=config.require_secret("alert-joined-group-notifications-0-apiToken"),
                channel_name="#ops",
            ),
            platform.AlertNotificationArgs(
                type_name="EMAIL",
                email_address="ops@example.com",
                delay_min=5,
            ),
        ],
        import_id="5f1a0000000000000000e101/aaaaaaaaaaaaaaaaaaaaaaa1",
    ),
]

cloud_backup_schedules = [
    platform.CloudBackupSchedule(
        "backup-schedule-c1",
        group_id="5f1a0000000000000000e101",
        cluster_name="c1",
        reference_hour_of_day=4,
        policies=[
            platform.SchedulePolicyArgs(
                policy_items=[
                    platform.SchedulePolicyItemArgs(
                        frequency_type="daily",
                        frequency_interval=1,
                        retention_unit="days",
                        retention_value=7,
                    ),
                ],
            ),
        ],
        copy_settings=[],
        import_id="5f1a0000000000000000e101/c1",
    ),
]

backup_compliance_policies = [
    platform.BackupCompliancePolicy(
        "backup-compliance-policy",
        group_id="5f1a0000000000000000e101",
        authorized_email="ada@example.com",
        restore_window_days=2,
        import_id="5f1a0000000000000000e101",
        opts=pulumi.ResourceOptions(depends_on=[*cloud_backup_schedules]),
    ),
]

search_indexes = [
    platform.SearchIndex(
        "index-c1-products",
        group_id="5f1a0000000000000000e101",
        cluster_name="c1",
        name="products",
        database="shop",
        collection_name="products",
        definition={
            "mappings": {
                "dynamic": False,
                "fields": {
                    "name": {
                        "type": "string",
                    },
                },
            },
            "synonyms": [],
            "note": "costs \${price}",
        },
        import_id="5f1a0000000000000000e101/c1/aaaaaaaaaaaaaaaaaaaaaab1",
    ),
]

pulumi.export("resourceCount", len(alert_configurations) + len(cloud_backup_schedules) + len(backup_compliance_policies) + len(search_indexes))
`;

const GO_PROGRAM = `// Generated by \`pulumi-cluster-platform export --group 5f1a0000000000000000e101 --language go\`: every object
// found in the project, each with the importId that makes \`pulumi up\` adopt the existing object instead
// of creating one. Edit it as you like; README.md tells how to set the credentials and the secrets.
package main

import (
	"github.com/pulumi-cluster-platform/pulumi-cluster-platform/sdk/native/go/platform"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		var alertConfigurations []pulumi.Resource
		{
			resource, err := platform.NewAlertConfiguration(ctx, "alert-joined-group", &platform.AlertConfigurationArgs{
				GroupId: pulumi.String("5f1a0000000000000000e101"),
				Enabled: pulumi.Bool(true),
				EventTypeName: pulumi.String("JOINED_GROUP"),
				Notifications: platform.AlertNotificationArray{
					platform.AlertNotificationArgs{
						TypeName: pulumi.String("SLACK"),
						ApiToken: cfg.RequireSecret("alert-joined-group-notifications-0-apiToken"),
						ChannelName: pulumi.String("#ops"),
					},
					platform.AlertNotificationArgs{
						TypeName: pulumi.String("EMAIL"),
						EmailAddress: pulumi.String("ops@example.com"),
						DelayMin: pulumi.Int(5),
					},
				},
				ImportId: pulumi.String("5f1a0000000000000000e101/aaaaaaaaaaaaaaaaaaaaaaa1"),
			})
			if err != nil {
				return err
			}
			alertConfigurations = append(alertConfigurations, resource)
		}
		var cloudBackupSchedules []pulumi.Resource
		{
			resource, err := platform.NewCloudBackupSchedule(ctx, "backup-schedule-c1", &platform.CloudBackupScheduleArgs{
				GroupId: pulumi.String("5f1a0000000000000000e101"),
				ClusterName: pulumi.String("c1"),
				ReferenceHourOfDay: pulumi.Float64(4),
				Policies: platform.SchedulePolicyArray{
					platform.SchedulePolicyArgs{
						PolicyItems: platform.SchedulePolicyItemArray{
							platform.SchedulePolicyItemArgs{
								FrequencyType: pulumi.String("daily"),
								FrequencyInterval: pulumi.Float64(1),
								RetentionUnit: pulumi.String("days"),
								RetentionValue: pulumi.Float64(7),
							},
						},
					},
				},
				CopySettings: platform.CopySettingArray{},
				ImportId: pulumi.String("5f1a0000000000000000e101/c1"),
			})
			if err != nil {
				return err
			}
			cloudBackupSchedules = append(cloudBackupSchedules, resource)
		}
		var backupCompliancePolicies []pulumi.Resource
		{
			resource, err := platform.NewBackupCompliancePolicy(ctx, "backup-compliance-policy", &platform.BackupCompliancePolicyArgs{
				GroupId: pulumi.String("5f1a0000000000000000e101"),
				AuthorizedEmail: pulumi.String("ada@example.com"),
				RestoreWindowDays: pulumi.Float64(2),
				ImportId: pulumi.String("5f1a0000000000000000e101"),
			}, pulumi.DependsOn(cloudBackupSchedules))
			if err != nil {
				return err
			}
			backupCompliancePolicies = append(backupCompliancePolicies, resource)
		}
		var searchIndexes []pulumi.Resource
		{
			resource, err := platform.NewSearchIndex(ctx, "index-c1-products", &platform.SearchIndexArgs{
				GroupId: pulumi.String("5f1a0000000000000000e101"),
				ClusterName: pulumi.String("c1"),
				Name: pulumi.String("products"),
				Database: pulumi.String("shop"),
				CollectionName: pulumi.String("products"),
				Definition: pulumi.Any(map[string]interface{}{
					"mappings": map[string]interface{}{
						"dynamic": false,
						"fields": map[string]interface{}{
							"name": map[string]interface{}{
								"type": "string",
							},
						},
					},
					"synonyms": []interface{}{},
					"note": "costs \${price}",
				}),
				ImportId: pulumi.String("5f1a0000000000000000e101/c1/aaaaaaaaaaaaaaaaaaaaaab1"),
			})
			if err != nil {
				return err
			}
			searchIndexes = append(searchIndexes, resource)
		}
		ctx.Export("resourceCount", pulumi.Int(len(alertConfigurations)+len(cloudBackupSchedules)+len(backupCompliancePolicies)+len(searchIndexes)))
		return nil
	})
}
`;

/** The export table, made from the resource declarations. */
const EXPORTED_TYPES = exportedTypes();
