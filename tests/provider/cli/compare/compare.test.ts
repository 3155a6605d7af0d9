/**
 * compare: two stacks' live resources matched by type and name; ids left out; fields whose values
 * are each stack's value of one config key attributed to that key; anything else a difference.
 */
import {
  compareLive,
  type LiveResource,
  perEnvironmentValues,
} from "../../../../provider/cli/compare/compare";
import { renderCompareText } from "../../../../provider/cli/compare/render";
import type { StackConfig } from "../../../../provider/cli/engine";

const token = (type: string) => `pulumi-nodejs:dynamic/platform:${type}`;
const live = (...resources: Array<[string, string, Record<string, unknown>]>) =>
  new Map<string, LiveResource>(
    resources.map(([type, name, inputs]) => [
      `${token(type)}::${name}`,
      { typeToken: token(type), name, inputs: inputs as LiveResource["inputs"] },
    ]),
  );

const dev: StackConfig = {
  "app:groupId": { value: "5f1a0000000000000000e0d1" },
  "app:nodes": { value: '{"size":"S20_HIGHCPU_NVME","count":2}' },
  "app:email": { value: "dev@example.com" },
  "app:token": { value: "t1", secret: true },
  "platform:baseUrl": { value: "http://127.0.0.1:8787/api/platform/v2" },
};
const prod: StackConfig = {
  "app:groupId": { value: "5f1a0000000000000000e0d3" },
  "app:nodes": { value: '{"size":"S40_HIGHCPU_NVME","count":3}' },
  "app:email": { value: "oncall@example.com" },
  "app:token": { value: "t2", secret: true },
  "platform:baseUrl": { value: "http://127.0.0.1:8787/api/platform/v2" },
};

describe("compare", () => {
  test("the config keys that differ are the per-environment values; secrets hidden", () => {
    expect(perEnvironmentValues(dev, prod)).toEqual([
      { key: "app:email", values: ["dev@example.com", "oncall@example.com"] },
      { key: "app:groupId", values: ["5f1a0000000000000000e0d1", "5f1a0000000000000000e0d3"] },
      {
        key: "app:nodes",
        values: ['{"size":"S20_HIGHCPU_NVME","count":2}', '{"size":"S40_HIGHCPU_NVME","count":3}'],
      },
      { key: "app:token", values: ["[secret]", "[secret]"] },
    ]);
  });

  const report = compareLive(
    ["dev", "prod"],
    [
      live(
        [
          "SearchDeployment",
          "nodes",
          {
            groupId: "5f1a0000000000000000e0d1",
            specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }],
          },
        ],
        [
          "AlertConfiguration",
          "alerts",
          {
            groupId: "5f1a0000000000000000e0d1",
            notifications: [{ emailAddress: "dev@example.com", delayMin: 0 }],
          },
        ],
        ["Auditing", "audit", { groupId: "5f1a0000000000000000e0d1", enabled: true }],
        ["CustomDns", "dns", { enabled: true }],
      ),
      live(
        [
          "SearchDeployment",
          "nodes",
          {
            groupId: "5f1a0000000000000000e0d3",
            specs: [{ instanceSize: "S40_HIGHCPU_NVME", nodeCount: 3 }],
          },
        ],
        [
          "AlertConfiguration",
          "alerts",
          {
            groupId: "5f1a0000000000000000e0d3",
            notifications: [{ emailAddress: "oncall@example.com", delayMin: 5 }],
          },
        ],
        ["Auditing", "audit", { groupId: "5f1a0000000000000000e0d3", enabled: true }],
      ),
    ],
    [dev, prod],
  );

  test("ids are left out, config-set fields attributed, the rest are differences", () => {
    expect(report.resources).toEqual([
      {
        type: "AlertConfiguration",
        typeToken: token("AlertConfiguration"),
        name: "alerts",
        status: "differs",
        fields: [
          { path: "notifications[0].delayMin", values: [0, 5] },
          {
            path: "notifications[0].emailAddress",
            values: ["dev@example.com", "oncall@example.com"],
            setBy: "app:email",
          },
        ],
      },
      {
        type: "CustomDns",
        typeToken: token("CustomDns"),
        name: "dns",
        status: "only-in",
        onlyIn: "dev",
        fields: [],
      },
      {
        type: "SearchDeployment",
        typeToken: token("SearchDeployment"),
        name: "nodes",
        status: "per-environment",
        fields: [
          {
            path: "specs[0].instanceSize",
            values: ["S20_HIGHCPU_NVME", "S40_HIGHCPU_NVME"],
            setBy: "app:nodes",
          },
          { path: "specs[0].nodeCount", values: [2, 3], setBy: "app:nodes" },
        ],
      },
    ]);
    expect(report.summary).toEqual({ differingResources: 2, differingFields: 1, perEnvironmentFields: 3 });
  });

  test("the text form", () => {
    const text = renderCompareText(report);
    expect(text.split("\n")[0]).toBe(
      "Stacks dev and prod differ beyond per-environment config: 2 resources, 1 field",
    );
    expect(text).toContain(
      "  notifications[0].delayMin      0                  5                     DIFFERS\n",
    );
    expect(text).toContain("CustomDns dns: only in stack dev\n");
    expect(text).toContain("SearchDeployment nodes: differs only by config\n");
  });
});
