// `count` alert configurations in one project, one per application: enough that a refresh reads most
// of them from the project's list (provider/framework/pageReads.ts).
import * as pulumi from "@pulumi/pulumi";
import { AlertConfiguration } from "pulumi-cluster-platform";

const config = new pulumi.Config();
const groupId = config.require("groupId");
const count = config.requireNumber("count");

const fleet = Array.from(
  { length: count },
  (_, index) =>
    new AlertConfiguration(`app-${index}`, {
      groupId,
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: `app-${index}` }],
      notifications: [
        { typeName: "EMAIL", emailAddress: `app-${index}@example.com`, intervalMin: 30 },
        { typeName: "SLACK", apiToken: `xoxb-fleet-token-${1000 + index}`, channelName: "#deploys" },
      ],
    }),
);

export const alertConfigIds = fleet.map((alert) => alert.alertConfigId);
