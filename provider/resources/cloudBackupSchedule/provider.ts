/**
 * CloudBackupSchedule provider: check / diff / create / read / update / delete over the client.
 *
 * A cluster with cloud backup always has exactly one schedule, so create adopts it (with or without
 * importId) and converges the fields the program sets; update PATCHes only the fields whose live
 * value differs; delete restores the service's default schedule (DELETE answers the reset schedule),
 * or with `resetOnDelete: false` leaves it as it is. No operation is asynchronous: nothing to wait for.
 *
 * Id and importId: `<groupId>/<clusterName>`.
 */
import { hasErrorCode, isNotFound, type PlatformClient } from "../../client";
import { createOrAdopt } from "../../framework/adoption";
import { diffInputs } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { reportProgress } from "../../framework/progress";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider, PropertyBag } from "../../framework/types";
import { checkWith, parseInputs } from "../../framework/validation";
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

export function createCloudBackupScheduleProvider(deps: CloudBackupScheduleProviderDeps): PlatformProvider {
  /** Reads the schedule; undefined when the cluster (or project) no longer exists. */
  const readLive = async (
    client: PlatformClient,
    where: Where,
    reference: CloudBackupScheduleOutputs["policies"],
  ) => {
    try {
      return fromApi(await client.backupSchedules.get(where.groupId, where.clusterName), reference);
    } catch (error) {
      if (isNotFound(error)) return undefined;
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
    async check(_olds, news) {
      return checkWith(cloudBackupScheduleInputsSchema, news);
    },

    async diff(_id, olds, news) {
      const diff = diffInputs(olds, news, CLOUD_BACKUP_SCHEDULE_CLASSIFICATION);
      return { changes: diff.changes, replaces: diff.replaces };
    },

    async create(bag) {
      const inputs = parseInputs(cloudBackupScheduleInputsSchema, bag) as CloudBackupScheduleInputs;
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
        ...(parseInputs(cloudBackupScheduleInputsSchema, news) as CloudBackupScheduleInputs),
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
      try {
        await deps.client().backupSchedules.delete(where.groupId, where.clusterName);
      } catch (error) {
        if (isNotFound(error)) return;
        if (hasErrorCode(error, COMPLIANCE_REFUSAL)) {
          throw new Error(
            `${describeSchedule(where)} cannot be reset to the service's defaults while project ${where.groupId} ` +
              `has a backup compliance policy (${(error as Error).message}). Either disable the policy first ` +
              "(a BackupCompliancePolicy resource that depends on this schedule is destroyed before it; disabling " +
              "needs a prior support request), or set resetOnDelete: false on this schedule, run pulumi up, and " +
              "destroy again to leave the schedule as it is.",
          );
        }
        throw explain(error, where);
      }
    },
  };
}

export const provider: PlatformProvider = createCloudBackupScheduleProvider({ client: platformClient });
