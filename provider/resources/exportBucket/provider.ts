/**
 * ExportBucket provider: check / diff / create / read / update / delete over the client.
 *
 * The API has no update operation, so every field it holds replaces the bucket; `update` only stores
 * a new `timeouts`. Delete is refused while a backup schedule auto-exports to the bucket: the error
 * says so. A schedule that uses the bucket's `exportBucketId` output depends on it, so `pulumi
 * destroy` resets that schedule (turning auto export off) before deleting the bucket.
 *
 * Id and importId: `<groupId>/<exportBucketId>`.
 */
import { collect, hasErrorCode, type PlatformClient } from "../../client";
import { createOrAdopt, importIdHint, isAlreadyExists, RECOVER_HINT } from "../../framework/adoption";
import { checkAndDiff, diffInputs } from "../../framework/diff";
import { parseId } from "../../framework/ids";
import { deleteThenWaitGone } from "../../framework/lifecycle";
import { platformClient } from "../../framework/settings";
import type { PlatformProvider } from "../../framework/types";
import { parseInputs } from "../../framework/validation";
import type { WaitClock } from "../../framework/waiter";
import { findExportBucket, lifecycle } from "./lifecycle";
import {
  describeBucket,
  EXPORT_BUCKET_CLASSIFICATION,
  exportBucketId,
  fromApi,
  inputsFromLive,
  type LiveExportBucket,
  mismatchedFields,
  previousInputs,
  toBody,
  toOutputs,
} from "./model";
import { EXPORT_BUCKET_ID_PARTS, type ExportBucketInputs, exportBucketInputsSchema } from "./schema";

export interface ExportBucketProviderDeps {
  client: () => PlatformClient;
  clock?: WaitClock;
}

/** The id of the project's bucket with this name, if any (to suggest importId). */
async function findByName(
  client: PlatformClient,
  groupId: string,
  bucketName: string,
): Promise<string | undefined> {
  try {
    const buckets = await collect(client.exportBuckets.listAll(groupId));
    return buckets.find((bucket) => bucket.bucketName === bucketName)?._id;
  } catch {
    return undefined;
  }
}

export function createExportBucketProvider(deps: ExportBucketProviderDeps): PlatformProvider {
  /** POSTs the bucket; rewords the refusals users can act on. */
  const createBucket = async (client: PlatformClient, inputs: ExportBucketInputs) => {
    const describe = describeBucket(inputs);
    try {
      return fromApi(await client.exportBuckets.create(inputs.groupId, toBody(inputs)));
    } catch (error) {
      if (isAlreadyExists(error, "EXPORT_BUCKET_ALREADY_EXISTS")) {
        const existing = await findByName(client, inputs.groupId, inputs.bucketName);
        const hint = importIdHint(
          existing === undefined ? undefined : exportBucketId(inputs.groupId, existing),
          EXPORT_BUCKET_ID_PARTS,
        );
        throw new Error(`${describe} already exists (${(error as Error).message}); ${hint}; ${RECOVER_HINT}`);
      }
      if (hasErrorCode(error, "CANNOT_ASSUME_ROLE")) {
        throw new Error(
          `${describe} cannot be created: the platform cannot assume iamRoleId ${inputs.iamRoleId} ` +
            `(${(error as Error).message}). iamRoleId must be the roleId of an AWS cloud provider access role ` +
            "of the project that is authorized.",
        );
      }
      throw error;
    }
  };

  return {
    ...checkAndDiff(exportBucketInputsSchema, EXPORT_BUCKET_CLASSIFICATION),

    async create(bag) {
      const inputs = parseInputs(exportBucketInputsSchema, bag);
      const client = deps.client();
      const describe = describeBucket(inputs);
      return createOrAdopt({
        importId: inputs.importId,
        partNames: EXPORT_BUCKET_ID_PARTS,
        describe: "export bucket",
        locatedBy: { groupId: inputs.groupId },
        create: async () => {
          const live = await createBucket(client, inputs);
          return {
            id: exportBucketId(inputs.groupId, live.exportBucketId),
            outs: { ...toOutputs(inputs, live) },
          };
        },
        adopt: async (parts, id) => {
          const live = await lifecycle.read(client, parts);
          if (live === undefined) return undefined;
          const mismatches = mismatchedFields(inputs, live);
          if (mismatches.length > 0) {
            throw new Error(
              `cannot adopt export bucket ${id} as ${describe}: its ${mismatches.join("; its ")}. Export buckets ` +
                "cannot be changed in place: make the inputs match the bucket, or remove importId to create a new one.",
            );
          }
          return { id, outs: { ...toOutputs(inputs, live) } };
        },
        findCreated: () => findExportBucket(client, inputs),
      });
    },

    async findCreated(bag) {
      return findExportBucket(deps.client(), parseInputs(exportBucketInputsSchema, bag));
    },

    async read(id, props) {
      const where = parseId(id, EXPORT_BUCKET_ID_PARTS);
      const live = await lifecycle.read(deps.client(), where);
      if (live === undefined) return {};
      const inputs = inputsFromLive({ ...previousInputs(props), groupId: where.groupId }, live);
      return { id, props: { ...toOutputs(inputs, live) }, inputs: { ...inputs } };
    },

    async update(id, olds, news) {
      // Only timeouts can change in place (every API field replaces): no API call.
      const where = parseId(id, EXPORT_BUCKET_ID_PARTS);
      const inputs = parseInputs(exportBucketInputsSchema, news);
      const diff = diffInputs(olds, news, EXPORT_BUCKET_CLASSIFICATION);
      if (diff.replaces.length > 0) {
        throw new Error(
          `export bucket ${id} cannot be updated in place (${diff.replaces.join(", ")} changed); ` +
            "run pulumi refresh, then pulumi up to replace it",
        );
      }
      const known: LiveExportBucket = {
        exportBucketId: where.exportBucketId,
        bucketName: String(olds.bucketName),
        cloudProvider: String(olds.cloudProvider),
        iamRoleId: typeof olds.iamRoleId === "string" ? olds.iamRoleId : undefined,
      };
      return { outs: { ...toOutputs(inputs, known) } };
    },

    async delete(id, props) {
      const where = parseId(id, EXPORT_BUCKET_ID_PARTS);
      const previous = previousInputs(props);
      const describe = `export bucket ${String(previous.bucketName ?? where.exportBucketId)} (${id})`;
      const client = deps.client();
      const target = { client, where, describe, timeouts: previous.timeouts, clock: deps.clock };
      await deleteThenWaitGone(lifecycle, target, async () => {
        try {
          await client.exportBuckets.delete(where.groupId, where.exportBucketId);
        } catch (error) {
          if (hasErrorCode(error, "EXPORT_BUCKET_DELETE_FAILED_BUCKET_IN_USE")) {
            throw new Error(
              `${describe} cannot be deleted while a backup schedule auto-exports to it (${(error as Error).message}). ` +
                "Disable auto export first (autoExportEnabled: false on the CloudBackupSchedule, pulumi up), or let the " +
                "schedule depend on this bucket (use its exportBucketId output) so pulumi destroys the schedule first.",
            );
          }
          throw error;
        }
      });
    },
  };
}

export const provider: PlatformProvider = createExportBucketProvider({ client: platformClient });
