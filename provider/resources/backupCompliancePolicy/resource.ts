/**
 * BackupCompliancePolicy: the project's backup compliance policy, a project singleton
 * (framework/singleton.ts). See docs/resources/backupCompliancePolicy.md.
 *
 * A project has at most one policy, written with a full PUT (query overwriteBackupPolicies). Create
 * adopts the project's policy when there is one (with or without importId) and converges it; create
 * and update wait until the state is ACTIVE, and first wait for a pending change to settle (the
 * service refuses a PUT while one is pending). The waits are the converge's own (the singleton
 * framework does not wait). Delete disables the policy, which the service allows only after a support
 * request: by default its refusal fails the delete with an explanation; with
 * `keepEnabledOnDelete: true` delete leaves the policy enabled and only drops it from the stack.
 *
 * Id and importId: `<groupId>`.
 */
import { z } from "zod";
import { hasErrorCode, type PlatformClient } from "../../client";
import {
  deleteThenWaitGone,
  phaseWaitOptions,
  type TimeoutPhase,
  waitAndSettle,
} from "../../framework/lifecycle";
import { reportProgress } from "../../framework/progress";
import type { PropertyRule, PropertyTable, ResourceContext } from "../../framework/resource";
import { defineSingleton, PROJECT_SINGLETON_ID_PARTS } from "../../framework/singleton";
import type { TimeoutsInput } from "../../framework/timeouts";
import {
  lifecycle,
  POLICY_ACTIVE,
  POLICY_DISABLING,
  type PolicyWaitOptions,
  readPolicy,
  waitForPolicyActive,
  waitForPolicyGone,
} from "./lifecycle";
import {
  type BackupCompliancePolicyOutputs,
  describePolicy,
  fromApi,
  inputsFromLive,
  type LivePolicy,
  POLICY_FIELD_COMPARISON,
  type PolicyField,
  policyFieldsToChange,
  previousInputs,
  toBody,
  toOutputs,
} from "./model";
import {
  type BackupCompliancePolicyInputs,
  backupCompliancePolicyInputsSchema,
  onDemandPolicyItemOutputSchema,
  scheduledPolicyItemOutputSchema,
} from "./schema";

/** A policy field: updated in place (one PUT), compared as the model says. */
function policyField(field: PolicyField): Pick<PropertyRule, "effect" | "compare"> {
  return { effect: "update", compare: POLICY_FIELD_COMPARISON[field] };
}

/**
 * The project locates the policy (one per project): a change replaces the resource, so the update
 * never acts on the old project. Every policy field updates in place (one PUT).
 */
