/**
 * Auditing provider: a project singleton (framework/singleton.ts) over the client.
 *
 * Every project has exactly one auditing configuration, so create adopts it (with or without
 * importId) and PATCHes the fields that differ; delete restores the service's defaults (auditing off,
 * auditAuthorizationSuccess false, filter `{}`). No operation is asynchronous.
 *
 * Id and importId: `<groupId>`.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { platformClient } from "../../framework/settings";
import { projectSingletonProvider, storedImportId } from "../../framework/singleton";
import type { PlatformProvider } from "../../framework/types";
import {
  AUDITING_CLASSIFICATION,
  type AuditingOutputs,
  auditingInputsFromOutputs,
  describeAuditing,
  toAuditingOutputs,
  toAuditingPatch,
} from "./model";
import { AUDITING_DEFAULTS, type AuditingInputs, auditingInputsSchema } from "./schema";

export interface AuditingProviderDeps {
  client: () => PlatformClient;
}

/** Rewords the tier restriction so the user knows what to change. */
function explain(error: unknown, groupId: string): unknown {
  if (hasErrorCode(error, "AUDITING_NOT_SUPPORTED_FOR_TIER")) {
    return new Error(
      `auditing cannot be enabled in project ${groupId}: it is not available for M0, M2, M5 or serverless ` +
        `clusters (${(error as Error).message}). Add a dedicated cluster (M10 or larger) to the project, or set ` +
        "enabled: false.",
    );
  }
  return error;
}

export function createAuditingProvider(deps: AuditingProviderDeps): PlatformProvider {
  return projectSingletonProvider<AuditingInputs>({
    inputsSchema: auditingInputsSchema,
    classification: AUDITING_CLASSIFICATION,
    describe: describeAuditing,
    client: deps.client,

    /** PATCHes the fields whose live value differs; returns the outputs after it. */
    async converge(client, inputs): Promise<AuditingOutputs> {
      const live = toAuditingOutputs(
        inputs.groupId,
        await client.auditing.get(inputs.groupId),
        inputs.importId,
      );
      const patch = toAuditingPatch(inputs, live);
      if (Object.keys(patch).length === 0) return live;
      try {
        return toAuditingOutputs(
          inputs.groupId,
          await client.auditing.update(inputs.groupId, patch),
          inputs.importId,
        );
      } catch (error) {
        throw explain(error, inputs.groupId);
      }
    },

    async read(client, groupId, props) {
      const outputs = toAuditingOutputs(groupId, await client.auditing.get(groupId), storedImportId(props));
      return { outputs, inputs: auditingInputsFromOutputs(outputs) };
    },

    async delete(client, groupId) {
      await client.auditing.update(groupId, { ...AUDITING_DEFAULTS });
    },
  });
}

export const provider: PlatformProvider = createAuditingProvider({ client: platformClient });
