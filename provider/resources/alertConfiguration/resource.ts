/**
 * AlertConfiguration: which event raises an alert in a project, and whom it notifies (operations
 * 3-9). See docs/resources/alertConfiguration.md.
 *
 * Id and importId: `<groupId>/<alertConfigId>`. An update that changes only `enabled` uses the toggle
 * operation (PATCH `{enabled}`); any other change replaces the configuration's content with PUT.
 * A refresh of many configurations of one project reads them from list pages
 * (provider/framework/pageReads.ts); every write of the resource drops the project's pages.
 */

import { z } from "zod";
import { collect, type PlatformClient } from "../../client";
import type { AlertConfig } from "../../client/alertConfigs";
import { changedInputs } from "../../framework/diff";
import { type CreatedLookup, pickCreated } from "../../framework/findCreated";
import { formatId } from "../../framework/ids";
import { readIfExists, synchronous } from "../../framework/lifecycle";
import { createPageReader, type PageReader } from "../../framework/pageReads";
import {
  defineResource,
  definition,
  exportText,
  type PropertyTable,
  type ResourceDeclaration,
  type ResourceDeps,
  type ResourceFacts,
} from "../../framework/resource";
import type { PropertyBag } from "../../framework/types";
import {
  alertConfigurationId,
  describeAlertConfiguration,
  fromApi,
  inputsFromLive,
  type LiveAlertConfiguration,
  notificationsEqual,
  toBody,
  toOutputs,
} from "./model";
import {
  ALERT_CONFIGURATION_ID_PARTS,
  type AlertConfigurationInputs,
  alertConfigurationInputsSchema,
} from "./schema";
import { notificationsMayHoldCredentials } from "./secrets";

/** A change of a content field (`PUT`, or the toggle for `enabled` alone). */
const CONTENT_CHANGE = "`PUT`";

/**
 * Every input's effect. Only the project locates the configuration; everything else is replaced in
 * place by the update operation (or toggled, when only `enabled` changes).
 */
export const ALERT_CONFIGURATION_PROPERTIES: PropertyTable = {
  groupId: { effect: "replace", doc: "Project id (24 hexadecimal digits).", rules: "24 hexadecimal digits" },
  enabled: {
    effect: "update",
    doc: "Whether the configuration raises alerts. Default false. A change of only this uses the toggle operation.",
    rules: "default false",
    change: "the toggle operation, `PATCH {enabled}`, when it is the only change; else `PUT`",
  },
  eventTypeName: {
    effect: "update",
    doc: 'The event type that raises the alert, e.g. "DEPLOYMENT_FAILURE".',
    rules: "an event type the contract names (below)",
    change: CONTENT_CHANGE,
  },
  matchers: {
    effect: "update",
    compare: "set",
    doc: "Conditions on the event's fields (order does not matter).",
    rules:
      "`fieldName` one the event type allows (below); `operator` one of EQUALS, CONTAINS, STARTS_WITH, ENDS_WITH, NOT_EQUALS, NOT_CONTAINS, REGEX; `value` required; default `[]`",
    change: CONTENT_CHANGE,
  },
  threshold: {
    effect: "update",
    doc: "The bound of a threshold event type (only those take one). Updated in place.",
    rules:
      "only for threshold event types; operator and units as the event type allows (below); all three required",
    change: `${CONTENT_CHANGE}; removing it removes it from the service`,
  },
  metricThreshold: {
    effect: "update",
    doc: "The metric and bound of a metric event type (only those take one). Updated in place.",
    rules:
      "only for metric event types; `metricName` a metric of the event type's family, `units` what that metric takes, `operator` LESS_THAN or GREATER_THAN, `mode` AVERAGE (default); all but `mode` required",
    change: `${CONTENT_CHANGE}; removing it removes it from the service`,
  },
  severityOverride: {
    effect: "update",
    doc: "The severity alerts of this configuration take instead of their event's own. Updated in place.",
    rules: "INFO, WARNING, ERROR or CRITICAL",
    change: `${CONTENT_CHANGE}; removing it removes it from the service`,
  },
  notifications: {
    effect: "update",
    compare: notificationsEqual,
    doc: "Whom to notify: at least one, each one of 14 kinds told apart by `typeName`. Credentials in them come back masked from the service; they are compared by their last four characters. The whole `notifications` output is stored as a secret when a notification sets a credential field, or the list is not known until applied (see {@link notificationsMayHoldCredentials}), or it holds a secret input.",
    rules: "at least 1 (below)",
    change: `${CONTENT_CHANGE}; order does not matter; masked credentials compared by their last four characters`,
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adopt an existing configuration instead of creating one: `<groupId>/<alertConfigId>`.",
    rules: "`<groupId>/<alertConfigId>`",
    change: "after adoption",
  },
  alertConfigId: {
    effect: "output",
    type: z.string(),
    doc: "The configuration's id (24 hexadecimal digits).",
  },
  created: { effect: "output", type: z.string(), optional: true, doc: "When the configuration was created." },
};

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
  const changed = Object.keys(changedInputs(current, { ...inputs }, ALERT_CONFIGURATION_PROPERTIES)).filter(
    (field) => (CONTENT_FIELDS as readonly string[]).includes(field),
  );
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
async function findAlertConfiguration(
  client: PlatformClient,
  inputs: AlertConfigurationInputs,
  lookup: CreatedLookup,
): Promise<string | undefined> {
  const configurations = await collect(client.alertConfigs.listAll(inputs.groupId));
  return pickCreated(
    configurations.map(fromApi),
    {
      what: `alert configuration of project ${inputs.groupId}`,
      idOf: (live) => alertConfigurationId(inputs.groupId, live.alertConfigId),
      fits: (live) => planWrite({ ...inputsFromLive(inputs, live, inputs.groupId) }, inputs) === "none",
      createdAt: (live) => live.created,
    },
    lookup,
  );
}

