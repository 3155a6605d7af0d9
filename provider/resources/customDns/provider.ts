/**
 * CustomDns provider: a project singleton (framework/singleton.ts) over the client.
 *
 * Every project has exactly one custom DNS setting for its AWS clusters, so create adopts it (with
 * or without importId) and sets `enabled`; delete restores the service's default (disabled). No
 * operation is asynchronous.
 *
 * Id and importId: `<groupId>`.
 */
import type { PlatformClient } from "../../client";
import { platformClient } from "../../framework/settings";
import { projectSingletonProvider, storedImportId } from "../../framework/singleton";
import type { PlatformProvider } from "../../framework/types";
import {
  CUSTOM_DNS_CLASSIFICATION,
  type CustomDnsOutputs,
  customDnsInputsFromOutputs,
  describeCustomDns,
  toCustomDnsBody,
  toCustomDnsOutputs,
} from "./model";
import { CUSTOM_DNS_DEFAULTS, type CustomDnsInputs, customDnsInputsSchema } from "./schema";

export interface CustomDnsProviderDeps {
  client: () => PlatformClient;
}

export function createCustomDnsProvider(deps: CustomDnsProviderDeps): PlatformProvider {
  return projectSingletonProvider<CustomDnsInputs>({
    inputsSchema: customDnsInputsSchema,
    classification: CUSTOM_DNS_CLASSIFICATION,
    describe: describeCustomDns,
    client: deps.client,

    /** Sets `enabled` when the live value differs; returns the outputs after it. */
    async converge(client, inputs): Promise<CustomDnsOutputs> {
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

    async read(client, groupId, props) {
      const outputs = toCustomDnsOutputs(groupId, await client.customDns.get(groupId), storedImportId(props));
      return { outputs, inputs: customDnsInputsFromOutputs(outputs) };
    },

    async delete(client, groupId) {
      await client.customDns.update(groupId, { ...CUSTOM_DNS_DEFAULTS });
    },
  });
}

export const provider: PlatformProvider = createCustomDnsProvider({ client: platformClient });
