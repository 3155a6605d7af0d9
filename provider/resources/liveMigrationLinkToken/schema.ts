/**
 * Inputs of the LiveMigrationLinkToken resource: the link between an organization and the
 * self-managed deployments it migrates from (operations 70 and 71). One link per organization.
 */
import { z } from "zod";
import { idPartSchema } from "../../framework/validation";

export const LIVE_MIGRATION_LINK_TOKEN_ID_PARTS = ["orgId"] as const;

export const liveMigrationLinkTokenInputsSchema = z.strictObject({
  orgId: idPartSchema("orgId"),
  /** IP addresses or CIDR blocks allowed to use the link's API key. */
  accessListIps: z.array(z.string().min(1)).optional(),
});

export type LiveMigrationLinkTokenInputs = z.output<typeof liveMigrationLinkTokenInputsSchema>;
