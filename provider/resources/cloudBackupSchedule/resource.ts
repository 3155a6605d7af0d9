/**
 * CloudBackupSchedule: the backup schedule of a cluster with cloud backup, a cluster singleton
 * (framework/singleton.ts). See docs/resources/cloudBackupSchedule.md.
 *
 * A cluster with cloud backup always has exactly one schedule, so create adopts it (with or without
 * importId) and converges the fields the program sets; update PATCHes only the fields whose live
 * value differs; delete restores the service's default schedule (DELETE answers the reset schedule);
 * under a backup compliance policy, which forbids the reset, it only turns auto export off (see
 * releaseExportBucket); with `resetOnDelete: false` it leaves the schedule as it is. No operation is
 * asynchronous: nothing to wait for.
 *
 * Id and importId: `<groupId>/<clusterName>`.
 */

import { z } from "zod";
import { hasErrorCode, isNotFound, isTransient, type PlatformClient } from "../../client";
import { policiesForRequest } from "../../client/backupSchedules";
import { formatId } from "../../framework/ids";
import { readIfExists, synchronous } from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import type { PropertyRule, PropertyTable } from "../../framework/resource";
import { exportText } from "../../framework/resource";
import { defineSingleton } from "../../framework/singleton";
import {
  type CloudBackupScheduleOutputs,
  describeSchedule,
  FIELD_COMPARISON,
  fieldsToChange,
  fromApi,
  inputsFromLive,
  type LiveSchedule,
  previousInputs,
  storedManagedFields,
  toOutputs,
  toPatchBody,
} from "./model";
import {
  type CloudBackupScheduleInputs,
  cloudBackupScheduleInputsSchema,
  exportOutputSchema,
  policyOutputSchema,
  SCHEDULE_ID_PARTS,
  SCHEDULE_WRITABLE_FIELDS,
  type ScheduleWritableField,
} from "./schema";

type Where = { groupId: string; clusterName: string };

/**
 * A writable field: updated in place, compared as the model says; a field the program leaves out is
 * not managed (computedIfAbsent). Its output is the live value, managed or not, which the service
 * always has (`export` only once one is set, so that one is not `alwaysSet`).
 */
function writable(
  field: ScheduleWritableField,
): Pick<PropertyRule, "effect" | "compare" | "computedIfAbsent" | "alwaysSet"> {
  return {
    effect: "update",
    compare: FIELD_COMPARISON[field],
    computedIfAbsent: true,
    ...(field === "export" ? {} : { alwaysSet: true }),
  };
}

/** An instruction for the update that carries it: the service never returns it, so it never drifts. */
const INSTRUCTION: Pick<PropertyRule, "effect" | "change"> = {
  effect: "ignore-drift",
  change: "never compared: sent with the update that carries a real change; see below",
};

/**
 * Cluster and project locate the schedule: a change of either replaces the resource (the update
 * must never act on the old cluster). Writable fields update in place; a field the program leaves
 * out is not managed. The update-only instructions are never compared.
 */