/**
 * The configuration as the inputs describe it: what an update that had nothing to write leaves (the
 * live configuration equals the inputs, or the update would have written).
 */
function asTheInputsSay(
  inputs: AlertConfigurationInputs,
  alertConfigId: string,
  created: string | undefined,
): LiveAlertConfiguration {
  const { enabled, eventTypeName, matchers, threshold, metricThreshold, severityOverride, notifications } =
    inputs;
  return {
    alertConfigId,
    enabled,
    eventTypeName,
    matchers,
    threshold,
    metricThreshold,
    severityOverride,
    notifications,
    created,
  };
}

/** Where a configuration is. */
interface ConfigurationAddress {
  groupId: string;
  alertConfigId: string;
  /**
   * A configuration of the stack's state (its outputs given): read through the page reader, since a
   * refresh reads the stack's configurations together. One being adopted is read on its own.
   */
  inState: boolean;
}

/** The reads of a refresh answered from a project's list pages, and the writes that drop them. */
type ConfigurationPages = PageReader<AlertConfig>;

/**
 * A page reader per provider (the reads it counts and the snapshot it holds belong to the provider's
 * operations; a provider made for one read reads alone, as before).
 */
function pageReader(deps: ResourceDeps): ConfigurationPages {
  return createPageReader({
    listPage: (groupId, page) => deps.client().alertConfigs.list(groupId, { ...page, includeCount: true }),
    getOne: (groupId, alertConfigId) => deps.client().alertConfigs.get(groupId, alertConfigId),
    idOf: (configuration) => configuration.id,
  });
}

/**
 * Brings the configuration to the inputs by the plan: the toggle, the full replace, or nothing
 * (undefined). Every write drops the project's pages.
 */
async function write(
  pages: ConfigurationPages,
  client: PlatformClient,
  inputs: AlertConfigurationInputs,
  alertConfigId: string,
  current: PropertyBag,
): Promise<LiveAlertConfiguration | undefined> {
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
  return undefined;
}

