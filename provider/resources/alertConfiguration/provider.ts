/**
 * AlertConfiguration provider: check / diff / create / read / update / delete over the client.
 *
 * Id and importId: `<groupId>/<alertConfigId>`. An update that changes only `enabled` uses the toggle
 * operation (PATCH `{enabled}`); any other change replaces the configuration's content with PUT.
 * A refresh of many configurations of one project reads them from list pages
 * (provider/framework/pageReads.ts); every write of this provider drops the project's pages.
 */
import { collect, type PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { changedInputs, checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteIfExists, readIfExists } from "../../framework/lifecycle";
import { createPageReader } from "../../framework/pageReads";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider, PropertyBag } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import {
  ALERT_CONFIGURATION_CLASSIFICATION,
  alertConfigurationId,
  describeAlertConfiguration,
  fromApi,
  inputsFromLive,
  type LiveAlertConfiguration,
  previousInputs,
  toBody,
  toOutputs,
} from "./model";
import {
  ALERT_CONFIGURATION_ID_PARTS,
  type AlertConfigurationInputs,
  alertConfigurationInputsSchema,
} from "./schema";

export interface AlertConfigurationProviderDeps {
  client: () => PlatformClient;
}

/** The content fields: a change of any of them (other than `enabled` alone) needs the full PUT. */
const CONTENT_FIELDS = [
  "enabled",
  "eventTypeName",
  "matchers",
  "notifications",
  "threshold",
  "metricThreshold",
  "severityOverride",
] as const;

/** How to bring the live configuration to the inputs: nothing, the toggle, or the full replace. */
export function planWrite(
  current: PropertyBag,
  inputs: AlertConfigurationInputs,
): "none" | "toggle" | "replace" {
  const changed = Object.keys(
    changedInputs(current, { ...inputs }, ALERT_CONFIGURATION_CLASSIFICATION),
  ).filter((field) => (CONTENT_FIELDS as readonly string[]).includes(field));
  if (changed.length === 0) return "none";
  if (changed.length === 1 && changed[0] === "enabled") return "toggle";
  return "replace";
}

/**
 * The natural key of an alert configuration: its content (the service has no name or other unique
 * field). The id of the project's configuration whose content equals the inputs and whose id is not
 * `taken` (already managed by another resource of the stack), or undefined. Two resources with equal
 * content cannot be told apart; whichever is found first is as good as the other.
 */
export async function findAlertConfiguration(
  client: PlatformClient,
  inputs: AlertConfigurationInputs,
  taken: ReadonlySet<string> = new Set(),
): Promise<string | undefined> {
  const configurations = await collect(client.alertConfigs.listAll(inputs.groupId));
  for (const configuration of configurations) {
    const live = fromApi(configuration);
    const id = alertConfigurationId(inputs.groupId, live.alertConfigId);
    if (taken.has(id)) continue;
    if (planWrite({ ...inputsFromLive(inputs, live, inputs.groupId) }, inputs) === "none") return id;
  }
  return undefined;
}

export function createAlertConfigurationProvider(deps: AlertConfigurationProviderDeps): PlatformProvider {
  const pages = createPageReader({
    listPage: (groupId, page) => deps.client().alertConfigs.list(groupId, { ...page, includeCount: true }),
    getOne: (groupId, alertConfigId) => deps.client().alertConfigs.get(groupId, alertConfigId),
    idOf: (configuration) => configuration.id,
  });

  /** Applies the plan; returns the computed fields after the write. */
  const write = async (
    client: PlatformClient,
    inputs: AlertConfigurationInputs,
    alertConfigId: string,
    current: PropertyBag,
    known: Pick<LiveAlertConfiguration, "alertConfigId" | "created">,
  ) => {
    const plan = planWrite(current, inputs);
    if (plan === "toggle")
      return fromApi(
        await pages.writing(inputs.groupId, () =>
          client.alertConfigs.setEnabled(inputs.groupId, alertConfigId, inputs.enabled),
        ),
      );
    if (plan === "replace")
      return fromApi(
        await pages.writing(inputs.groupId, () =>
          client.alertConfigs.update(inputs.groupId, alertConfigId, toBody(inputs)),
        ),
      );
    return known;
  };

  return {
    ...checkAndDiff(alertConfigurationInputsSchema, ALERT_CONFIGURATION_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(alertConfigurationInputsSchema, bag) as AlertConfigurationInputs;
      const client = deps.client();
      return createOrAdopt({
        importId: inputs.importId,
        partNames: ALERT_CONFIGURATION_ID_PARTS,
        describe: describeAlertConfiguration(inputs),
        locatedBy: { groupId: inputs.groupId },
        create: async () => {
          const created = fromApi(
            await pages.writing(inputs.groupId, () =>
              client.alertConfigs.create(inputs.groupId, toBody(inputs)),
            ),
          );
          return {
            id: alertConfigurationId(inputs.groupId, created.alertConfigId),
            outs: { ...toOutputs(inputs, created) },
          };
        },
        adopt: async (parts) => {
          const live = await readIfExists(async () =>
            fromApi(await client.alertConfigs.get(parts.groupId, parts.alertConfigId)),
          );
          if (live === undefined) return undefined;
          const current = { ...inputsFromLive(inputs, live, parts.groupId) };
          const after = await write(client, inputs, live.alertConfigId, current, live);
          return {
            id: alertConfigurationId(parts.groupId, live.alertConfigId),
            outs: {
              ...toOutputs(inputs, {
                alertConfigId: live.alertConfigId,
                created: after.created ?? live.created,
              }),
            },
          };
        },
        findCreated: () => findAlertConfiguration(client, inputs),
      });
    },

    async findCreated(bag, taken) {
      const inputs = parseInputs(alertConfigurationInputsSchema, bag) as AlertConfigurationInputs;
      return findAlertConfiguration(deps.client(), inputs, taken);
    },

    async read(id, props) {
      const where = parseId(id, ALERT_CONFIGURATION_ID_PARTS);
      const live = await readIfExists(async () =>
        fromApi(await pages.read(where.groupId, where.alertConfigId)),
      );
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), live, where.groupId);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      const where = parseId(id, ALERT_CONFIGURATION_ID_PARTS);
      const inputs = parseInputs(alertConfigurationInputsSchema, news) as AlertConfigurationInputs;
      const known = {
        alertConfigId: where.alertConfigId,
        created: typeof olds.created === "string" ? olds.created : undefined,
      };
      const after = await write(deps.client(), inputs, where.alertConfigId, olds, known);
      return {
        outs: {
          ...toOutputs(inputs, {
            alertConfigId: where.alertConfigId,
            created: after.created ?? known.created,
          }),
        },
      };
    },

    async delete(id) {
      const where = parseId(id, ALERT_CONFIGURATION_ID_PARTS);
      // Already gone (deleted out of band) is fine: the goal of delete is reached.
      await pages.writing(where.groupId, () =>
        deleteIfExists(() => deps.client().alertConfigs.delete(where.groupId, where.alertConfigId)),
      );
    },
  };
}

export const provider: PlatformProvider = createAlertConfigurationProvider({ client: platformClient });
