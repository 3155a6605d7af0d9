/**
 * CustomDns: whether the project's AWS clusters use custom DNS, a project singleton
 * (framework/singleton.ts). See docs/resources/customDns.md.
 *
 * Create adopts the setting (with or without importId) and sets `enabled` when it differs; delete
 * restores the service's default (disabled). Id and importId: `<groupId>`.
 */

import { synchronous } from "../../framework/lifecycle";
import type { PropertyTable } from "../../framework/resource";
import { defineSingleton, PROJECT_SINGLETON_ID_PARTS, storedImportId } from "../../framework/singleton";
import {
  type CustomDnsOutputs,
  customDnsInputsFromOutputs,
  describeCustomDns,
  toCustomDnsBody,
  toCustomDnsOutputs,
} from "./model";
import { CUSTOM_DNS_DEFAULTS, type CustomDnsInputs, customDnsInputsSchema } from "./schema";

/** The project locates the setting: a change replaces the resource (never an update of the old project). */
export const CUSTOM_DNS_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits).",
    rules: "24 hexadecimal digits",
    change: "the new project is set, the old one reset to disabled",
  },
  enabled: {
    effect: "update",
    doc: "True: the project's AWS clusters use custom DNS. Delete restores false.",
    rules: "the API requires it on every update",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adoption: `<groupId>`. The setting always exists, so create adopts it with or without this.",
    rules: "`<groupId>` of the same project",
  },
};

export const resource = defineSingleton<CustomDnsInputs, (typeof PROJECT_SINGLETON_ID_PARTS)[number]>({
  type: "CustomDns",
  exported: {
    configKey: "customDns",
    scope: "project",
    find: async (_client, groupId) => [groupId],
    resourceName: () => "custom-dns",
  },
  summary: "custom DNS for AWS clusters (singleton)",
  example: { name: "dns", inputs: { groupId: "5f1a000000000000000000a1", enabled: true } },
  description:
    "Whether the project's AWS clusters use custom DNS (a project singleton): create adopts the setting, delete restores disabled.",
  inputs: customDnsInputsSchema,
  properties: CUSTOM_DNS_PROPERTIES,
  idParts: PROJECT_SINGLETON_ID_PARTS,
  lifecycle: synchronous(
    "reading and setting the project's custom DNS setting take effect when the API answers",
  ),
  docNotes: { id: "project singleton: create adopts, delete restores disabled" },
  describe: ({ groupId }) => describeCustomDns(groupId),

  /** Sets `enabled` when the live value differs; returns the outputs after it. */
  async converge({ client }, inputs): Promise<CustomDnsOutputs> {
    const live = toCustomDnsOutputs(
      inputs.groupId,
      await client.customDns.get(inputs.groupId),
      inputs.importId,
    );
    if (live.enabled === inputs.enabled) return live;
    return toCustomDnsOutputs(
      inputs.groupId,
      await client.customDns.update(inputs.groupId, toCustomDnsBody(inputs)),
      inputs.importId,
    );
  },

  async read({ client }, { groupId }, props) {
    const outputs = toCustomDnsOutputs(groupId, await client.customDns.get(groupId), storedImportId(props));
    return { outputs, inputs: customDnsInputsFromOutputs(outputs) };
  },

  async restore({ client }, { groupId }) {
    await client.customDns.update(groupId, { ...CUSTOM_DNS_DEFAULTS });
  },
});
