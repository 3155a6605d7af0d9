/**
 * Auditing: the project's auditing configuration, a project singleton (framework/singleton.ts).
 * See docs/resources/auditing.md.
 *
 * Every project has exactly one auditing configuration, so create adopts it (with or without
 * importId) and PATCHes the fields that differ; delete restores the service's defaults (auditing off,
 * auditAuthorizationSuccess false, filter `{}`). No operation is asynchronous.
 *
 * Id and importId: `<groupId>`.
 */
import { z } from "zod";
import { hasErrorCode } from "../../client";
import { synchronous } from "../../framework/lifecycle";
import type { PropertyTable } from "../../framework/resource";
import { defineSingleton, PROJECT_SINGLETON_ID_PARTS, storedImportId } from "../../framework/singleton";
import {
  type AuditingOutputs,
  auditingInputsFromOutputs,
  describeAuditing,
  toAuditingOutputs,
  toAuditingPatch,
} from "./model";
import { AUDITING_DEFAULTS, type AuditingInputs, auditingInputsSchema } from "./schema";

/**
 * The project locates the configuration (one per project): a change replaces the resource, so the
 * update never acts on the old project. The filter compares as JSON, not as text.
 */
export const AUDITING_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits).",
    rules: "24 hexadecimal digits",
    change: "the new project is configured, the old one reset",
  },
  enabled: {
    effect: "update",
    doc: "Whether database auditing is on. Default false. Not available when the project has only M0/M2/M5 or serverless clusters.",
    rules: "default false",
  },
  auditAuthorizationSuccess: {
    effect: "update",
    doc: "Whether successful authorizations are audited too. Default false.",
    rules: "default false",
  },
  auditFilter: {
    effect: "update",
    compare: "json-string",
    input: z.union([z.string(), z.record(z.string(), z.unknown())]),
    type: z.string(),
    doc: "The JSON document selecting the audited events, as JSON text or as an object. Compared as JSON (spacing and key order never show as a change); stored as canonical JSON text. Default `{}`.",
    rules: "a JSON object; default `{}`",
    change: "compared as JSON: spacing and key order never differ",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adoption: `<groupId>`. The configuration always exists, so create adopts it with or without this.",
    rules: "`<groupId>` of the same project",
  },
  configurationType: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "NONE while auditing is off, FILTER_BUILDER with the default filter, FILTER_JSON with one of your own.",
  },
};

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

export const resource = defineSingleton<AuditingInputs, (typeof PROJECT_SINGLETON_ID_PARTS)[number]>({
  type: "Auditing",
  exported: {
    configKey: "auditing",
    scope: "project",
    find: async (_client, groupId) => [groupId],
    resourceName: () => "auditing",
  },
  summary: "the project's auditing configuration (singleton)",
  example: {
    name: "audit",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      enabled: true,
      auditAuthorizationSuccess: false,
      auditFilter: { atype: { $in: ["authenticate", "authCheck"] } },
    },
  },
  description:
    "The project's database auditing configuration (a project singleton): create adopts it and sets the fields that differ, delete restores the service's defaults.",
  inputs: auditingInputsSchema,
  properties: AUDITING_PROPERTIES,
  idParts: PROJECT_SINGLETON_ID_PARTS,
  lifecycle: synchronous(
    "reading and PATCHing the project's auditing configuration take effect when the API answers",
  ),
  docNotes: { id: "project singleton: create adopts, delete restores defaults" },
  describe: ({ groupId }) => describeAuditing(groupId),

  /** PATCHes the fields whose live value differs; returns the outputs after it. */
  async converge({ client }, inputs): Promise<AuditingOutputs> {
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

  async read({ client }, { groupId }, props) {
    const outputs = toAuditingOutputs(groupId, await client.auditing.get(groupId), storedImportId(props));
    return { outputs, inputs: auditingInputsFromOutputs(outputs) };
  },

  async restore({ client }, { groupId }) {
    await client.auditing.update(groupId, { ...AUDITING_DEFAULTS });
  },
});
