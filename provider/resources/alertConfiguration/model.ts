/**
 * AlertConfiguration: inputs <-> API body, notification matching, and the outputs.
 *
 * The API returns credentials in notifications masked (asterisks but the last four). So:
 * - notifications are matched by identity (typeName plus the field that says who is notified: the
 *   email address, channel, team, user, or the visible suffix of the credential), never by position;
 * - a masked value equals the user's value when the visible suffix matches: the API cannot show a
 *   difference, so none is reported;
 * - `read` keeps the user's full credential wherever the API's masked value still matches it, and
 *   keeps the user's order, so a refresh right after `up` changes nothing; a notification changed
 *   out of band comes back as the API shows it (masked), so the next diff shows exactly that change.
 */

import { NOTIFICATION_CREDENTIAL_FIELDS } from "../../../api/vocabulary";
import type { AlertConfigInput, AlertConfig as ApiAlertConfig } from "../../client/alertConfigs";
import type { JsonObject } from "../../client/schemas";
import { deepEqual, valuesEqual } from "../../framework/diff";
import { formatId } from "../../framework/ids";
import { isMasked, keepKnownSecret, mask, sameSecret } from "../../framework/masking";
import {
  type AlertConfigurationInputs,
  carriedFields,
  type Matcher,
  type MetricThreshold,
  NOTIFICATION_TYPE_NAMES,
  type Notification,
  type NotificationTypeName,
  type Threshold,
} from "./schema";

/** Outputs stored in state: the inputs as applied plus what the service computes. */
export interface AlertConfigurationOutputs extends AlertConfigurationInputs {
  alertConfigId: string;
  created: string | undefined;
}

/**
 * Fields the service may fill in on its own (ids it assigns, a team's name looked up from its id):
 * when the user leaves one out, its live value is neither a difference nor copied into the inputs.
 */
export const SERVICE_FILLED_FIELDS: readonly string[] = ["notifierId", "integrationId", "teamName"];

/** Which field says who a notification reaches, per kind ("" = the kind alone, e.g. GROUP). */
const IDENTITY_FIELD: Readonly<Record<NotificationTypeName, string>> = {
  MONITORING: "monitoringApiKey",
  EMAIL: "emailAddress",
  GROUP: "",
  ORG: "",
  HIP_CHAT: "roomName",
  MICROSOFT_TEAMS: "microsoftTeamsWebhookUrl",
  OPS_GENIE: "opsGenieApiKey",
  PAGER_DUTY: "serviceKey",
  SLACK: "channelName",
  SMS: "mobileNumber",
  TEAM: "teamId",
  USER: "username",
  VICTOR_OPS: "victorOpsRoutingKey",
  WEBHOOK: "webhookUrl",
};

function secretFieldsOf(typeName: unknown): readonly string[] {
  return NOTIFICATION_CREDENTIAL_FIELDS[typeName as NotificationTypeName] ?? [];
}

/** Whether two notifications reach the same target (masked credentials compared by suffix). */
export function sameTarget(left: Notification, right: Notification): boolean {
  if (left.typeName !== right.typeName) return false;
  const field = IDENTITY_FIELD[left.typeName];
  if (field === undefined || field === "") return true;
  if (secretFieldsOf(left.typeName).includes(field)) return sameSecret(right[field], left[field]);
  return deepEqual(left[field], right[field]);
}

/**
 * Whether a notification as the state (or the API) has it equals the user's: credentials by
 * visible suffix, service-filled fields only when the user gave them, roles in any order.
 */
export function notificationEqual(state: Notification, input: Notification): boolean {
  if (state.typeName !== input.typeName) return false;
  const secrets = secretFieldsOf(input.typeName);
  const keys = new Set([...Object.keys(state), ...Object.keys(input)]);
  for (const key of keys) {
    const stateValue = state[key];
    const inputValue = input[key];
    if (inputValue === undefined && SERVICE_FILLED_FIELDS.includes(key)) continue;
    if (secrets.includes(key)) {
      if (stateValue === undefined && inputValue === undefined) continue;
      if (!sameSecret(inputValue, stateValue)) return false;
    } else if (!valuesEqual(stateValue, inputValue, key === "roles" ? "set" : "deep")) {
      return false;
    }
  }
  return true;
}

/** Pairs of matched notifications (indexes into `state` and `input`) and what is left over. */
export interface NotificationMatch {
  pairs: Array<{ state: number; input: number }>;
  unmatchedState: number[];
  unmatchedInput: number[];
}

