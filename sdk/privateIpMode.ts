/**
 * PrivateIpMode: the project's Peering-Only (private IP) mode, the legacy v1.0 operation (a project
 * singleton). See docs/resources/privateIpMode.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PlatformResource } from "./base";

export interface PrivateIpModeArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the resource. */
  groupId: pulumi.Input<string>;
  /**
   * True: Peering-Only mode on. false is refused (at preview) while a cluster of the project runs a
   * database version below 5.0. Delete leaves the mode as it is.
   */
  enabled: pulumi.Input<boolean>;
  /** Adoption: `<groupId>`. The setting always exists, so create adopts it with or without this. */
  importId?: pulumi.Input<string>;
}

export class PrivateIpMode extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly enabled: pulumi.Output<boolean>;

  constructor(name: string, args: PrivateIpModeArgs, opts?: pulumi.CustomResourceOptions) {
    super("PrivateIpMode", name, { ...args }, { outputs: ["groupId", "enabled"] }, opts);
  }
}
