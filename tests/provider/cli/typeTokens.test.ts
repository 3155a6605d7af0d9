/**
 * The command-line tool on stacks of either form of the package's resources: the dynamic provider's
 * type tokens (`pulumi-nodejs:dynamic/platform:<Type>`) and the native plugin's (`platform:index:<Type>`).
 */
import type { StepEventMetadata } from "@pulumi/pulumi/automation";
import { liveResources } from "../../../provider/cli/compare/compare";
import { driftReport } from "../../../provider/cli/drift/drift";
import type { OperationEvents } from "../../../provider/cli/engine";
import { planRecovery } from "../../../provider/cli/recover/recover";
import { platformTypeName, shortType } from "../../../provider/protocol/urns";

const DYNAMIC = "pulumi-nodejs:dynamic/platform:CustomDns";
const NATIVE = "platform:index:CustomDns";

/** A refresh preview's events holding one resource of `type` whose `enabled` went from true to false. */
function refreshOf(type: string): OperationEvents {
  const urn = `urn:pulumi:prod::app::${type}::dns`;
  const state = (enabled: boolean) => ({
    type,
    urn,
    id: "5f1a000000000000000000a1",
    parent: "",
    provider: "",
    inputs: { groupId: "5f1a000000000000000000a1", enabled },
    outputs: {},
  });
  const metadata: StepEventMetadata = {
    op: "update",
    urn,
    type,
    provider: "",
    old: state(true),
    new: state(false),
    detailedDiff: {},
  };
  return {
    steps: new Map([[urn, { urn, typeToken: type, ops: new Set([metadata.op]), metadata }]]),
    errors: [],
  };
}

describe("type tokens of both forms", () => {
  test("either form names the type; any other token is not the package's", () => {
    expect(platformTypeName(DYNAMIC)).toBe("CustomDns");
    expect(platformTypeName(NATIVE)).toBe("CustomDns");
    expect(platformTypeName("aws:s3/bucket:Bucket")).toBeUndefined();
    expect(platformTypeName("platform:index:getAlerts:extra")).toBeUndefined();
    expect(shortType(NATIVE)).toBe("CustomDns");
    expect(shortType("aws:s3/bucket:Bucket")).toBe("aws:s3/bucket:Bucket");
  });

  test("drift reports a native resource under its short type, with its own token", () => {
    const report = driftReport("prod", refreshOf(NATIVE), { steps: new Map(), errors: [] });
    expect(report.drift).toEqual([
      {
        urn: `urn:pulumi:prod::app::${NATIVE}::dns`,
        type: "CustomDns",
        typeToken: NATIVE,
        name: "dns",
        status: "changed",
        fields: [{ path: "enabled", state: true, live: false, secret: false }],
      },
    ]);
  });

  test("compare matches a resource of the dynamic form with the same resource of the native form", () => {
    expect([...liveResources(refreshOf(DYNAMIC)).keys()]).toEqual(["CustomDns::dns"]);
    expect([...liveResources(refreshOf(NATIVE)).keys()]).toEqual(["CustomDns::dns"]);
  });

  test("recover looks up a native pending create by its natural key", async () => {
    const found: string[] = [];
    const { actions } = await planRecovery(
      {
        resources: [],
        pending_operations: [
          {
            type: "creating",
            resource: {
              urn: `urn:pulumi:prod::app::${NATIVE}::dns`,
              type: NATIVE,
              custom: true,
              inputs: { groupId: "5f1a000000000000000000a1", enabled: true },
            },
          },
        ],
      },
      async (typeName) => {
        found.push(typeName);
        return "5f1a000000000000000000a1";
      },
    );
    expect(found).toEqual(["CustomDns"]);
    expect(actions).toEqual([
      {
        urn: `urn:pulumi:prod::app::${NATIVE}::dns`,
        type: "CustomDns",
        operation: "creating",
        outcome: "adopted",
        id: "5f1a000000000000000000a1",
        reason: "found on the service by its natural key",
      },
    ]);
  });
});