export const CLOUD_BACKUP_SCHEDULE_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits). Changing it replaces the resource.",
    rules: "24 hexadecimal digits",
    change: "never an update of the old cluster's schedule",
  },
  clusterName: {
    effect: "replace",
    doc: "Cluster name. Changing it replaces the resource.",
    rules: "`^[a-zA-Z0-9][a-zA-Z0-9-]*$`; a cluster with cloud backup (not M0/M2/M5, not serverless)",
  },
  autoCopySettingsEnabled: {
    ...writable("autoCopySettingsEnabled"),
    doc: "Copy snapshots to the `copySettings` regions automatically.",
    rules: "copy snapshots to the `copySettings` regions automatically",
  },
  autoExportEnabled: {
    ...writable("autoExportEnabled"),
    doc: "Export snapshots automatically to `export.exportBucketId`.",
    rules: "needs `export` (here or already on the schedule)",
  },
  copyPolicyItemsEnabled: {
    ...writable("copyPolicyItemsEnabled"),
    doc: "Whether `copySettings[].copyPolicyItems` decide which snapshots are copied.",
    rules: "whether `copySettings[].copyPolicyItems` decide what is copied",
  },
  copySettings: {
    ...writable("copySettings"),
    doc: "Copies of snapshots to other regions, in any order.",
    rules:
      "`cloudProvider` AWS, AZURE or GCP; `regionName` non-empty; `copyPolicyItems` at most 6 of `{frequencyType, retentionUnit?, retentionValue?}`: `frequencyType` hourly, daily, weekly, monthly, yearly or ondemand, a scheduled kind needs `retentionUnit` (days/weeks/months/years) and `retentionValue` (positive), ondemand takes neither; `frequencies` (deprecated by the service for `copyPolicyItems`) of HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY, ON_DEMAND; `lastNumberOfSnapshots` 1..500; `shouldCopyOplogs` default false; `zoneId` 24 hex",
  },
  export: {
    ...writable("export"),
    type: exportOutputSchema,
    doc: "Where and how often snapshots are exported automatically.",
    rules:
      "`exportBucketId` 24 hex, an export bucket of the project; `frequencyType` monthly or yearly (the service exports no more often; daily and weekly fail at preview)",
  },
  extraRetentionSettings: {
    ...writable("extraRetentionSettings"),
    doc: "Longer retentions for kinds of snapshots, in any order.",
    rules:
      "`frequencyType` HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY or ON_DEMAND (upper case, as the service takes it); `retentionDays` positive integer",
  },
  policies: {
    ...writable("policies"),
    type: z.array(policyOutputSchema),
    doc: "At most one policy. Items are matched by frequencyType + frequencyInterval, not by position. Stored with the policy's and the items' read-only ids.",
    rules:
      "at most 1 policy; at least 1 item; each item `frequencyType` hourly/daily/weekly/monthly/yearly, `frequencyInterval` allowed for its type (hourly 1, 2, 4, 6, 8, 12; daily 1; weekly 1-7; monthly 1-28 or 40 = last day; yearly 1-12), `retentionUnit` days/weeks/months/years, `retentionValue` positive; each frequencyType + frequencyInterval pair once; no `id` (ids are outputs)",
    change: "items matched by frequencyType + frequencyInterval, not position",
  },
  referenceHourOfDay: {
    ...writable("referenceHourOfDay"),
    doc: "UTC hour of the scheduled snapshot, 0-23.",
    rules: "an integer 0..23 (UTC)",
  },
  referenceMinuteOfHour: {
    ...writable("referenceMinuteOfHour"),
    doc: "Minute of the scheduled snapshot, 0-59.",
    rules: "an integer 0..59",
  },
  restoreWindowDays: {
    ...writable("restoreWindowDays"),
    doc: "Continuous backup window in days, positive.",
    rules: "a positive integer (continuous backup only)",
  },
  useOrgAndGroupNamesInExportPrefix: {
    ...writable("useOrgAndGroupNamesInExportPrefix"),
    doc: "Whether the prefix of exported files names the organization and the project by name rather than by id.",
  },
  deleteCopiedBackups: {
    ...INSTRUCTION,
    doc: "Update-only instruction: copied snapshots to delete with the update that carries it. Never drift.",
    rules: "as in copySettings",
  },
  updateSnapshots: {
    ...INSTRUCTION,
    doc: "Update-only instruction: apply retention changes to existing snapshots too. Never drift.",
  },
  deleteCopySnapshots: {
    ...INSTRUCTION,
    doc: "Update-only instruction: delete the copies of a copy setting the update removes. Never drift.",
  },
  updateCopySnapshots: {
    ...INSTRUCTION,
    doc: "Update-only instruction: apply copy retention changes to existing copies too. Never drift.",
  },
  // What delete does: stored (delete reads it from state), no API call when it changes.
  resetOnDelete: {
    effect: "update",
    doc: "True (default): delete restores the service's default schedule. False: delete leaves the schedule as it is (needed while the project has a backup compliance policy, which forbids the reset).",
    rules: "default true",
    change: "no API call",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adoption: `<groupId>/<clusterName>`. The schedule always exists, so create adopts it with or without this.",
    rules: "`<groupId>/<clusterName>` of the same cluster",
  },
  clusterId: { effect: "output", type: z.string(), doc: "The cluster's id." },
  nextSnapshot: {
    effect: "output",
    type: z.string(),
    doc: "When the next scheduled snapshot is taken (ISO 8601).",
  },
  managedFields: {
    effect: "output",
    type: z.array(z.enum(SCHEDULE_WRITABLE_FIELDS)),
    doc: "The writable fields this resource manages (the ones the program sets); the others keep the service's values.",
  },
};

/** The service's refusal to reset a schedule while the project has a backup compliance policy. */
const COMPLIANCE_REFUSAL = "BACKUP_POLICIES_NOT_MEETING_BACKUP_COMPLIANCE_POLICY_REQUIREMENTS";

/** Rewords the errors users can act on; others pass through unchanged. */
function explain(error: unknown, where: Where): unknown {
  if (hasErrorCode(error, "CLUSTER_BACKUP_NOT_ENABLED")) {
    return new Error(
      `${describeSchedule(where)}: the cluster has no cloud backup, so it has no backup schedule ` +
        `(${(error as Error).message}). Enable cloud backup on the cluster, or remove this resource.`,
    );
  }
  return error;
}

/**
 * Delete under a backup compliance policy: the service refuses to reset the schedule (the policy
 * requires its items), so the policies stay as they are. What the stack still has to be able to do
 * is delete the export bucket this schedule auto-exports to (Pulumi deletes the schedule first because
 * it uses the bucket's id), and the service refuses that while auto export is on: so auto export is
 * turned off. Both facts are reported in the Pulumi output.
 */
async function releaseExportBucket(client: PlatformClient, where: Where): Promise<void> {
  const live = await client.backupSchedules.get(where.groupId, where.clusterName);
  if (live.autoExportEnabled === true) {
    await client.backupSchedules.update(where.groupId, where.clusterName, {
      autoExportEnabled: false,
      policies: policiesForRequest(live.policies),
    });
  }
  reportProgress(
    `${describeSchedule(where)}: not reset to the service's defaults because project ${where.groupId} has a ` +
      "backup compliance policy (the service refuses); its policies are left as they are" +
      (live.autoExportEnabled === true
        ? " and auto export was turned off so its export bucket can be deleted"
        : ""),
  );
}

