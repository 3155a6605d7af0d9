/**
 * AlertAcknowledgement: an open alert acknowledged until a time, with a comment. See
 * docs/resources/alertAcknowledgement.md.
 *
 * Create acknowledges the alert (operation 14) until `acknowledgedUntil` with the comment; update
 * acknowledges again with the new time or comment; delete unacknowledges (`unacknowledgeAlert`); an
 * alert that no longer exists counts as unacknowledged. An alert already acknowledged (by anyone) is
 * not taken over silently: create fails with the importId that adopts it.
 *
 * Id and importId: `<groupId>/<alertId>`.
 */

import { z } from "zod";
import { collect, isNotFound, type PlatformClient } from "../../client";
import { importIdHint } from "../../framework/adoption";
import { changedInputs } from "../../framework/diff";
import { pickCreated } from "../../framework/findCreated";
import { formatId } from "../../framework/ids";
import { readIfExists, synchronous } from "../../framework/lifecycle";
import { defineResource, exportText, type PropertyTable } from "../../framework/resource";
import {
  alertAcknowledgementId,
  describeAcknowledgement,
  fromApi,
  inputsFromLive,
  isAcknowledged,
  type LiveAcknowledgement,
  sameInstant,
  toBody,
  toOutputs,
  UNACKNOWLEDGE,
} from "./model";
import {
  ALERT_ACKNOWLEDGEMENT_ID_PARTS,
  type AlertAcknowledgementInputs,
  alertAcknowledgementInputsSchema,
} from "./schema";

/** Where the acknowledgement is: the alert. */
type AlertAddress = Record<(typeof ALERT_ACKNOWLEDGEMENT_ID_PARTS)[number], string>;

/**
 * The acknowledgement is part of the alert: the alert's id locates it, so a change of project or
 * alert replaces it; the time and the comment change in place.
 */
export const ALERT_ACKNOWLEDGEMENT_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits).",
    rules: "24 hexadecimal digits",
    change: "the old alert is unacknowledged",
  },
  alertId: {
    effect: "replace",
    doc: 'The alert (24 hexadecimal digits), e.g. from getAlerts({ groupId, status: "OPEN" }).',
    rules: "24 hexadecimal digits; an alert of the project",
    change: "the old alert is unacknowledged",
  },
  acknowledgedUntil: {
    effect: "update",
    compare: sameInstant,
    doc: "ISO 8601 date and time with a zone until which the alert is acknowledged; must be in the future.",
    rules:
      "ISO 8601 date and time with a zone (`2030-01-31T12:00:00Z`, `...+01:00`); the service requires it to be in the future when it is applied",
    change: "compared as an instant, so `12:00:00Z` and `13:00:00+01:00` are the same",
  },
  acknowledgementComment: {
    effect: "update",
    doc: "Why the alert is acknowledged; at most 200 characters.",
    rules: "at most 200 characters",
    change: "removing it removes the comment",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adoption of an acknowledged alert: `<groupId>/<alertId>`.",
    rules: "`<groupId>/<alertId>` of the same alert",
    change: "after adoption",
  },
  alertConfigId: { effect: "output", type: z.string(), doc: "The configuration that raised the alert." },
  eventTypeName: { effect: "output", type: z.string(), doc: "The alert's event type, such as HOST_DOWN." },
  status: {
    effect: "output",
    type: z.string(),
    doc: "The alert's status: OPEN, TRACKING, CLOSED or CANCELLED.",
  },
  acknowledgingUsername: {
    effect: "output",
    type: z.string(),
    doc: "Who acknowledged it (the API key or service account of the stack).",
  },
};

/** The alert, or undefined when the project has no alert with that id. */
function readAlert(client: PlatformClient, where: AlertAddress): Promise<LiveAcknowledgement | undefined> {
  return readIfExists(async () => fromApi(await client.alerts.get(where.groupId, where.alertId)));
}

/** Whether the alert's acknowledgement (its time, its comment) differs from the inputs'. */
function differsFrom(inputs: AlertAcknowledgementInputs, live: LiveAcknowledgement): boolean {
  const current = inputsFromLive(inputs, inputs, live);
  return (
    Object.keys(changedInputs({ ...current }, { ...inputs }, ALERT_ACKNOWLEDGEMENT_PROPERTIES)).length > 0
  );
}

