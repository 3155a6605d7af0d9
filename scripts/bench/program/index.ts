// npm run bench (scripts/bench.ts): `count` alert configurations in one project (kind "platform"), or
// as many no-op dynamic resources with the same inputs (kind "noop"): what the engine costs by itself
// for a dynamic resource, the floor the platform resources are measured against.
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration, type AlertConfigurationArgs } from "pulumi-cluster-platform";

const config = new pulumi.Config();
const kind = config.require("kind");
const groupId = config.require("groupId");
const count = config.requireNumber("count");

function alertInputs(index: number): AlertConfigurationArgs {
  return {
    groupId,
    enabled: true,
    eventTypeName: "DEPLOYMENT_FAILURE",
    matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: `bench-app-${index}` }],
    notifications: [
      { typeName: "EMAIL", emailAddress: `oncall-${index}@example.com`, delayMin: 0, intervalMin: 60 },
      { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true, smsEnabled: false },
    ],
  };
}

const noop: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `noop-${inputs.matchers[0].value}`, outs: inputs };
  },
};

class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: pulumi.Inputs) {
    super(noop, name, props, undefined, "bench", "Noop");
  }
}

for (let index = 0; index < count; index++) {
  if (kind === "noop") new Noop(`noop-${index}`, { ...alertInputs(index) });
  else new AlertConfiguration(`alert-${index}`, alertInputs(index));
}
