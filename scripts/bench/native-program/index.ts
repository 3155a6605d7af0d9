// npm run bench (scripts/bench.ts), kind "native": `count` alert configurations through the native
// plugin (provider/native), from a Node.js program on the generated SDK, so that the language host is
// the one the dynamic form runs in and the comparison isolates the provider. The inputs are those of
// the dynamic kinds (scripts/bench/program/index.ts, alertInputs): keep the two in step. The program
// loads only @pulumi/pulumi and the native SDK, as a user's program on the native form would.
import * as pulumi from "@pulumi/pulumi";
import * as platform from "pulumi-cluster-platform/native";

const config = new pulumi.Config();
const groupId = config.require("groupId");
const count = config.requireNumber("count");

function alertInputs(index: number): platform.AlertConfigurationArgs {
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

for (let index = 0; index < count; index++)
  new platform.AlertConfiguration(`alert-${index}`, alertInputs(index));