async function acknowledge(
  client: PlatformClient,
  inputs: AlertAcknowledgementInputs,
): Promise<LiveAcknowledgement> {
  return fromApi(await client.alerts.acknowledge(inputs.groupId, inputs.alertId, toBody(inputs)));
}

export const resource = defineResource<
  AlertAcknowledgementInputs,
  AlertAddress,
  LiveAcknowledgement,
  (typeof ALERT_ACKNOWLEDGEMENT_ID_PARTS)[number]
>({
  type: "AlertAcknowledgement",
  exported: {
    configKey: "alertAcknowledgements",
    scope: "project",
    // Only alerts someone acknowledged: an unacknowledged alert has no acknowledgement to declare.
    find: async (client, groupId) =>
      (await collect(client.alerts.listAll(groupId)))
        .filter((alert) => alert.acknowledgedUntil !== undefined)
        .map((alert) => formatId([groupId, alert.id])),
    resourceName: (args) => `acknowledgement-${exportText(args.alertId)}`,
  },
  summary: "an open alert acknowledged until a time, with a comment; delete unacknowledges",
  example: {
    name: "maintenance",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      alertId: "65f0c0ffee00000000000a01",
      acknowledgedUntil: "2030-01-31T12:00:00Z",
      acknowledgementComment: "planned maintenance, ticket OPS-1234",
    },
  },
  description:
    "An open alert acknowledged until a time, with a comment; destroying it unacknowledges the alert.",
  inputs: alertAcknowledgementInputsSchema,
  properties: ALERT_ACKNOWLEDGEMENT_PROPERTIES,
  idParts: ALERT_ACKNOWLEDGEMENT_ID_PARTS,
  lifecycle: synchronous("acknowledging and unacknowledging an alert take effect when the API answers"),
  // What an importId that names no alert is said not to name.
  describe: (inputs) => `acknowledged alert (${describeAcknowledgement(inputs)})`,
  locate: (parts) => ({ groupId: parts.groupId, alertId: parts.alertId }),
  idOf: (inputs) => alertAcknowledgementId(inputs.groupId, inputs.alertId),
  read: ({ client }, where) => readAlert(client, where),

  /** Acknowledges an open alert that nobody has acknowledged; says what to do otherwise. */
  async create({ client }, inputs) {
    const describe = describeAcknowledgement(inputs);
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
          importIdHint(
            alertAcknowledgementId(inputs.groupId, inputs.alertId),
            ALERT_ACKNOWLEDGEMENT_ID_PARTS,
            "that acknowledgement",
          ),
      );
    }
    return acknowledge(client, inputs);
  },

  /** Acknowledges again only when the time or the comment differ. */
  async adopt({ client }, inputs, live) {
    return differsFrom(inputs, live) ? acknowledge(client, inputs) : live;
  },

  findsCreated: { identifies: "the alert, acknowledged until that instant with that comment" },
  /**
   * What a create made is the alert acknowledged as the inputs say (until that instant, with that
   * comment); an alert not acknowledged, or acknowledged otherwise, was not (findCreated.ts).
   */
  async findCreated({ client }, inputs, lookup) {
    const live = await readAlert(client, inputs);
    return pickCreated(
      live === undefined ? [] : [live],
      {
        what: `acknowledgement of alert ${inputs.alertId}`,
        idOf: () => alertAcknowledgementId(inputs.groupId, inputs.alertId),
        fits: (alert) => isAcknowledged(alert) && !differsFrom(inputs, alert),
      },
      lookup,
    );
  },

  async update({ client }, where, inputs) {
    try {
      return await acknowledge(client, inputs);
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

  // An alert that is gone is not acknowledged any more: the goal of delete is reached.
  remove: ({ client }, where) => client.alerts.acknowledge(where.groupId, where.alertId, UNACKNOWLEDGE),
  toOutputs,
  inputsFromLive: (previous, live, parts) => inputsFromLive(previous, parts, live),
});
