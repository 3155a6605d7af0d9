/**
 * AlertAcknowledgement: inputs <-> the acknowledge body (operation 14), the live view, the outputs and
 * the inputs `read` reports.
 */
import type { AlertAcknowledgement as AcknowledgeBody, Alert } from "../../client/alerts";
import { formatId } from "../../framework/ids";
import type { AlertAcknowledgementInputs } from "./schema";

/** Two times are the same acknowledgement when they name the same instant (the API rewrites the text). */
export function sameInstant(stateValue: unknown, inputValue: unknown): boolean {
  if (typeof stateValue !== "string" || typeof inputValue !== "string") return stateValue === inputValue;
  return Date.parse(stateValue) === Date.parse(inputValue);
}

/** The alert's acknowledgement as the API has it. */
export interface LiveAcknowledgement {
  alertId: string;
  acknowledgedUntil: string | undefined;
  acknowledgementComment: string | undefined;
  acknowledgingUsername: string | undefined;
  alertConfigId: string | undefined;
  eventTypeName: string | undefined;
  status: string | undefined;
}

export type AlertAcknowledgementOutputs = AlertAcknowledgementInputs & {
  alertConfigId?: string;
  eventTypeName?: string;
  status?: string;
  acknowledgingUsername?: string;
};

/** The id: `<groupId>/<alertId>`. */
export function alertAcknowledgementId(groupId: string, alertId: string): string {
  return formatId([groupId, alertId]);
}

export function describeAcknowledgement(where: { groupId: string; alertId: string }): string {
  return `acknowledgement of alert ${where.alertId} in project ${where.groupId}`;
}

export function fromApi(alert: Alert): LiveAcknowledgement {
  return {
    alertId: alert.id,
    acknowledgedUntil: alert.acknowledgedUntil,
    acknowledgementComment: alert.acknowledgementComment,
    acknowledgingUsername: alert.acknowledgingUsername,
    alertConfigId: alert.alertConfigId,
    eventTypeName: alert.eventTypeName,
    status: alert.status,
  };
}

/** The acknowledge body: always both fields, so a removed comment is removed on the service too. */
export function toBody(inputs: AlertAcknowledgementInputs): AcknowledgeBody {
  const body: AcknowledgeBody = { acknowledgedUntil: inputs.acknowledgedUntil };
  if (inputs.acknowledgementComment !== undefined)
    body.acknowledgementComment = inputs.acknowledgementComment;
  return body;
}

/** The body that takes the acknowledgement back (delete). */
export const UNACKNOWLEDGE: AcknowledgeBody = { unacknowledgeAlert: true };

export function toOutputs(
  inputs: AlertAcknowledgementInputs,
  live: LiveAcknowledgement,
): AlertAcknowledgementOutputs {
  const outputs: AlertAcknowledgementOutputs = { ...inputs };
  if (live.alertConfigId !== undefined) outputs.alertConfigId = live.alertConfigId;
  if (live.eventTypeName !== undefined) outputs.eventTypeName = live.eventTypeName;
  if (live.status !== undefined) outputs.status = live.status;
  if (live.acknowledgingUsername !== undefined) outputs.acknowledgingUsername = live.acknowledgingUsername;
  return outputs;
}

/**
 * The inputs `read` reports: the live time and comment. The time keeps the text last applied while
 * it names the same instant (the API answers it in its own format); an alert unacknowledged outside
 * Pulumi reads without `acknowledgedUntil`, which the next `pulumi up` restores.
 */
export function inputsFromLive(
  previous: AlertAcknowledgementInputs,
  where: { groupId: string; alertId: string },
  live: LiveAcknowledgement,
): AlertAcknowledgementInputs {
  const inputs = {
    ...previous,
    groupId: where.groupId,
    alertId: where.alertId,
  } as AlertAcknowledgementInputs;
  const until = sameInstant(live.acknowledgedUntil, previous.acknowledgedUntil)
    ? previous.acknowledgedUntil
    : live.acknowledgedUntil;
  if (until === undefined) delete (inputs as Partial<AlertAcknowledgementInputs>).acknowledgedUntil;
  else inputs.acknowledgedUntil = until;
  if (live.acknowledgementComment === undefined) delete inputs.acknowledgementComment;
  else inputs.acknowledgementComment = live.acknowledgementComment;
  return inputs;
}

/** Whether the alert is acknowledged now (by anyone). */
export function isAcknowledged(live: LiveAcknowledgement): boolean {
  return live.acknowledgedUntil !== undefined;
}
