/**
 * compare along a promotion chain (provider/cli/compare/compare.ts compareChain): each neighbour pair as
 * compare of two, and per resource where a value stops following per-environment config.
 */
import { compareChain, compareLive, type LiveResource } from "../../../../provider/cli/compare/compare";
import { renderChainText } from "../../../../provider/cli/compare/render";
import type { StackConfig } from "../../../../provider/cli/engine";

const token = (type: string) => `pulumi-nodejs:dynamic/platform:${type}`;
const live = (...resources: Array<[string, string, Record<string, unknown>]>) =>
  new Map<string, LiveResource>(
    resources.map(([type, name, inputs]) => [
      `${type}::${name}`,
      { typeToken: token(type), name, inputs: inputs as LiveResource["inputs"] },
    ]),
  );
const config = (groupId: string, size: string, email: string): StackConfig => ({
  "app:groupId": { value: groupId },
  "app:size": { value: size },
  "app:email": { value: email },
  "app:token": { value: `${email}-token`, secret: true },
});

const DEV = "5f1a0000000000000000e0d1";
const STAGING = "5f1a0000000000000000e0d2";
const PROD = "5f1a0000000000000000e0d3";
const names = ["dev", "staging", "prod"];
const configs = [
  config(DEV, "S20_HIGHCPU_NVME", "dev@example.com"),
  config(STAGING, "S30_HIGHCPU_NVME", "staging@example.com"),
  config(PROD, "S40_HIGHCPU_NVME", "oncall@example.com"),
];
/**
 * Search nodes follow config all along but for prod's size, set by hand to staging's; the alert's
 * recipient follows config; auditing differs from dev on (a hand change in staging, kept in prod);
 * the index is missing from prod.
 */
const stacks = [
  live(
    [
      "SearchDeployment",
      "nodes",
      { groupId: DEV, specs: [{ instanceSize: "S20_HIGHCPU_NVME", nodeCount: 2 }] },
    ],
    ["AlertConfiguration", "alerts", { groupId: DEV, notifications: [{ emailAddress: "dev@example.com" }] }],
    ["Auditing", "audit", { groupId: DEV, auditFilter: '{"atype":"authenticate"}' }],
    ["SearchIndex", "movies", { groupId: DEV, name: "movies" }],
  ),
  live(
    [
      "SearchDeployment",
      "nodes",
      { groupId: STAGING, specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }] },
    ],
    [
      "AlertConfiguration",
      "alerts",
      { groupId: STAGING, notifications: [{ emailAddress: "staging@example.com" }] },
    ],
    ["Auditing", "audit", { groupId: STAGING, auditFilter: '{"atype":"authCheck"}' }],
    ["SearchIndex", "movies", { groupId: STAGING, name: "movies" }],
  ),
  live(
    [
      "SearchDeployment",
      "nodes",
      { groupId: PROD, specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }] },
    ],
    [
      "AlertConfiguration",
      "alerts",
      { groupId: PROD, notifications: [{ emailAddress: "oncall@example.com" }] },
    ],
    ["Auditing", "audit", { groupId: PROD, auditFilter: '{"atype":"authCheck"}' }],
  ),
];

