/**
 * CloudProviderAccessRole: an AWS access role of a project. See docs/resources/cloudProviderAccessRole.md.
 *
 * Create makes the role (73) and, when `iamAssumedRoleArn` is set, authorizes it (74a), retrying while
 * AWS propagates the IAM role; a new ARN authorizes again in place; delete deauthorizes (74b), which
 * removes the role, and waits until reading it answers 404. The authorization is the resource's own
 * wait (`waitUntilSettled`): the role has no state to wait for, and a failed authorization keeps the
 * role in state (it exists) for the next `pulumi up` to authorize again.
 *
 * Id and importId: `<groupId>/<roleId>`.
 */

import { z } from "zod";
import { diffInputs } from "../../framework/diff";
import { pickCreated } from "../../framework/findCreated";
import { formatId } from "../../framework/ids";
import { defineResource, exportText, type PropertyTable } from "../../framework/resource";
import { type AccessRoleLocation, authorizeWhenAssumable, lifecycle } from "./lifecycle";
import {
  accessRoleId,
  describeAccessRole,
  fromApi,
  inputsFromLive,
  type LiveAccessRole,
  toOutputs,
} from "./model";
import {
  ACCESS_ROLE_PROVIDER,
  CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS,
  type CloudProviderAccessRoleInputs,
  cloudProviderAccessRoleInputsSchema,
} from "./schema";

/**
 * The project locates the role (replace). A new `iamAssumedRoleArn` authorizes the role again in
 * place; removing it replaces the role, since the API's only way to withdraw an authorization deletes
 * the role (the declaration's diff adds that case).
 */
export const CLOUD_PROVIDER_ACCESS_ROLE_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits). Changing it replaces the role.",
    rules: "24 hexadecimal digits",
  },
  iamAssumedRoleArn: {
    effect: "update",
    doc: "The IAM role the platform assumes (`arn:aws:iam::<account>:role/<name>`), trusting `platformAwsAccountArn` with `platformAssumedRoleExternalId`. Absent: the role is created, not authorized. A new value authorizes again in place; removing it replaces the role.",
    rules: "`arn:aws:iam::<12-digit account>:role/<name>`; optional (absent: created, not authorized)",
    change:
      "in place: authorizes again with the new role; removing it replaces the role, since no operation withdraws an authorization without deleting the role",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing role: `<groupId>/<roleId>`.",
    rules: "`<groupId>/<roleId>`",
    change: "after adoption",
  },
  // Only how long authorization retries and delete waits change: an update with no API call.
  timeouts: {
    effect: "update",
    doc: 'How long authorization retries while AWS propagates the IAM role (create, and update with a new `iamAssumedRoleArn`) and how long delete waits until the role is gone (`"10m"`, or seconds).',
    rules: "durations or seconds",
    change: "no API call",
  },
  roleId: {
    effect: "output",
    type: z.string(),
    doc: "The role's id (use it as an export bucket's `iamRoleId`).",
  },
  platformAwsAccountArn: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "The platform's AWS account, which the IAM role must trust.",
  },
  platformAssumedRoleExternalId: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "The external id the IAM role's trust policy must require.",
  },
  authorizedDate: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "When the role was authorized; absent until then.",
  },
  createdDate: { effect: "output", type: z.string(), optional: true, doc: "When the role was created." },
};

export const resource = defineResource<
  CloudProviderAccessRoleInputs,
  AccessRoleLocation,
  LiveAccessRole,
  (typeof CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS)[number]