/**
 * The failure of a release ends the delete as it is: the framework's delete takes a not-found answer
 * for "already gone" and sends a transient failure again, which is right for the DELETE of the
 * schedule only. Such an error of the release goes on with its words but not as a PlatformError.
 */
async function releaseOrFail(client: PlatformClient, where: Where): Promise<void> {
  try {
    await releaseExportBucket(client, where);
  } catch (error) {
    if (!isNotFound(error) && !isTransient(error)) throw error;
    throw new Error((error as Error).message, { cause: error });
  }
}

/** Reads the schedule; undefined when the cluster (or project) no longer exists. */
async function readLive(
  client: PlatformClient,
  where: Where,
  reference: CloudBackupScheduleOutputs["policies"],
): Promise<LiveSchedule | undefined> {
  try {
    return await readIfExists(async () =>
      fromApi(await client.backupSchedules.get(where.groupId, where.clusterName), reference),
    );
  } catch (error) {
    throw explain(error, where);
  }
}

/** PATCHes the fields the program sets whose live value differs; returns the schedule after it. */
async function converge(client: PlatformClient, inputs: CloudBackupScheduleInputs): Promise<LiveSchedule> {
  let live: LiveSchedule;
  try {
    live = fromApi(await client.backupSchedules.get(inputs.groupId, inputs.clusterName), inputs.policies);
  } catch (error) {
    throw explain(error, inputs);
  }
  const fields = fieldsToChange(inputs, live.fields);
  if (fields.length === 0) return live;
  try {
    const body = toPatchBody(inputs, live.fields, fields);
    return fromApi(
      await client.backupSchedules.update(inputs.groupId, inputs.clusterName, body),
      inputs.policies,
    );
  } catch (error) {
    throw explain(error, inputs);
  }
}

export const resource = defineSingleton<CloudBackupScheduleInputs, (typeof SCHEDULE_ID_PARTS)[number]>({
  type: "CloudBackupSchedule",
  exported: {
    configKey: "cloudBackupSchedules",
    scope: "cluster",
    find: async (_client, groupId, clusterName) => [formatId([groupId, clusterName])],
    resourceName: (args) => `backup-schedule-${exportText(args.clusterName)}`,
  },
  summary: "a cluster's backup schedule (singleton)",
  example: {
    name: "schedule",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      clusterName: "demo-cluster",
      referenceHourOfDay: 3,
      referenceMinuteOfHour: 30,
      policies: [
        {
          policyItems: [
            { frequencyType: "hourly", frequencyInterval: 6, retentionUnit: "days", retentionValue: 3 },
            { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 14 },
          ],
        },
      ],
      autoExportEnabled: true,
      export: { exportBucketId: "65f0c0ffee00000000000b01", frequencyType: "monthly" },
    },
  },
  description:
    "The backup schedule of a cluster with cloud backup (one per cluster, always present): create adopts it and converges the fields the program sets; fields it leaves out keep the service's values. Delete restores the service's default schedule, or with `resetOnDelete: false` leaves it as it is.",
  inputs: cloudBackupScheduleInputsSchema,
  properties: CLOUD_BACKUP_SCHEDULE_PROPERTIES,
  idParts: SCHEDULE_ID_PARTS,
  lifecycle: synchronous(
    "the schedule always exists; PATCH and DELETE (the reset) answer the schedule as it now is",
  ),
  docNotes: {
    id: "cluster singleton: create adopts, delete restores defaults unless `resetOnDelete: false`",
  },
  describe: describeSchedule,

  // Compared with the live schedule, not the state: an out-of-band change is converged too.
  converge: async ({ client }, inputs) => toOutputs(inputs, await converge(client, inputs)),

  async read({ client }, where, props) {
    const previous = { ...previousInputs(props), ...where };
    const live = await readLive(client, where, props.policies as CloudBackupScheduleOutputs["policies"]);
    if (live === undefined) return undefined;
    const managed = storedManagedFields(props);
    return { outputs: toOutputs(previous, live, managed), inputs: inputsFromLive(previous, live, managed) };
  },

  /**
   * Resets the schedule (the DELETE answers the reset one). The framework's delete takes a not-found
   * answer for "already gone" and sends the DELETE again after a transient failure.
   */
  async restore({ client }, where, props) {
    if (props.resetOnDelete === false) {
      reportProgress(
        `${describeSchedule(where)}: left as it is (resetOnDelete is false); removed from the stack only`,
      );
      return;
    }
    try {
      await client.backupSchedules.delete(where.groupId, where.clusterName);
    } catch (error) {
      if (isNotFound(error) || isTransient(error)) throw error;
      if (hasErrorCode(error, COMPLIANCE_REFUSAL)) {
        await releaseOrFail(client, where);
        return;
      }
      throw explain(error, where);
    }
  },
});