export const BACKUP_COMPLIANCE_POLICY_PROPERTIES: PropertyTable = {
  groupId: {
    effect: "replace",
    doc: "Project id (24 hexadecimal digits; the API's projectId). Changing it replaces the resource.",
    rules: "24 hexadecimal digits (the API's `projectId`)",
    change: "never an update of the old project",
  },
  authorizedEmail: {
    ...policyField("authorizedEmail"),
    doc: "Email address of the user who authorized the policy.",
    rules: "an email address",
  },
  authorizedUserFirstName: {
    ...policyField("authorizedUserFirstName"),
    doc: "First name of the user who authorized the policy.",
    rules: "non-empty",
  },
  authorizedUserLastName: {
    ...policyField("authorizedUserLastName"),
    doc: "Last name of the user who authorized the policy.",
    rules: "non-empty",
  },
  copyProtectionEnabled: {
    ...policyField("copyProtectionEnabled"),
    doc: "Blocks deleting copied backups. Default false.",
    rules: "default false",
  },
  encryptionAtRestEnabled: {
    ...policyField("encryptionAtRestEnabled"),
    doc: "Whether the policy requires encryption at rest. Default false.",
    rules: "default false",
  },
  pitEnabled: {
    ...policyField("pitEnabled"),
    doc: "Continuous cloud backup. Default false; when true, restoreWindowDays is required.",
    rules: "default false; when true, `restoreWindowDays` is required",
  },
  restoreWindowDays: {
    ...policyField("restoreWindowDays"),
    doc: "Zero or more; may not exceed the retention of the hourly item.",
    rules: "an integer, 0 or more; at most the hourly item's retention (a month counts 31 days, a year 366)",
  },
  onDemandPolicyItem: {
    ...policyField("onDemandPolicyItem"),
    type: onDemandPolicyItemOutputSchema,
    doc: "The policy item for on-demand snapshots. Stored with its read-only id.",
    rules:
      '`frequencyType` "ondemand" and `frequencyInterval` 0 (the defaults); `retentionUnit` days/weeks/months/years; `retentionValue` positive',
  },
  scheduledPolicyItems: {
    ...policyField("scheduledPolicyItems"),
    type: z.array(scheduledPolicyItemOutputSchema),
    doc: "Default none. Matched by frequencyType + frequencyInterval, not by position. Stored with their read-only ids.",
    rules:
      "default `[]`; as the schedule's policy items (frequencyInterval allowed for its type; each frequencyType + frequencyInterval pair once)",
    change: "matched by frequencyType + frequencyInterval, not position",
  },
  // A query parameter of the PUT that carries a change, not a property of the policy: never drift.
  overwriteBackupPolicies: {
    effect: "ignore-drift",
    doc: "Sent with every write (query parameter): whether the clusters' backup policies are overwritten to comply. Default true. Not compared with the live policy.",
    rules: "default true; sent as the PUT's query parameter",
    change: "never compared: it qualifies a write; it is not a property of the policy",
  },
  // Read by delete from the state: stored by an update that calls no API.
  keepEnabledOnDelete: {
    effect: "update",
    doc: "False (default): delete disables the policy, which the service refuses without a prior support request (the delete then fails with that refusal). True: delete leaves the policy enabled and only removes it from the stack.",
    rules: "default false",
    change: "no API call",
  },
  importId: {
    effect: "ignore-drift",
    doc: "Adoption: `<groupId>`. A project has one policy, so create adopts it with or without this.",
    rules: "`<groupId>` of the same project",
  },
  timeouts: {
    effect: "update",
    doc: "How long to wait for ACTIVE and for the disable to finish.",
    rules: "durations or seconds",
    change: "no API call",
  },
  projectId: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "The project id as the API names it.",
  },
  state: {
    effect: "output",
    type: z.string(),
    doc: "ACTIVE once create/update finished (ENABLING, UPDATING, DISABLING on the way).",
  },
  deletable: {
    effect: "output",
    type: z.boolean(),
    optional: true,
    doc: "Whether the service would allow disabling the policy now.",
  },
  updatedDate: {
    effect: "output",
    type: z.string(),
    optional: true,
    doc: "When the policy was last changed.",
  },
  updatedUser: { effect: "output", type: z.string(), optional: true, doc: "Who last changed the policy." },
};

const PENDING_ACTION = "CANNOT_UPDATE_BACKUP_COMPLIANCE_POLICY_SETTINGS_WITH_PENDING_ACTION";
const CANNOT_DISABLE = "CANNOT_DISABLE_BACKUP_COMPLIANCE_POLICY";

function waitOptions(
  context: ResourceContext,
  groupId: string,
  timeouts: TimeoutsInput | undefined,
  phase: TimeoutPhase,
  reference?: PolicyWaitOptions["reference"],
): PolicyWaitOptions {
  return {
    ...phaseWaitOptions(describePolicy(groupId), timeouts, lifecycle.defaultTimeouts, phase, context.clock),
    ...(reference === undefined ? {} : { reference }),
  };
}

/** The disable operation; the service's refusal without a support request says what to do. */
async function disable(client: PlatformClient, groupId: string, describe: string): Promise<void> {
  try {
    await client.compliancePolicy.disable(groupId);
  } catch (error) {
    if (hasErrorCode(error, CANNOT_DISABLE)) {
      throw new Error(
        `the ${describe} was not disabled: the service disables a backup compliance policy only after a ` +
          `support request (${(error as Error).message}). Either file that request and run pulumi destroy ` +
          "again, or set keepEnabledOnDelete: true on this resource, run pulumi up, and destroy again to " +
          "leave the policy enabled and only remove it from the stack.",
      );
    }
    throw error;
  }
}

export const resource = defineSingleton<
  BackupCompliancePolicyInputs,
  (typeof PROJECT_SINGLETON_ID_PARTS)[number]
