/**
 * AlertAcknowledgement: an open alert acknowledged until a time, with a comment; destroying it
 * unacknowledges the alert. See docs/resources/alertAcknowledgement.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PlatformResource } from "./base";

export interface AlertAcknowledgementArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the resource. */
  groupId: pulumi.Input<string>;
  /** The alert (24 hexadecimal digits), e.g. from getAlerts({ groupId, status: "OPEN" }). Changing it replaces the resource. */
  alertId: pulumi.Input<string>;
  /** ISO 8601 date and time with a zone until which the alert is acknowledged; must be in the future. */
  acknowledgedUntil: pulumi.Input<string>;
  /** Why the alert is acknowledged; at most 200 characters. */
  acknowledgementComment?: pulumi.Input<string>;
  /** Adoption of an acknowledged alert: `<groupId>/<alertId>`. */
  importId?: pulumi.Input<string>;
}

export class AlertAcknowledgement extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly alertId: pulumi.Output<string>;
  declare readonly acknowledgedUntil: pulumi.Output<string>;
  declare readonly acknowledgementComment: pulumi.Output<string | undefined>;
  /** The configuration that raised the alert. */
  declare readonly alertConfigId: pulumi.Output<string>;
  /** The alert's event type, such as HOST_DOWN. */
  declare readonly eventTypeName: pulumi.Output<string>;
  /** The alert's status: OPEN, TRACKING, CLOSED or CANCELLED. */
  declare readonly status: pulumi.Output<string>;
  /** Who acknowledged it (the API key or service account of the stack). */
  declare readonly acknowledgingUsername: pulumi.Output<string>;

  constructor(name: string, args: AlertAcknowledgementArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "AlertAcknowledgement",
      name,
      { ...args },
      {
        outputs: [
          "groupId",
          "alertId",
          "acknowledgedUntil",
          "acknowledgementComment",
          "alertConfigId",
          "eventTypeName",
          "status",
          "acknowledgingUsername",
        ],
      },
      opts,
    );
  }
}
