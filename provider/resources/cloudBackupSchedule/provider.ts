/**
 * CloudBackupSchedule provider: check / diff / create / read / update / delete over the client.
 *
 * A cluster with cloud backup always has exactly one schedule, so create adopts it (with or without
 * importId) and converges the fields the program sets; update PATCHes only the fields whose live
 * value differs; delete restores the service's default schedule (DELETE answers the reset schedule);
 * under a backup compliance policy, which forbids the reset, it only turns auto export off (see
 * releaseExportBucket); with `resetOnDelete: false` it leaves the schedule as it is. No operation is asynchronous: nothing to wait for.
 *
 * Id and importId: `<groupId>/<clusterName>`.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { policiesForRequest } from "../../client/backupSchedules";
import { createOrAdopt } from "../../framework/adoption";
import { checkAndDiff } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteIfExists, readIfExists } from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider, PropertyBag } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import {
  CLOUD_BACKUP_SCHEDULE_CLASSIFICATION,
  type CloudBackupScheduleOutputs,
  describeSchedule,
  fieldsToChange,
  fromApi,
  inputsFromLive,
  type LiveSchedule,
  previousInputs,
  scheduleId,
  storedManagedFields,
  toOutputs,
  toPatchBody,
} from "./model";
import { type CloudBackupScheduleInputs, cloudBackupScheduleInputsSchema, SCHEDULE_ID_PARTS } from "./schema";

export interface CloudBackupScheduleProviderDeps {
  client: () => PlatformClient;
}

type Where = { groupId: string; clusterName: string };

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

export function createCloudBackupScheduleProvider(deps: CloudBackupScheduleProviderDeps): PlatformProvider {
  /** Reads the schedule; undefined when the cluster (or project) no longer exists. */
  const readLive = async (
    client: PlatformClient,
    where: Where,
    reference: CloudBackupScheduleOutputs["policies"],
  ) => {
    try {
      return await readIfExists(async () =>
        fromApi(await client.backupSchedules.get(where.groupId, where.clusterName), reference),
      );
    } catch (error) {
      throw explain(error, where);
    }
  };

  /** PATCHes the fields the program sets whose live value differs; returns the schedule after it. */
  const converge = async (
    client: PlatformClient,
    inputs: CloudBackupScheduleInputs,
  ): Promise<LiveSchedule> => {
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
  };

  return {
    ...checkAndDiff(cloudBackupScheduleInputsSchema, CLOUD_BACKUP_SCHEDULE_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(cloudBackupScheduleInputsSchema, bag);
      const client = deps.client();
      const adoptOrConverge = async () => ({
        id: scheduleId(inputs.groupId, inputs.clusterName),
        outs: { ...toOutputs(inputs, await converge(client, inputs)) },
      });
      // The schedule always exists: with or without importId, create adopts it.
      return createOrAdopt({
        importId: inputs.importId,
        partNames: SCHEDULE_ID_PARTS,
        describe: describeSchedule(inputs),
        locatedBy: { groupId: inputs.groupId, clusterName: inputs.clusterName },
        create: adoptOrConverge,
        adopt: adoptOrConverge,
      });
    },

    /** The natural key of a schedule is its cluster: the cluster's schedule, while the cluster exists. */
    async findCreated(bag) {
      const inputs = parseInputs(cloudBackupScheduleInputsSchema, bag);
      const live = await readLive(deps.client(), inputs, inputs.policies);
      return live === undefined ? undefined : scheduleId(inputs.groupId, inputs.clusterName);
    },

    async read(id, props) {
      const where = parseId(id, SCHEDULE_ID_PARTS);
      const previous = { ...previousInputs(props), ...where };
      const live = await readLive(
        deps.client(),
        where,
        props.policies as CloudBackupScheduleOutputs["policies"],
      );
      if (live === undefined) return {};
      const managed = storedManagedFields(props);
      return {
        id,
        props: { ...toOutputs(previous, live, managed) },
        inputs: inputsFromLive(previous, live, managed),
      };
    },

    async update(id, _olds, news) {
      const where = parseId(id, SCHEDULE_ID_PARTS);
      const inputs = {
        ...parseInputs(cloudBackupScheduleInputsSchema, news),
        ...where,
      };
      // Compared with the live schedule, not the state: an out-of-band change is converged too.
      return { outs: { ...toOutputs(inputs, await converge(deps.client(), inputs)) } };
    },

    async delete(id, props: PropertyBag) {
      const where = parseId(id, SCHEDULE_ID_PARTS);
      if (props.resetOnDelete === false) {
        reportProgress(
          `${describeSchedule(where)}: left as it is (resetOnDelete is false); removed from the stack only`,
        );
        return;
      }
      const client = deps.client();
      try {
        await deleteIfExists(() => client.backupSchedules.delete(where.groupId, where.clusterName));
      } catch (error) {
        if (hasErrorCode(error, COMPLIANCE_REFUSAL)) {
          await releaseExportBucket(client, where);
          return;
        }
        throw explain(error, where);
      }
    },
  };
}

export const provider: PlatformProvider = createCloudBackupScheduleProvider({ client: platformClient });
