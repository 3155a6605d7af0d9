/**
 * LiveMigrationLinkToken provider: creates the organization's link token (71) and removes the link
 * (70) on delete. The token is a secret output (sdk/liveMigrationLinkToken.ts lists it in
 * secretOutputs, so the engine encrypts it in state).
 *
 * The API never shows a link or its token again: `read` confirms the organization still exists
 * (listing its migratable projects, 69; 404 means gone) and reports what is stored; adopting an
 * existing link is impossible (there is no token to read), so there is no `importId`. Both are in
 * docs/api-choices.md.
 *
 * Id: `<orgId>`.
 */
import type { PlatformClient } from "../../client";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteIfExists, readIfExists } from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import { inputsFromOutputs, LIVE_MIGRATION_LINK_TOKEN_CLASSIFICATION, linkTokenId } from "./model";
import { LIVE_MIGRATION_LINK_TOKEN_ID_PARTS, liveMigrationLinkTokenInputsSchema } from "./schema";

export interface LiveMigrationLinkTokenProviderDeps {
  client: () => PlatformClient;
}

export function createLiveMigrationLinkTokenProvider(
  deps: LiveMigrationLinkTokenProviderDeps,
): PlatformProvider {
  return {
    ...checkAndDiff(liveMigrationLinkTokenInputsSchema, LIVE_MIGRATION_LINK_TOKEN_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(liveMigrationLinkTokenInputsSchema, bag);
      const { linkToken } = await deps
        .client()
        .liveMigrations.createLinkToken(
          inputs.orgId,
          inputs.accessListIps === undefined ? {} : { accessListIps: inputs.accessListIps },
        );
      return { id: linkTokenId(inputs.orgId), outs: { ...inputs, linkToken } };
    },

    async read(id, props) {
      const { orgId } = parseId(id, LIVE_MIGRATION_LINK_TOKEN_ID_PARTS);
      const exists = await readIfExists(() => deps.client().liveMigrations.listAvailableProjects(orgId));
      if (exists === undefined) return {};
      return { id, props: { ...props }, inputs: { ...inputsFromOutputs(props) } };
    },

    async delete(id) {
      const { orgId } = parseId(id, LIVE_MIGRATION_LINK_TOKEN_ID_PARTS);
      // No link any more (404) is fine: the goal of the delete is reached.
      await deleteIfExists(() => deps.client().liveMigrations.deleteLinkTokens(orgId));
    },
  };
}

export const provider: PlatformProvider = createLiveMigrationLinkTokenProvider({ client: platformClient });