>({
  type: "CloudProviderAccessRole",
  exported: {
    configKey: "cloudProviderAccessRoles",
    scope: "project",
    // AWS roles only: the resource manages AWS IAM roles (docs/resources/cloudProviderAccessRole.md).
    find: async (client, groupId) =>
      ((await client.cloudProviderAccess.list(groupId)).awsIamRoles ?? []).flatMap((role) =>
        role.roleId === undefined ? [] : [formatId([groupId, role.roleId])],
      ),
    resourceName: (args) => `access-role-${exportText(args.providerName).toLowerCase()}`,
  },
  summary: "AWS IAM access role, authorized with retries while AWS propagates it",
  example: {
    name: "exports",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      iamAssumedRoleArn: "arn:aws:iam::123456789012:role/platform-exports",
    },
  },
  description:
    "An AWS IAM access role of a project, authorized with the IAM role the platform assumes (`iamAssumedRoleArn`). Create and update authorize it, retrying while AWS propagates the IAM role; delete deauthorizes it, which removes the role, and waits until it is gone.",
  inputs: cloudProviderAccessRoleInputsSchema,
  properties: CLOUD_PROVIDER_ACCESS_ROLE_PROPERTIES,
  idParts: CLOUD_PROVIDER_ACCESS_ROLE_ID_PARTS,
  lifecycle,
  docNotes: {
    timeouts: "create and update retry authorization within 10m",
    replaces: "removing `iamAssumedRoleArn`",
  },
  describe: (inputs, where) => describeAccessRole(where?.groupId ?? inputs.groupId, where?.roleId),
  locate: (parts) => ({ groupId: parts.groupId, roleId: parts.roleId }),
  idOf: (inputs, live) => accessRoleId(inputs.groupId, live.roleId),
  read: ({ client }, where) => lifecycle.read(client, where),

  /** The table's diff, plus: removing iamAssumedRoleArn replaces the role (no operation withdraws an authorization). */
  async diff(_id, olds, news) {
    const diff = diffInputs(olds, news, CLOUD_PROVIDER_ACCESS_ROLE_PROPERTIES);
    const withdrawn = olds.iamAssumedRoleArn !== undefined && news.iamAssumedRoleArn === undefined;
    const replaces = withdrawn ? [...new Set([...diff.replaces, "iamAssumedRoleArn"])] : diff.replaces;
    return { changes: diff.changes, replaces };
  },

  async create({ client }, inputs) {
    const created = await client.cloudProviderAccess.create(inputs.groupId, {
      providerName: ACCESS_ROLE_PROVIDER,
    });
    return fromApi(created, created.roleId ?? "");
  },

  /** A new ARN (or timeouts) only: the role is read; the authorization is the wait that follows. */
  async update({ client }, where) {
    const live = await lifecycle.read(client, where);
    if (live === undefined) {
      throw new Error(
        `${describeAccessRole(where.groupId, where.roleId)} no longer exists; run pulumi refresh, then pulumi up to create it again`,
      );
    }
    return live;
  },

  /**
   * Authorizes the role when the inputs name an IAM role it is not authorized with yet, retrying while
   * AWS propagates it (within the phase's timeout).
   */
  async waitUntilSettled({ client }, where, inputs, known, options) {
    const arn = inputs.iamAssumedRoleArn;
    const alreadyAuthorized = known.authorizedDate !== undefined && known.iamAssumedRoleArn === arn;
    return arn === undefined || alreadyAuthorized
      ? known
      : authorizeWhenAssumable(client, where, arn, options);
  },

  remove: ({ client }, where) =>
    client.cloudProviderAccess.deauthorize(where.groupId, ACCESS_ROLE_PROVIDER, where.roleId),

  findsCreated: {
    identifies: "an AWS role, not authorized or authorized with the inputs' IAM role",
    dated: "createdDate",
  },
  /**
   * A create sends only the provider: what it made is an AWS role of the project created at or after
   * it began, not yet authorized or authorized with the inputs' IAM role, that no other resource holds
   * (findCreated.ts).
   */
  async findCreated({ client }, inputs, lookup) {
    const roles = (await client.cloudProviderAccess.list(inputs.groupId)).awsIamRoles ?? [];
    return pickCreated(
      roles.filter((role) => role.roleId !== undefined).map((role) => fromApi(role, role.roleId ?? "")),
      {
        what: describeAccessRole(inputs.groupId),
        idOf: (live) => accessRoleId(inputs.groupId, live.roleId),
        fits: (live) =>
          live.authorizedDate === undefined || live.iamAssumedRoleArn === inputs.iamAssumedRoleArn,
        createdAt: (live) => live.createdDate,
      },
      lookup,
    );
  },
  toOutputs,
  inputsFromLive: (previous, live, parts) => inputsFromLive(previous, live, parts.groupId),
});