/**
 * Matches notifications by identity, not position: first pairs that are equal outright, then pairs
 * that reach the same target (changed in some field). Among equals, the same position is preferred.
 */
export function matchNotifications(
  state: readonly Notification[],
  input: readonly Notification[],
): NotificationMatch {
  const stateUsed = new Set<number>();
  const inputUsed = new Set<number>();
  const pairs: NotificationMatch["pairs"] = [];
  const pass = (fits: (s: Notification, i: Notification) => boolean) => {
    for (const [i, wanted] of input.entries()) {
      if (inputUsed.has(i)) continue;
      const samePosition = state[i];
      let s = samePosition !== undefined && !stateUsed.has(i) && fits(samePosition, wanted) ? i : -1;
      if (s < 0) s = state.findIndex((candidate, index) => !stateUsed.has(index) && fits(candidate, wanted));
      if (s < 0) continue;
      stateUsed.add(s);
      inputUsed.add(i);
      pairs.push({ state: s, input: i });
    }
  };
  pass((s, i) => sameTarget(s, i) && notificationEqual(s, i));
  pass(sameTarget);
  return {
    pairs,
    unmatchedState: state.map((_, index) => index).filter((index) => !stateUsed.has(index)),
    unmatchedInput: input.map((_, index) => index).filter((index) => !inputUsed.has(index)),
  };
}

/** Whether two notification lists are the same set of notifications (order does not matter). */
export function notificationsEqual(state: unknown, input: unknown): boolean {
  if (!Array.isArray(state) || !Array.isArray(input)) return deepEqual(state, input);
  if (state.length !== input.length) return false;
  const match = matchNotifications(state as Notification[], input as Notification[]);
  return (
    match.unmatchedInput.length === 0 &&
    match.pairs.every((pair) =>
      notificationEqual(state[pair.state] as Notification, input[pair.input] as Notification),
    )
  );
}

/** The id: `<groupId>/<alertConfigId>`. */
export function alertConfigurationId(groupId: string, alertConfigId: string): string {
  return formatId([groupId, alertConfigId]);
}

/** The body of create (5) and update (9): the user's values, credentials in full. */
export function toBody(inputs: AlertConfigurationInputs): AlertConfigInput {
  return {
    enabled: inputs.enabled,
    eventTypeName: inputs.eventTypeName,
    matchers: inputs.matchers.map((matcher) => ({ ...matcher })),
    notifications: inputs.notifications.map(
      (notification) => ({ ...notification }) as Notification & JsonObject,
    ),
    // Left out when not set: the update (PUT) replaces the whole configuration, so a bound or a
    // severity removed from the inputs is removed from the service too.
    ...(inputs.threshold !== undefined ? { threshold: { ...inputs.threshold } } : {}),
    ...(inputs.metricThreshold !== undefined ? { metricThreshold: { ...inputs.metricThreshold } } : {}),
    ...(inputs.severityOverride !== undefined ? { severityOverride: inputs.severityOverride } : {}),
  };
}

/**
 * One live notification as an input: the user's full credential where the masked value still
 * matches it; service-filled fields only where the user gave them.
 */
function notificationFromLive(
  previous: Notification | undefined,
  live: Notification,
  maskCredentialsNotGiven: boolean,
): Notification {
  const result: Notification = { ...live };
  for (const key of secretFieldsOf(live.typeName)) {
    const value = live[key];
    if (value === undefined) continue;
    if (previous?.[key] !== undefined) result[key] = keepKnownSecret(previous[key], value);
    else if (maskCredentialsNotGiven) result[key] = maskedAsShown(value);
  }
  if (previous === undefined) return result;
  for (const key of SERVICE_FILLED_FIELDS) {
    if (previous[key] === undefined) delete result[key];
  }
  if (Array.isArray(previous.roles) && valuesEqual(live.roles, previous.roles, "set"))
    result.roles = previous.roles;
  return result;
}

/** A credential as the API shows it masked: asterisks but the last four characters. */
function maskedAsShown(value: unknown): unknown {
  return typeof value === "string" && !isMasked(value) ? mask(value) : value;
}

/**
 * The notifications as inputs after a read: the user's order for those still there, then any the
 * service has that the user's list does not (added out of band, or changed beyond recognition).
 *
 * For a resource the program declared (`previous` given), a credential the program never gave (a
 * notification added out of band) is kept only as the API masks it, also where the service answers
 * it in full (webhookUrl, victorOpsRoutingKey): a program without credentials has a plain
 * `notifications` output (the SDK's notificationsMayHoldCredentials), and a full credential must not
 * land in its state in the clear. Without previous notifications (the export command, which writes a
 * program, not state, and asks for every masked value as a secret), the API's answer stands.
 */
