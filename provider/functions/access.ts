/**
 * Cloud provider access roles, outage simulations, live migration and the legacy v1.0 cluster list
 * (docs/spec/api-spec.md, operations 69, 72, 74, 76, 78).
 */
import { z } from "zod";
import { collect } from "../client";
import { LegacyClusterSchema } from "../client/legacy";
import { readIfExists } from "../framework/lifecycle";
import { idPartSchema } from "../framework/validation";
import { defineFunction } from "./define";

const project = { groupId: idPartSchema("groupId") };

/** The project's cloud provider access roles, AWS IAM roles and Azure service principals (operation 72). */
export const getCloudProviderAccessRoles = defineFunction(
  "getCloudProviderAccessRoles",
  z.strictObject(project),
  async (client, args) => {
    const roles = await client.cloudProviderAccess.list(args.groupId);
    return {
      awsIamRoles: roles.awsIamRoles ?? [],
      azureServicePrincipals: roles.azureServicePrincipals ?? [],
    };
  },
);

/** One cloud provider access role (operation 74). */
export const getCloudProviderAccessRole = defineFunction(
  "getCloudProviderAccessRole",
  z.strictObject({ ...project, roleId: idPartSchema("roleId") }),
  (client, args) => client.cloudProviderAccess.get(args.groupId, args.roleId),
);

/**
 * The cluster's outage simulation (operation 76), or undefined when none is running (the API
 * answers 404 then: no simulation is a normal state, not an error).
 */
export const getOutageSimulation = defineFunction(
  "getOutageSimulation",
  z.strictObject({ ...project, clusterName: idPartSchema("clusterName") }),
  (client, args) => readIfExists(() => client.outageSimulations.get(args.groupId, args.clusterName)),
);

/** The projects of an organization that can be live-migrated into the platform (operation 69). */
export const getMigratableProjects = defineFunction(
  "getMigratableProjects",
  z.strictObject({ orgId: idPartSchema("orgId") }),
  (client, args) => client.liveMigrations.listAvailableProjects(args.orgId),
);

/** A cluster of the legacy v1.0 list with the database version it runs. */
export const LegacyClusterVersionSchema = LegacyClusterSchema.extend({
  /** Major version, such as "7.0". */
  dbMajorVersion: z.string().optional(),
  /** Full version, such as "7.0.12". */
  dbVersion: z.string().optional(),
  clusterType: z.string().optional(),
});
export type LegacyClusterVersion = z.infer<typeof LegacyClusterVersionSchema>;

/** Every cluster of the project from the legacy v1.0 root, with its database versions (operation 78). */
export const getLegacyClusters = defineFunction(
  "getLegacyClusters",
  z.strictObject(project),
  async (client, args): Promise<LegacyClusterVersion[]> => {
    const clusters = await collect(client.legacy.listAllClusters(args.groupId));
    // The client checks the fields every caller needs; the versions are checked here, where they are used.
    return clusters.map((cluster) => LegacyClusterVersionSchema.parse(cluster));
  },
);
