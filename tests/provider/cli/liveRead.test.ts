/**
 * Which stacks the tool reads in its own process (provider/cli/liveRead.ts `planOf`): a state of this
 * package's dynamic resources only, each read with its provider's configuration from state (secrets
 * opened); any other case goes to the engine. The reads themselves are checked against the engine in
 * tests/e2e/liveRead.e2e.test.ts.
 */

import { planOf } from "../../../provider/cli/liveRead";
import { providerShimText } from "../../../provider/framework/shim";

const SIG = "4dabf18193072939515e22adb298388d";
const PROVIDER_URN = "urn:pulumi:dev::app::pulumi:providers:pulumi-nodejs::default";
const PROVIDER_ID = "6c361468-283e-4811-bdc8-0314a2b9061a";
const ALERT_URN = "urn:pulumi:dev::app::pulumi-nodejs:dynamic/platform:AlertConfiguration::pager";

type Resource = Record<string, unknown>;

function provider(): Resource {
  const inputs = {
    "app:count": "2",
    "platform:baseUrl": "http://127.0.0.1:8787/api/platform/v2",
    "platform:publicKey": "demo-public-key",
    "platform:privateKey": { [SIG]: "1b47061264138c4ac30d75fd1eb44270", plaintext: '"demo-private-key"' },
  };
  return {
    urn: PROVIDER_URN,
    custom: true,
    id: PROVIDER_ID,
    type: "pulumi:providers:pulumi-nodejs",
    inputs,
    outputs: inputs,
  };
}

function alert(changes: Resource = {}): Resource {
  const shim = providerShimText("AlertConfiguration");
  return {
    urn: ALERT_URN,
    custom: true,
    id: "5f1a000000000000000000a1/5f1b000000000000000000a2",
    type: "pulumi-nodejs:dynamic/platform:AlertConfiguration",
    inputs: { __provider: shim, groupId: "5f1a000000000000000000a1", enabled: true },
    outputs: {
      __provider: shim,
      groupId: "5f1a000000000000000000a1",
      enabled: true,
      alertConfigId: "5f1b000000000000000000a2",
    },
    provider: `${PROVIDER_URN}::${PROVIDER_ID}`,
    ...changes,
  };
}

const STACK = {
  urn: "urn:pulumi:dev::app::pulumi:pulumi:Stack::app-dev",
  custom: false,
  type: "pulumi:pulumi:Stack",
};

describe("planOf", () => {
  test("a state of the package's dynamic resources: each read with its provider's config from state, secrets opened", () => {
    const plan = planOf({ resources: [STACK, provider(), alert()] });
    expect(plan.map(({ resource, typeName, config }) => ({ urn: resource.urn, typeName, config }))).toEqual([
      {
        urn: ALERT_URN,
        typeName: "AlertConfiguration",
        config: {
          "app:count": "2",
          "platform:baseUrl": "http://127.0.0.1:8787/api/platform/v2",
          "platform:publicKey": "demo-public-key",
          "platform:privateKey": "demo-private-key",
        },
      },
    ]);
  });

  test("an empty state reads nothing", () => {
    expect(planOf({ resources: [] })).toEqual([]);
    expect(planOf(undefined)).toEqual([]);
  });

  test.each<[string, unknown]>([
    [
      "a pending operation",
      { resources: [STACK, provider(), alert()], pending_operations: [{ type: "creating" }] },
    ],
    [
      "a resource of another provider",
      {
        resources: [
          provider(),
          alert(),
          {
            urn: "urn:pulumi:dev::app::random:index/randomString:RandomString::r",
            custom: true,
            id: "x",
            type: "random:index/randomString:RandomString",
          },
        ],
      },
    ],
    [
      "a resource of the native plugin",
      { resources: [provider(), alert({ type: "platform:index:AlertConfiguration" })] },
    ],
    ["an external resource", { resources: [provider(), alert({ external: true })] }],
    ["a resource condemned to deletion", { resources: [provider(), alert({ delete: true })] }],
    ["a resource pending replacement", { resources: [provider(), alert({ pendingReplacement: true })] }],
    ["ignoreChanges", { resources: [provider(), alert({ ignoreChanges: ["enabled"] })] }],
    ["a resource with no id", { resources: [provider(), alert({ id: "" })] }],
    [
      "a provider text that is not the package's shim",
      {
        resources: [
          provider(),
          alert({ outputs: { __provider: "exports.handler=()=>({})", enabled: true } }),
        ],
      },
    ],
    ["a provider not in state", { resources: [alert()] }],
    [
      "a secret the export did not open",
      {
        resources: [
          {
            ...provider(),
            inputs: {
              "platform:privateKey": { [SIG]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: "v1:abc" },
            },
          },
          alert(),
        ],
      },
    ],
  ])("%s goes to the engine", (_case, deployment) => {
    expect(() => planOf(deployment)).toThrow();
  });
});