const FACTS: ResourceFacts<AlertConfigurationInputs> = {
  type: "AlertConfiguration",
  exported: {
    configKey: "alertConfigurations",
    scope: "project",
    find: async (client, groupId) =>
      (await collect(client.alertConfigs.listAll(groupId))).map((config) =>
        formatId([groupId, exportText(config.id)]),
      ),
    resourceName: (args) => `alert-${exportText(args.eventTypeName)}`,
  },
  summary: "alert configuration, all 14 notification kinds",
  example: {
    name: "failures",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "demo-app" }],
      notifications: [
        { typeName: "GROUP", roles: ["GROUP_OWNER"], emailEnabled: true, intervalMin: 60 },
        { typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 5 },
      ],
    },
  },
  description:
    "Which event raises an alert in a project, and whom it notifies (14 notification kinds). A change of `enabled` alone uses the toggle operation; any other change replaces the content in place.",
  inputs: alertConfigurationInputsSchema,
  properties: ALERT_CONFIGURATION_PROPERTIES,
  idParts: ALERT_CONFIGURATION_ID_PARTS,
  lifecycle: synchronous(
    "create, update, toggle and delete take effect when the API answers (operations 5-9 return the configuration as it now is, delete answers 204)",
  ),
  secretWhen: { notifications: notificationsMayHoldCredentials },
  sdkAliases: { AlertNotificationArgs: "InputShape<AlertNotification>" },
  findsCreated: { identifies: "a configuration whose content equals the inputs", dated: "created" },
};

/** The behaviour, over the provider's page reader. */
function declaration(
  pages: ConfigurationPages,
): ResourceDeclaration<
  AlertConfigurationInputs,
  ConfigurationAddress,
  LiveAlertConfiguration,
  (typeof ALERT_CONFIGURATION_ID_PARTS)[number]
> {
  return {
    ...FACTS,
    describe: describeAlertConfiguration,
    locate: (parts, stored) => ({
      groupId: parts.groupId,
      alertConfigId: parts.alertConfigId,
      inState: Object.keys(stored).length > 0,
    }),
    idOf: (inputs, live) => alertConfigurationId(inputs.groupId, live.alertConfigId),

    read: ({ client }, where) =>
      readIfExists(async () =>
        fromApi(
          await (where.inState
            ? pages.read(where.groupId, where.alertConfigId)
            : client.alertConfigs.get(where.groupId, where.alertConfigId)),
        ),
      ),

    async create({ client }, inputs) {
      return fromApi(
        await pages.writing(inputs.groupId, () => client.alertConfigs.create(inputs.groupId, toBody(inputs))),
      );
    },

    /** Converges the configuration: the toggle when only `enabled` differs, else `PUT`; nothing when equal. */
    async adopt({ client }, inputs, live, where) {
      const current = { ...inputsFromLive(inputs, live, where.groupId) };
      const after = await write(pages, client, inputs, live.alertConfigId, current);
      return after === undefined
        ? live
        : { ...after, alertConfigId: live.alertConfigId, created: after.created ?? live.created };
    },

    async update({ client }, where, inputs, olds) {
      const created = typeof olds.created === "string" ? olds.created : undefined;
      const after = await write(pages, client, inputs, where.alertConfigId, olds);
      return after === undefined
        ? asTheInputsSay(inputs, where.alertConfigId, created)
        : { ...after, alertConfigId: where.alertConfigId, created: after.created ?? created };
    },

    // Already gone (deleted out of band) is fine: the goal of delete is reached.
    remove: ({ client }, where) =>
      pages.writing(where.groupId, () => client.alertConfigs.delete(where.groupId, where.alertConfigId)),

    toOutputs,
    inputsFromLive: (previous, live, parts) => inputsFromLive(previous, live, parts.groupId),
    findCreated: ({ client }, inputs, lookup) => findAlertConfiguration(client, inputs, lookup),
  };
}

export const resource = definition(FACTS, "object", (deps) =>
  defineResource(declaration(pageReader(deps))).providerWith(deps),
);
