/**
 * Auditing: the project's database auditing configuration (a project singleton). See
 * docs/resources/auditing.md.
 */
import type * as pulumi from "@pulumi/pulumi";
import { PlatformResource } from "./base";

export interface AuditingArgs {
  /** Project id (24 hexadecimal digits). Changing it replaces the resource. */
  groupId: pulumi.Input<string>;
  /** Whether database auditing is on. Default false. Not available when the project has only M0/M2/M5 or serverless clusters. */
  enabled?: pulumi.Input<boolean>;
  /** Whether successful authorizations are audited too. Default false. */
  auditAuthorizationSuccess?: pulumi.Input<boolean>;
  /**
   * The JSON document selecting the audited events, as JSON text or as an object. Compared as JSON
   * (spacing and key order never show as a change); stored as canonical JSON text. Default `{}`.
   */
  auditFilter?: pulumi.Input<string | Record<string, unknown>>;
  /** Adoption: `<groupId>`. The configuration always exists, so create adopts it with or without this. */
  importId?: pulumi.Input<string>;
}

export class Auditing extends PlatformResource {
  declare readonly groupId: pulumi.Output<string>;
  declare readonly enabled: pulumi.Output<boolean>;
  declare readonly auditAuthorizationSuccess: pulumi.Output<boolean>;
  /** The filter as canonical JSON text. */
  declare readonly auditFilter: pulumi.Output<string>;
  /** NONE (auditing off), FILTER_BUILDER or FILTER_JSON. */
  declare readonly configurationType: pulumi.Output<string>;

  constructor(name: string, args: AuditingArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      "Auditing",
      name,
      { ...args },
      { outputs: ["groupId", "enabled", "auditAuthorizationSuccess", "auditFilter", "configurationType"] },
      opts,
    );
  }
}
