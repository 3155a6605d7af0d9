/**
 * LiveMigrationLinkToken: the link between an organization and the self-managed deployments it
 * live-migrates from. See docs/resources/liveMigrationLinkToken.md.
 *
 * Create posts the organization's link token (71); delete removes the link (70). The token is a
 * secret output (stored encrypted in state).
 *
 * The API never shows a link or its token again: `read` confirms the organization still exists
 * (listing its migratable projects, 69; 404 means gone) and reports what is stored; adopting an
 * existing link is impossible (there is no token to read), so there is no `importId`. Both are in
 * docs/api-choices.md.
 *
 * Id: `<orgId>`.
 */
import { z } from "zod";
import { readIfExists, synchronous } from "../../framework/lifecycle";
import { defineResource, type PropertyTable } from "../../framework/resource";
import type { PropertyBag } from "../../framework/types";
import { describeLink, inputsFromOutputs, type LiveMigrationLinkTokenOutputs, linkTokenId } from "./model";
import {
  LIVE_MIGRATION_LINK_TOKEN_ID_PARTS,
  type LiveMigrationLinkTokenInputs,
  liveMigrationLinkTokenInputsSchema,
} from "./schema";

/**
 * No operation changes a link: any change removes it and creates a new token. Removing first: a new
 * token replaces the organization's link, so removing the old link afterwards would remove the new one.
 */
export const LIVE_MIGRATION_LINK_TOKEN_PROPERTIES: PropertyTable = {
  orgId: {
    effect: "replace",
    deleteBeforeReplace: true,
    doc: "Organization id (24 hexadecimal digits).",
    rules: "24 hexadecimal digits",
    change: "a new token",
  },
  accessListIps: {
    effect: "replace",
    compare: "set",
    deleteBeforeReplace: true,
    doc: "IP addresses or CIDR blocks allowed to use the link.",
    rules: "IP addresses or CIDR blocks",
    change: "a new token",
  },
  linkToken: {
    effect: "output",
    type: z.string(),
    secret: true,
    doc: "The token the self-managed side uses to link: stored encrypted in state, printed as `[secret]`.",
  },
};

/** Where the link is: its organization, and what state holds of it (the API never shows it again). */
interface LinkAddress {
  orgId: string;
  stored: PropertyBag;
}

export const resource = defineResource<
  LiveMigrationLinkTokenInputs,
  LinkAddress,
  PropertyBag,
  (typeof LIVE_MIGRATION_LINK_TOKEN_ID_PARTS)[number]
>({
  type: "LiveMigrationLinkToken",
  exported: {
    configKey: "liveMigrationLinkTokens",
    scope: "project",
    // The service shows a link token only when it creates it; an existing link cannot be adopted.
    find: async () => [],
    resourceName: () => "live-migration-link-token",
  },
  summary: "the organization's live-migration link (secret token)",
  example: {
    name: "link",
    inputs: { orgId: "5f1a00000000000000000001", accessListIps: ["203.0.113.10"] },
  },
  description:
    "The link token of an organization for live migrations from self-managed deployments (a secret output): create links the organization, delete removes the link.",
  inputs: liveMigrationLinkTokenInputsSchema,
  properties: LIVE_MIGRATION_LINK_TOKEN_PROPERTIES,
  idParts: LIVE_MIGRATION_LINK_TOKEN_ID_PARTS,
  lifecycle: synchronous(
    "creating a link token (71) answers with the token, and removing the link (70) takes effect when the API answers",
  ),
  docNotes: { id: "no importId: the token is shown once" },
  describe: (inputs) => describeLink(inputs.orgId),
  locate: (parts, stored) => ({ orgId: parts.orgId, stored }),
  idOf: (inputs) => linkTokenId(inputs.orgId),

  /**
   * The link as state holds it (its outputs), while its organization exists: the API shows neither
   * the link nor its token again. A read with nothing stored (`pulumi import` by id) is refused: it
   * could report only the organization, a link without its token.
   */
  async read({ client }, where) {
    if (where.stored.orgId === undefined) {
      throw new Error(
        `${describeLink(where.orgId)} cannot be imported: the service shows a link's token only when it creates it. ` +
          "Declare the resource instead: its create makes a new link, which replaces the organization's current one",
      );
    }
    const exists = await readIfExists(() => client.liveMigrations.listAvailableProjects(where.orgId));
    return exists === undefined ? undefined : where.stored;
  },

  async create({ client }, inputs) {
    const { linkToken } = await client.liveMigrations.createLinkToken(
      inputs.orgId,
      inputs.accessListIps === undefined ? {} : { accessListIps: inputs.accessListIps },
    );
    const outputs: LiveMigrationLinkTokenOutputs = { ...inputs, linkToken };
    return outputs;
  },

  remove: ({ client }, where) => client.liveMigrations.deleteLinkTokens(where.orgId),
  findsCreated: {
    identifies: "nothing to adopt: a create replaces the organization's one link, whose token is shown once",
  },
  /**
   * Nothing to adopt: an organization has one link, which a create replaces (the previous token stops
   * working), and the token is shown only once, so a link an interrupted create made is neither
   * readable nor a second object; creating again leaves exactly one link, and delete removes it.
   */
  findCreated: async () => undefined,
  toOutputs: (_inputs, live) => live,
  inputsFromLive: (_previous, live) => inputsFromOutputs(live),
});
