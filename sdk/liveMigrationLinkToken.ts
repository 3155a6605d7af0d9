/**
 * LiveMigrationLinkToken: the link token of an organization for live migrations from self-managed
 * deployments (a secret output). See docs/resources/liveMigrationLinkToken.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PlatformResource } from "./base";

export interface LiveMigrationLinkTokenArgs {
  /** Organization id (24 hexadecimal digits). Changing it replaces the link (removed first). */
  orgId: pulumi.Input<string>;
  /** IP addresses or CIDR blocks allowed to use the link. Changing them replaces the link (removed first). */
  accessListIps?: pulumi.Input<pulumi.Input<string>[]>;
}

export class LiveMigrationLinkToken extends PlatformResource {
  declare readonly orgId: pulumi.Output<string>;
  declare readonly accessListIps: pulumi.Output<string[] | undefined>;
  /** The token, stored encrypted (a secret output). */
  declare readonly linkToken: pulumi.Output<string>;

  constructor(name: string, args: LiveMigrationLinkTokenArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "LiveMigrationLinkToken",
      name,
      { ...args },
      { outputs: ["orgId", "accessListIps", "linkToken"], secretOutputs: ["linkToken"] },
      opts,
    );
  }
}
