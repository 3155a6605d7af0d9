/**
 * CustomDns: whether the project's AWS clusters use custom DNS (a project singleton). See
 * docs/resources/customDns.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PlatformResource } from "./base";

export interface CustomDnsArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the resource. */
  groupId: pulumi.Input<string>;
  /** True: the project's AWS clusters use custom DNS. Delete restores false. */
  enabled: pulumi.Input<boolean>;
  /** Adoption: `<groupId>`. The setting always exists, so create adopts it with or without this. */
  importId?: pulumi.Input<string>;
}

export class CustomDns extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly enabled: pulumi.Output<boolean>;

  constructor(name: string, args: CustomDnsArgs, opts?: pulumi.CustomResourceOptions) {
    super("CustomDns", name, { ...args }, { outputs: ["groupId", "enabled"] }, opts);
  }
}
