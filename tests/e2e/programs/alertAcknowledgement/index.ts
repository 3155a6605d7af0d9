// AlertAcknowledgement end to end: the test sets each resource's arguments as JSON stack config between `pulumi up`s.
import * as pulumi from "@pulumi/pulumi";
import { AlertAcknowledgement, type AlertAcknowledgementArgs } from "pulumi-cluster-platform";

const config = new pulumi.Config();

const main = new AlertAcknowledgement("ack", config.requireObject<AlertAcknowledgementArgs>("main"));

// Adoption: when the test sets `adopted`, an alert acknowledged outside Pulumi is taken over by importId.
const adoptedArgs = config.getObject<AlertAcknowledgementArgs>("adopted");
const adopted = adoptedArgs ? new AlertAcknowledgement("adopted", adoptedArgs) : undefined;

export const mainId = main.id;
export const mainStatus = main.status;
export const mainEventTypeName = main.eventTypeName;
export const mainAlertConfigId = main.alertConfigId;
export const mainAcknowledgedUntil = main.acknowledgedUntil;
export const mainComment = main.acknowledgementComment;
export const mainUsername = main.acknowledgingUsername;
export const adoptedComment = adopted?.acknowledgementComment;
