/** Live migration (push) into the platform (operations 64-71). */
import { z } from "zod";
import { apiPath } from "./request";
import { AnyObject, entity, type JsonObject } from "./schemas";
import type { Transport } from "./transport";

export const LiveMigrationSchema = entity({
  _id: z.string(),
  status: z.string().optional(),
  lagTimeSeconds: z.number().nullable().optional(),
  migrationHosts: z.array(z.string()).optional(),
  readyForCutover: z.boolean().optional(),
});
export type LiveMigration = z.infer<typeof LiveMigrationSchema>;

export const MigrationValidationSchema = entity({
  _id: z.string(),
  status: z.string().optional(),
  errorMessage: z.string().nullable().optional(),
  groupId: z.string().optional(),
  sourceGroupId: z.string().optional(),
});
export type MigrationValidation = z.infer<typeof MigrationValidationSchema>;

export const MigratableProjectSchema = entity({
  projectId: z.string().optional(),
  name: z.string().optional(),
  migrationHosts: z.array(z.string()).optional(),
  deployments: z.array(AnyObject).optional(),
});
export type MigratableProject = z.infer<typeof MigratableProjectSchema>;

export const LinkTokenSchema = entity({ linkToken: z.string() });

export interface LiveMigrationInput {
  destination: { clusterName: string; groupId: string; hostnameSchemaType: string; privateLinkId?: string };
  source: JsonObject & { clusterName: string; groupId: string };
  dropDestinationData?: boolean;
  /** Exactly one item. */
  migrationHosts: [string];
  sharding?: JsonObject;
}

export function liveMigrationsApi(t: Transport) {
  const path = (groupId: string) => apiPath`/groups/${groupId}/liveMigrations`;
  return {
    /** 64 */
    create: (groupId: string, body: LiveMigrationInput) =>
      t.call(
        { id: "64", operation: "Creating live migration", method: "POST", path: path(groupId), body },
        LiveMigrationSchema,
      ),
    /** 65 */
    validate: (groupId: string, body: LiveMigrationInput) =>
      t.call(
        {
          id: "65",
          operation: "Validating live migration",
          method: "POST",
          path: `${path(groupId)}/validate`,
          body,
        },
        MigrationValidationSchema,
      ),
    /** 66 */
    getValidation: (groupId: string, validationId: string) =>
      t.call(
        {
          id: "66",
          operation: "Reading live migration validation",
          method: "GET",
          path: `${path(groupId)}${apiPath`/validate/${validationId}`}`,
        },
        MigrationValidationSchema,
      ),
    /** 67 */
    get: (groupId: string, liveMigrationId: string) =>
      t.call(
        {
          id: "67",
          operation: "Reading live migration",
          method: "GET",
          path: `${path(groupId)}${apiPath`/${liveMigrationId}`}`,
        },
        LiveMigrationSchema,
      ),
    /** 68: answers 202 without a body. */
    cutover: (groupId: string, liveMigrationId: string) =>
      t.callVoid({
        id: "68",
        operation: "Cutting over live migration",
        method: "PUT",
        path: `${path(groupId)}${apiPath`/${liveMigrationId}/cutover`}`,
      }),
    /** 69: bare array. */
    listAvailableProjects: (orgId: string) =>
      t.call(
        {
          id: "69",
          operation: "Listing migratable projects",
          method: "GET",
          path: apiPath`/orgs/${orgId}/liveMigrations/availableProjects`,
        },
        z.array(MigratableProjectSchema),
      ),
    /** 70: remove the organization link and its API key. */
    deleteLinkTokens: (orgId: string) =>
      t.callVoid({
        id: "70",
        operation: "Deleting live migration link",
        method: "DELETE",
        path: apiPath`/orgs/${orgId}/liveMigrations/linkTokens`,
      }),
    /** 71 */
    createLinkToken: (orgId: string, body: { accessListIps?: string[] }) =>
      t.call(
        {
          id: "71",
          operation: "Creating live migration link token",
          method: "POST",
          path: apiPath`/orgs/${orgId}/liveMigrations/linkTokens`,
          body,
        },
        LinkTokenSchema,
      ),
  };
}
export type LiveMigrationsApi = ReturnType<typeof liveMigrationsApi>;
