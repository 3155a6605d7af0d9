/**
 * CustomDns provider: check / diff / create / read / update / delete over the client.
 *
 * Every project has exactly one custom DNS setting for its AWS clusters, so create adopts it (with
 * or without importId) and sets `enabled`; delete restores the service's default (disabled). No
 * operation is asynchronous.
 *
 * Id and importId: `<groupId>`.
 */
import { isNotFound, type PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { diffInputs } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { checkWith, parseInputs } from "../../framework/validation";
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

const ID_PARTS = ["groupId"] as const;

export function createCustomDnsProvider(deps: CustomDnsProviderDeps): PlatformProvider {
  /** Sets `enabled` when the live value differs; returns the outputs after it. */
  const converge = async (client: PlatformClient, inputs: CustomDnsInputs): Promise<CustomDnsOutputs> => {
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
  };

  return {
    async check(_olds, news) {
      return checkWith(customDnsInputsSchema, news);
    },

    async diff(_id, olds, news) {
      const diff = diffInputs(olds, news, CUSTOM_DNS_CLASSIFICATION);
      return { changes: diff.changes, replaces: diff.replaces };
    },

    async create(bag) {
      const inputs = parseInputs(customDnsInputsSchema, bag) as CustomDnsInputs;
      const client = deps.client();
      // The setting always exists: with or without importId, create adopts it.
      const adoptOrConverge = async () => ({
        id: inputs.groupId,
        outs: { ...(await converge(client, inputs)) },
      });
      return createOrAdopt({
        importId: inputs.importId,
        partNames: ID_PARTS,
        describe: describeCustomDns(inputs.groupId),
        locatedBy: { groupId: inputs.groupId },
        create: adoptOrConverge,
        adopt: adoptOrConverge,
      });
    },

    async read(id, props) {
      const { groupId } = parseId(id, ID_PARTS);
      let outputs: CustomDnsOutputs;
      try {
        const importId = typeof props.importId === "string" ? props.importId : undefined;
        outputs = toCustomDnsOutputs(groupId, await deps.client().customDns.get(groupId), importId);
      } catch (error) {
        if (isNotFound(error)) return {};
        throw error;
      }
      return { id, props: { ...outputs }, inputs: customDnsInputsFromOutputs(outputs) };
    },

    async update(id, _olds, news) {
      const { groupId } = parseId(id, ID_PARTS);
      const inputs = { ...(parseInputs(customDnsInputsSchema, news) as CustomDnsInputs), groupId };
      return { outs: { ...(await converge(deps.client(), inputs)) } };
    },

    async delete(id) {
      const { groupId } = parseId(id, ID_PARTS);
      try {
        await deps.client().customDns.update(groupId, { ...CUSTOM_DNS_DEFAULTS });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    },
  };
}

export const provider: PlatformProvider = createCustomDnsProvider({ client: platformClient });