>({
  type: "BackupCompliancePolicy",
  exported: {
    configKey: "backupCompliancePolicies",
    scope: "project",
    find: async (_client, groupId) => [groupId],
    resourceName: () => "backup-compliance-policy",
    // The service refuses to reset a schedule while a compliance policy is active.
    after: ["CloudBackupSchedule"],
  },
  summary: "the project's backup compliance policy (singleton)",
  example: {
    name: "policy",
    inputs: {
      groupId: "5f1a000000000000000000a1",
      authorizedEmail: "ada@example.com",
      authorizedUserFirstName: "Ada",
      authorizedUserLastName: "Lovelace",
      pitEnabled: true,
      restoreWindowDays: 2,
      scheduledPolicyItems: [
        { frequencyType: "hourly", frequencyInterval: 6, retentionUnit: "days", retentionValue: 7 },
        { frequencyType: "daily", frequencyInterval: 1, retentionUnit: "days", retentionValue: 7 },
      ],
      onDemandPolicyItem: { retentionUnit: "days", retentionValue: 3 },
      keepEnabledOnDelete: true,
    },
  },
  description:
    "The project's backup compliance policy (a project singleton): create adopts it and waits until it is ACTIVE. Deleting it needs a prior support request: by default `pulumi destroy` fails with the service's refusal; set `keepEnabledOnDelete: true` to leave the policy in place.",
  inputs: backupCompliancePolicyInputsSchema,
  properties: BACKUP_COMPLIANCE_POLICY_PROPERTIES,
  idParts: PROJECT_SINGLETON_ID_PARTS,
  lifecycle,
  docNotes: {
    id: "project singleton: create adopts; delete fails with the service's refusal unless `keepEnabledOnDelete`",
  },
  describe: ({ groupId }) => describePolicy(groupId),

  /**
   * Brings the project's policy to the inputs: lets a pending change settle, PUTs when a field
   * differs, and waits until ACTIVE. A wait that fails after the PUT keeps the policy in state. With
   * or without importId, create adopts the project's policy; on update, when only
   * keepEnabledOnDelete or timeouts changed, no field differs, so no PUT.
   */
  async converge(context, inputs, phase): Promise<BackupCompliancePolicyOutputs> {
    const { client } = context;
    const { groupId } = inputs;
    const options = waitOptions(context, groupId, inputs.timeouts, phase, inputs.scheduledPolicyItems);
    let live = await readPolicy(client, groupId, inputs.scheduledPolicyItems);
    if (live?.state === POLICY_DISABLING) {
      // Being disabled: once gone, the PUT below enables a new policy.
      await waitForPolicyGone(client, groupId, options);
      live = undefined;
    } else if (live !== undefined && live.state !== POLICY_ACTIVE) {
      live = await waitForPolicyActive(client, groupId, options);
    }
    if (live !== undefined && policyFieldsToChange(inputs, live.fields).length === 0) {
      return toOutputs(inputs, live);
    }

    const put = () =>
      client.compliancePolicy.update(groupId, toBody(inputs), {
        overwriteBackupPolicies: inputs.overwriteBackupPolicies,
      });
    let answered: LivePolicy;
    try {
      answered = fromApi(await put(), inputs.scheduledPolicyItems);
    } catch (error) {
      // Someone started a change between our read and the PUT: let it settle, then PUT once more.
      if (!hasErrorCode(error, PENDING_ACTION)) throw error;
      await waitForPolicyActive(client, groupId, options);
      answered = fromApi(await put(), inputs.scheduledPolicyItems);
    }
    const settled = await waitAndSettle({
      id: groupId,
      known: answered,
      outputs: (policy) => toOutputs(inputs, policy),
      wait: () => waitForPolicyActive(client, groupId, options),
    });
    return settled.outs;
  },

  async read({ client }, { groupId }, props) {
    const reference = props.scheduledPolicyItems as PolicyWaitOptions["reference"];
    const live = await readPolicy(client, groupId, reference);
    if (live === undefined) return undefined;
    const settings = { ...previousInputs(props), groupId };
    return { outputs: toOutputs(settings, live), inputs: inputsFromLive(settings, live) };
  },

  /** Disables the policy (a policy already gone is a not-found error: nothing to do). */
  async restore(context, { groupId }, props) {
    const previous = previousInputs(props);
    const describe = describePolicy(groupId);
    if (previous.keepEnabledOnDelete) {
      reportProgress(`${describe}: left enabled (keepEnabledOnDelete is true); removed from the stack only`);
      return;
    }
    const { client } = context;
    const target = {
      client,
      where: { groupId },
      describe,
      timeouts: previous.timeouts,
      clock: context.clock,
    };
    await deleteThenWaitGone(lifecycle, target, () => disable(client, groupId, describe));
  },
});
