/**
 * AlertAcknowledgement provider: check / diff / create / read / update / delete over the client.
 *
 * Create acknowledges the alert (operation 14) until `acknowledgedUntil` with the comment; update
 * acknowledges again with the new time or comment; delete unacknowledges (`unacknowledgeAlert`); an
 * alert that no longer exists counts as unacknowledged. An alert already acknowledged (by anyone) is
 * not taken over silently: create fails with the importId that adopts it.
 *
 * Id and importId: `<groupId>/<alertId>`.
 */
import { isNotFound, type PlatformClient } from "../../client";
import { createOrAdopt, importIdHint } from "../../framework/adoption";
import { changedInputs, checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteIfExists, readIfExists } from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import {
  ALERT_ACKNOWLEDGEMENT_CLASSIFICATION,
  alertAcknowledgementId,
  describeAcknowledgement,
  fromApi,
  inputsFromLive,
  isAcknowledged,
  type LiveAcknowledgement,
  previousInputs,
  toBody,
  toOutputs,
  UNACKNOWLEDGE,
} from "./model";
import {
  ALERT_ACKNOWLEDGEMENT_ID_PARTS,
  type AlertAcknowledgementInputs,
  alertAcknowledgementInputsSchema,
} from "./schema";

export interface AlertAcknowledgementProviderDeps {
  client: () => PlatformClient;
}

/** The alert, or undefined when the project has no alert with that id. */
function readAlert(client: PlatformClient, where: { groupId: string; alertId: string }) {
  return readIfExists(async () => fromApi(await client.alerts.get(where.groupId, where.alertId)));
}

export function createAlertAcknowledgementProvider(deps: AlertAcknowledgementProviderDeps): PlatformProvider {
  const acknowledge = async (client: PlatformClient, inputs: AlertAcknowledgementInputs) =>
    fromApi(await client.alerts.acknowledge(inputs.groupId, inputs.alertId, toBody(inputs)));

  return {
    ...checkAndDiff(alertAcknowledgementInputsSchema, ALERT_ACKNOWLEDGEMENT_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(alertAcknowledgementInputsSchema, bag);
      const client = deps.client();
      const describe = describeAcknowledgement(inputs);
      const id = alertAcknowledgementId(inputs.groupId, inputs.alertId);
      return createOrAdopt({
        importId: inputs.importId,
        partNames: ALERT_ACKNOWLEDGEMENT_ID_PARTS,
        describe: `acknowledged alert (${describe})`,
        locatedBy: { groupId: inputs.groupId, alertId: inputs.alertId },
        create: async () => {
          const live = await readAlert(client, inputs);
          if (live === undefined) {
            throw new Error(
              `cannot create the ${describe}: project ${inputs.groupId} has no alert ${inputs.alertId} ` +
                "(alerts are raised by the service; list them with getAlerts)",
            );
          }
          if (isAcknowledged(live)) {
            throw new Error(
              `cannot create the ${describe}: the alert is already acknowledged until ${live.acknowledgedUntil}` +
                `${live.acknowledgingUsername === undefined ? "" : ` by ${live.acknowledgingUsername}`}; ` +
                importIdHint(id, ALERT_ACKNOWLEDGEMENT_ID_PARTS, "that acknowledgement"),
            );
          }
          return { id, outs: { ...toOutputs(inputs, await acknowledge(client, inputs)) } };
        },
        adopt: async (parts) => {
          const live = await readAlert(client, parts);
          if (live === undefined) return undefined;
          const current = inputsFromLive(inputs, parts, live);
          const differs = Object.keys(
            changedInputs({ ...current }, { ...inputs }, ALERT_ACKNOWLEDGEMENT_CLASSIFICATION),
          );
          const after: LiveAcknowledgement = differs.length > 0 ? await acknowledge(client, inputs) : live;
          return { id, outs: { ...toOutputs(inputs, after) } };
        },
      });
    },

    async read(id, props) {
      const where = parseId(id, ALERT_ACKNOWLEDGEMENT_ID_PARTS);
      const live = await readAlert(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive(previousInputs(props), where, live);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, _olds, news) {
      const where = parseId(id, ALERT_ACKNOWLEDGEMENT_ID_PARTS);
      const inputs = parseInputs(alertAcknowledgementInputsSchema, news);
      try {
        return { outs: { ...toOutputs(inputs, await acknowledge(deps.client(), { ...inputs, ...where })) } };
      } catch (error) {
        if (isNotFound(error)) {
          throw new Error(
            `cannot update the ${describeAcknowledgement(where)}: the alert no longer exists (${(error as Error).message}); ` +
              "run pulumi refresh to forget it",
          );
        }
        throw error;
      }
    },

    async delete(id) {
      const where = parseId(id, ALERT_ACKNOWLEDGEMENT_ID_PARTS);
      // An alert that is gone is not acknowledged any more: the goal of delete is reached.
      await deleteIfExists(() =>
        deps.client().alerts.acknowledge(where.groupId, where.alertId, UNACKNOWLEDGE),
      );
    },
  };
}

export const provider: PlatformProvider = createAlertAcknowledgementProvider({ client: platformClient });