describe("compare along a chain", () => {
  const report = compareChain(names, stacks, configs);

  test("each neighbour pair is compared as compare of those two stacks", () => {
    expect(report.links).toEqual([
      compareLive(
        ["dev", "staging"],
        [stacks[0], stacks[1]] as [Map<string, LiveResource>, Map<string, LiveResource>],
        [configs[0], configs[1]] as [StackConfig, StackConfig],
      ),
      compareLive(
        ["staging", "prod"],
        [stacks[1], stacks[2]] as [Map<string, LiveResource>, Map<string, LiveResource>],
        [configs[1], configs[2]] as [StackConfig, StackConfig],
      ),
    ]);
  });

  test("per resource, where a value stops following per-environment config, with its value in each stack", () => {
    expect(report.resources).toEqual([
      {
        type: "Auditing",
        typeToken: token("Auditing"),
        name: "audit",
        presentIn: names,
        stopsAt: { from: "dev", to: "staging" },
        fields: [
          {
            path: "auditFilter",
            values: ['{"atype":"authenticate"}', '{"atype":"authCheck"}', '{"atype":"authCheck"}'],
            links: [
              { from: "dev", to: "staging", status: "differs" },
              { from: "staging", to: "prod", status: "same" },
            ],
            stopsAt: { from: "dev", to: "staging" },
          },
        ],
      },
      {
        type: "SearchDeployment",
        typeToken: token("SearchDeployment"),
        name: "nodes",
        presentIn: names,
        stopsAt: { from: "staging", to: "prod" },
        fields: [
          {
            path: "specs[0].instanceSize",
            values: ["S20_HIGHCPU_NVME", "S30_HIGHCPU_NVME", "S30_HIGHCPU_NVME"],
            links: [
              { from: "dev", to: "staging", status: "per-environment", setBy: "app:size" },
              { from: "staging", to: "prod", status: "stops-following", setBy: "app:size" },
            ],
            stopsAt: { from: "staging", to: "prod" },
          },
        ],
      },
      {
        type: "SearchIndex",
        typeToken: token("SearchIndex"),
        name: "movies",
        presentIn: ["dev", "staging"],
        stopsAt: { from: "staging", to: "prod" },
        fields: [],
      },
    ]);
    expect(report.summary).toEqual({
      links: 2,
      linksDifferingBeyondConfig: 2,
      differingResources: 3,
      differingFields: 2,
    });
  });

  test("a value carried over where its config key changes is what only the chain sees", () => {
    // compare of staging and prod alone finds the two sizes equal, so nothing to report.
    expect(report.links[1]?.resources.find((resource) => resource.name === "nodes")).toBeUndefined();
    expect(report.resources.find((resource) => resource.name === "nodes")?.stopsAt).toEqual({
      from: "staging",
      to: "prod",
    });
  });

  test("the text: where the chain differs, each resource's values along it, then each pair", () => {
    const text = renderChainText(report);
    expect(text.split("\n").slice(0, 22)).toEqual([
      "Stacks dev -> staging -> prod differ beyond per-environment config at dev -> staging, staging -> prod (3 resources, 2 fields)",
      "",
      "Where values stop following per-environment config:",
      "",
      "Auditing audit: stops following per-environment config at dev -> staging",
      "  auditFilter (stops at dev -> staging)",
      '    dev      "{\\"atype\\":\\"authenticate\\"}"',
      '    staging  "{\\"atype\\":\\"authCheck\\"}"     DIFFERS from dev',
      '    prod     "{\\"atype\\":\\"authCheck\\"}"     same as staging',
      "",
      "SearchDeployment nodes: stops following per-environment config at staging -> prod",
      "  specs[0].instanceSize (stops at staging -> prod)",
      '    dev      "S20_HIGHCPU_NVME"',
      '    staging  "S30_HIGHCPU_NVME"  config app:size',
      '    prod     "S30_HIGHCPU_NVME"  same as staging: does NOT follow config app:size',
      "",
      "SearchIndex movies: only in dev, staging (stops at staging -> prod)",
      "",
      "--- dev -> staging ---",
      "Stacks dev and staging differ beyond per-environment config: 1 resource, 1 field",
      "",
      "Set per environment by config (dev / staging):",
    ]);
    expect(text).toContain(
      "--- staging -> prod ---\nStacks staging and prod differ beyond per-environment config",
    );
  });

  test("a chain that follows config all along", () => {
    const clean = compareChain(
      ["dev", "staging"],
      [
        live(["SearchDeployment", "nodes", { specs: [{ instanceSize: "S20_HIGHCPU_NVME" }] }]),
        live(["SearchDeployment", "nodes", { specs: [{ instanceSize: "S30_HIGHCPU_NVME" }] }]),
      ],
      configs.slice(0, 2),
    );
    expect(clean.resources).toEqual([]);
    expect(renderChainText(clean).split("\n")[0]).toBe(
      "Stacks dev -> staging differ only in per-environment config",
    );
  });
});