export function notificationsFromLive(
  previous: readonly Notification[] | undefined,
  live: readonly Notification[],
): Notification[] {
  const maskCredentialsNotGiven = previous !== undefined;
  const match = matchNotifications(live, previous ?? []);
  const result: Notification[] = [];
  const byInput = new Map(match.pairs.map((pair) => [pair.input, pair.state]));
  for (const [index, notification] of (previous ?? []).entries()) {
    const liveIndex = byInput.get(index);
    if (liveIndex !== undefined)
      result.push(
        notificationFromLive(notification, live[liveIndex] as Notification, maskCredentialsNotGiven),
      );
  }
  for (const index of match.unmatchedState)
    result.push(notificationFromLive(undefined, live[index] as Notification, maskCredentialsNotGiven));
  return result;
}

/** The live configuration in the inputs' terms. */
export interface LiveAlertConfiguration {
  alertConfigId: string;
  enabled: boolean;
  eventTypeName: string;
  matchers: Matcher[];
  threshold?: Threshold | undefined;
  metricThreshold?: MetricThreshold | undefined;
  severityOverride?: AlertConfigurationInputs["severityOverride"];
  notifications: Notification[];
  created: string | undefined;
}

/** A threshold object as the service echoes it, or undefined when it has none (absent, null or `{}`). */
function presentObject<T>(value: unknown): T | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.keys(value).length === 0 ? undefined : ({ ...value } as T);
}

export function fromApi(config: ApiAlertConfig): LiveAlertConfiguration {
  return {
    alertConfigId: config.id,
    enabled: config.enabled ?? false,
    eventTypeName: config.eventTypeName,
    matchers: (config.matchers ?? []).map((matcher) => ({ ...matcher }) as Matcher),
    threshold: presentObject<Threshold>(config.threshold),
    metricThreshold: presentObject<MetricThreshold>(config.metricThreshold),
    severityOverride: config.severityOverride as AlertConfigurationInputs["severityOverride"],
    notifications: (config.notifications ?? []).map((notification) =>
      carriedOnly(notification as Notification),
    ),
    created: config.created,
  };
}

/**
 * A notification as the service echoes it, reduced to the fields its kind carries: anything else
 * (links, a flag the service reports for every kind) means nothing for that kind, and keeping it
 * would show as a difference from the inputs forever.
 */
export function carriedOnly(notification: Notification): Notification {
  if (!(NOTIFICATION_TYPE_NAMES as readonly string[]).includes(notification.typeName))
    return { ...notification };
  const carried = carriedFields(notification.typeName);
  return Object.fromEntries(Object.entries(notification).filter(([key]) => carried.has(key))) as Notification;
}

/** The inputs as the service has them (read), in the user's terms where they mean the same. */
export function inputsFromLive(
  previous: AlertConfigurationInputs,
  live: LiveAlertConfiguration,
  groupId: string,
): AlertConfigurationInputs {
  const inputs: AlertConfigurationInputs = {
    groupId,
    enabled: live.enabled,
    eventTypeName: live.eventTypeName,
    // From the id alone (an import) there is no previous list: the live one, `[]` included, is what
    // check fills in for a program that leaves matchers out, so the next preview shows no change.
    matchers: valuesEqual(live.matchers, previous.matchers ?? [], "set")
      ? (previous.matchers ?? live.matchers)
      : live.matchers,
    notifications: notificationsFromLive(previous.notifications, live.notifications),
  };
  if (live.threshold !== undefined) inputs.threshold = live.threshold;
  if (live.metricThreshold !== undefined) inputs.metricThreshold = live.metricThreshold;
  if (live.severityOverride !== undefined) inputs.severityOverride = live.severityOverride;
  if (previous.importId !== undefined) inputs.importId = previous.importId;
  return inputs;
}

export function toOutputs(
  inputs: AlertConfigurationInputs,
  computed: Pick<LiveAlertConfiguration, "alertConfigId" | "created">,
): AlertConfigurationOutputs {
  // The `updated` timestamp is left out on purpose: it changes with every write, so as an output it
  // would show in every refresh after an out-of-band change next to the field that really changed.
  return { ...inputs, alertConfigId: computed.alertConfigId, created: computed.created };
}

export function describeAlertConfiguration(inputs: Pick<AlertConfigurationInputs, "eventTypeName">): string {
  return `alert configuration for ${inputs.eventTypeName}`;
}
