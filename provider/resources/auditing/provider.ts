/**
 * Auditing provider: check / diff / create / read / update / delete over the client.
 *
 * Every project has exactly one auditing configuration, so create adopts it (with or without
 * importId) and PATCHes the fields that differ; delete restores the service's defaults (auditing off,
 * auditAuthorizationSuccess false, filter `{}`). No operation is asynchronous.
 *
 * Id and importId: `<groupId>`.
 */
import { hasErrorCode, isNotFound, type PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { diffInputs } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { checkWith, parseInputs } from "../../framework/validation";
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

const ID_PARTS = ["groupId"] as const;

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
  /** PATCHes the fields whose live value differs; returns the outputs after it. */
  const converge = async (client: PlatformClient, inputs: AuditingInputs): Promise<AuditingOutputs> => {
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
  };

  return {
    async check(_olds, news) {
      return checkWith(auditingInputsSchema, news);
    },

    async diff(_id, olds, news) {
      const diff = diffInputs(olds, news, AUDITING_CLASSIFICATION);
      return { changes: diff.changes, replaces: diff.replaces };
    },

    async create(bag) {
      const inputs = parseInputs(auditingInputsSchema, bag) as AuditingInputs;
      const client = deps.client();
      // The configuration always exists: with or without importId, create adopts it.
      const adoptOrConverge = async () => ({
        id: inputs.groupId,
        outs: { ...(await converge(client, inputs)) },
      });
      return createOrAdopt({
        importId: inputs.importId,
        partNames: ID_PARTS,
        describe: describeAuditing(inputs.groupId),
        locatedBy: { groupId: inputs.groupId },
        create: adoptOrConverge,
        adopt: adoptOrConverge,
      });
    },

    async read(id, props) {
      const { groupId } = parseId(id, ID_PARTS);
      let outputs: AuditingOutputs;
      try {
        const importId = typeof props.importId === "string" ? props.importId : undefined;
        outputs = toAuditingOutputs(groupId, await deps.client().auditing.get(groupId), importId);
      } catch (error) {
        if (isNotFound(error)) return {};
        throw error;
      }
      return { id, props: { ...outputs }, inputs: auditingInputsFromOutputs(outputs) };
    },

    async update(id, _olds, news) {
      const { groupId } = parseId(id, ID_PARTS);
      const inputs = { ...(parseInputs(auditingInputsSchema, news) as AuditingInputs), groupId };
      return { outs: { ...(await converge(deps.client(), inputs)) } };
    },

    async delete(id) {
      const { groupId } = parseId(id, ID_PARTS);
      try {
        await deps.client().auditing.update(groupId, { ...AUDITING_DEFAULTS });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    },
  };
}

export const provider: PlatformProvider = createAuditingProvider({ client: platformClient });
