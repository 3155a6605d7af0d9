/**
 * What a create whose outcome is unknown made, found again from what the service holds
 * (framework/findCreated.ts; used by `recover` for the pending creates of an interrupted run and by
 * create after a POST that may have acted). For each resource type without a unique name, against
 * the emulator: a create that reached the service but was not recorded is found, exactly; an older
 * object with the same parameters is not; an object another resource holds is not; two that fit are
 * an error naming both; nothing made is undefined. And every declared type has a finder.
 */
import { raiseAlert } from "../../../emulator/domain/alerts";
import { AmbiguousCreateError, type CreatedLookup } from "../../../provider/framework/findCreated";
import type { PlatformProvider } from "../../../provider/framework/types";
import { resource as alertAcknowledgementResource } from "../../../provider/resources/alertAcknowledgement/resource";
import { resource as alertConfigurationResource } from "../../../provider/resources/alertConfiguration/resource";
import { resource as cloudProviderAccessRoleResource } from "../../../provider/resources/cloudProviderAccessRole/resource";
import { resource as ftsIndexResource } from "../../../provider/resources/ftsIndex/resource";
import { resource as liveMigrationResource } from "../../../provider/resources/liveMigration/resource";
import { resource as linkTokenResource } from "../../../provider/resources/liveMigrationLinkToken/resource";
import { resource as onDemandSnapshotResource } from "../../../provider/resources/onDemandSnapshot/resource";
import { resource as outageSimulationResource } from "../../../provider/resources/outageSimulation/resource";
import { resource as restoreJobResource } from "../../../provider/resources/restoreJob/resource";
import { resource as snapshotExportJobResource } from "../../../provider/resources/snapshotExportJob/resource";
import { lookupResource, RESOURCE_TYPES } from "../../../provider/runtime";
import {
  AWS_ROLE,
  checkedInputs,
  createdWith,
  GROUP,
  useEmulatorFixture,
} from "../resources/emulatorFixture";

// Every asynchronous object takes 4 s of the emulator's manual clock, which the waits advance.
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const deps = () => ({ client: () => fx.client, clock: fx.clock });
/** Long enough that what came before is older than `since` with the clock-skew allowance. */
const LATER_MS = 10 * 60_000;

/** The lookup of a create that began now (emulator time). */
const sinceNow = (taken: string[] = []): CreatedLookup => ({
  since: new Date(fx.emu.now()),
  taken: new Set(taken),
});

/** The error of a lookup that must fail, or a failure of the test when it does not. */
async function ambiguity(lookup: Promise<string | undefined>): Promise<AmbiguousCreateError> {
  const error = await lookup.then(
    (found) => new Error(`expected an ambiguity, found ${String(found)}`),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AmbiguousCreateError)) throw error;
  return error;
}

/** A finished snapshot of demo-cluster and an export bucket of the project. */
async function snapshotAndBucket(): Promise<{ snapshotId: string; exportBucketId: string }> {
  const snapshot = await fx.client.snapshots.takeOnDemand(GROUP, "demo-cluster", { retentionInDays: 1 });
  const bucket = await fx.client.exportBuckets.create(GROUP, {
    bucketName: "exports",
    cloudProvider: "AWS",
    iamRoleId: AWS_ROLE,
  });
  fx.emu.advance(5000);
  return { snapshotId: snapshot.id, exportBucketId: bucket._id };
}

interface Case {
  /** The provider of the type. */
  provider: () => PlatformProvider;
  /** The inputs of a create (prepares what it needs on the emulator). */
  args: () => Promise<Record<string, unknown>>;
  /** The same parameters but one, for an object that does not fit. */
  other: (args: Record<string, unknown>) => Record<string, unknown>;
}

const CASES: Record<string, Case> = {
  OnDemandSnapshot: {
    provider: () => onDemandSnapshotResource.providerWith(deps()),
    args: async () => ({
      groupId: GROUP,
      clusterName: "demo-cluster",
      description: "before the upgrade",
      retentionInDays: 3,
    }),
    other: (args) => ({ ...args, description: "another" }),
  },
  RestoreJob: {
    provider: () => restoreJobResource.providerWith(deps()),
    args: async () => ({
      groupId: GROUP,
      clusterName: "demo-cluster",
      deliveryType: "automated",
      snapshotId: (await snapshotAndBucket()).snapshotId,
      targetGroupId: GROUP,
      targetClusterName: "old-cluster",
    }),
    other: (args) => ({
      ...args,
      deliveryType: "download",
      targetGroupId: undefined,
      targetClusterName: undefined,
    }),
  },
  SnapshotExportJob: {
    provider: () => snapshotExportJobResource.providerWith(deps()),
    args: async () => ({ groupId: GROUP, clusterName: "demo-cluster", ...(await snapshotAndBucket()) }),
    other: (args) => ({ ...args, customData: [{ key: "team", value: "bi" }] }),
  },
  CloudProviderAccessRole: {
    provider: () => cloudProviderAccessRoleResource.providerWith(deps()),
    args: async () => ({ groupId: GROUP, iamAssumedRoleArn: "arn:aws:iam::123456789012:role/exports" }),
    other: (args) => ({ ...args, iamAssumedRoleArn: "arn:aws:iam::123456789012:role/other" }),
  },
  AlertConfiguration: {
    provider: () => alertConfigurationResource.providerWith(deps()),
    args: async () => ({
      groupId: GROUP,
      enabled: true,
      eventTypeName: "DEPLOYMENT_FAILURE",
      notifications: [
        { typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 0, intervalMin: 60 },
      ],
    }),
    other: (args) => ({ ...args, enabled: false }),
  },
};

describe.each(Object.entries(CASES))("%s: what a create whose outcome is unknown made", (_type, kase) => {
  /** Creates through the provider (the service has it) and returns its id, as a lost response would. */
  const made = async (args: Record<string, unknown>) =>
    (await createdWith(kase.provider(), await checkedInputs(kase.provider(), args))).id;
  const find = async (args: Record<string, unknown>, lookup: CreatedLookup) =>
    kase.provider().findCreated?.(await checkedInputs(kase.provider(), args), lookup);

  test("nothing made: undefined", async () => {
    const args = await kase.args();
    expect(await find(args, sinceNow())).toBeUndefined();
  });

  test("made but not recorded: exactly its id, not an older one with the same parameters nor one that differs", async () => {
    const args = await kase.args();
    await made(args);
    fx.emu.advance(LATER_MS);
    const lookup = sinceNow();
    expect(await find(args, lookup)).toBeUndefined();
    await made(kase.other(args));
    const id = await made(args);
    expect(await find(args, lookup)).toBe(id);
    // Held by another resource of the stack: not this create's.
    expect(await find(args, { ...lookup, taken: new Set([id]) })).toBeUndefined();
  });

  test("two that fit: neither is taken, and the error names both", async () => {
    const args = await kase.args();
    const lookup = sinceNow();
    const first = await made(args);
    const second = await made(args);
    const error = await ambiguity(find(args, lookup));
    expect(error.candidates).toEqual([first, second]);
    expect(error.message).toContain(`(${first}, ${second})`);
    expect(error.message).toMatch(/set importId to its id/);
  });
});

describe("types whose object is one per place", () => {
  test("OutageSimulation: the cluster's simulation of those filters requested since the create began", async () => {
    const provider = outageSimulationResource.providerWith(deps());
    const east = { cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" };
    const inputs = await checkedInputs(provider, {
      groupId: GROUP,
      clusterName: "demo-cluster",
      outageFilters: [east],
    });
    const west = { ...inputs, outageFilters: [{ ...east, regionName: "US_WEST_2" }] };
    expect(await provider.findCreated?.(inputs, sinceNow())).toBeUndefined();
    // An older simulation of the same filters is not this create's.
    const older = await createdWith(provider, inputs);
    fx.emu.advance(LATER_MS);
    expect(await provider.findCreated?.(inputs, sinceNow())).toBeUndefined();
    await provider.delete(older.id, older.outs);
    fx.emu.advance(LATER_MS);
    const lookup = sinceNow();
    const { id } = await createdWith(provider, inputs);
    expect(await provider.findCreated?.(inputs, lookup)).toBe(id);
    expect(await provider.findCreated?.(west, lookup)).toBeUndefined();
    expect(await provider.findCreated?.(inputs, { ...lookup, taken: new Set([id]) })).toBeUndefined();
  });

  test("AlertAcknowledgement: the alert acknowledged as the inputs say; not acknowledged or otherwise is not", async () => {
    const provider = alertAcknowledgementResource.providerWith(deps());
    const config = await fx.client.alertConfigs.create(GROUP, {
      eventTypeName: "HOST_DOWN",
      enabled: true,
      notifications: [
        { typeName: "GROUP", intervalMin: 60, delayMin: 0, emailEnabled: true, roles: ["GROUP_OWNER"] },
      ],
    });
    const alert = raiseAlert(fx.emu.state, { groupId: GROUP, alertConfigId: config.id }, fx.emu.now());
    const inputs = await checkedInputs(provider, {
      groupId: GROUP,
      alertId: alert.id,
      acknowledgedUntil: "2030-01-31T12:00:00Z",
      acknowledgementComment: "maintenance",
    });
    expect(await provider.findCreated?.(inputs, sinceNow())).toBeUndefined();
    await fx.client.alerts.acknowledge(GROUP, alert.id, {
      acknowledgedUntil: "2030-01-31T12:00:00Z",
      acknowledgementComment: "someone else's",
    });
    expect(await provider.findCreated?.(inputs, sinceNow())).toBeUndefined();
    await fx.client.alerts.acknowledge(GROUP, alert.id, {
      acknowledgedUntil: "2030-01-31T13:00:00+01:00",
      acknowledgementComment: "maintenance",
    });
    expect(await provider.findCreated?.(inputs, sinceNow())).toBe(`${GROUP}/${alert.id}`);
  });

  test("FtsIndex: the index of that name on the collection", async () => {
    const provider = ftsIndexResource.providerWith(deps());
    const inputs = await checkedInputs(provider, {
      groupId: GROUP,
      clusterName: "demo-cluster",
      database: "sample_mflix",
      collectionName: "movies",
      name: "titles",
      mappings: { dynamic: true },
    });
    expect(await provider.findCreated?.(inputs, sinceNow())).toBeUndefined();
    const { id } = await createdWith(provider, inputs);
    expect(await provider.findCreated?.(inputs, sinceNow())).toBe(id);
  });

  test("LiveMigrationLinkToken: nothing to adopt, a create replaces the organization's one link", async () => {
    const provider = linkTokenResource.providerWith(deps());
    const orgId = "5f1a00000000000000000001";
    expect(await provider.findCreated?.({ orgId }, sinceNow())).toBeUndefined();
  });

  test("LiveMigration: the service lists no migrations, so whether one was made is a person's decision", async () => {
    const provider = liveMigrationResource.providerWith(deps());
    const inputs = await checkedInputs(provider, {
      groupId: GROUP,
      destination: { clusterName: "demo-cluster", hostnameSchemaType: "PUBLIC" },
      source: {
        clusterName: "self-managed-rs",
        groupId: "65f0c0ffee0000000000aa01",
        managedAuthentication: false,
        ssl: true,
        username: "migrator",
        password: "s3cret-source-password",
      },
      migrationHosts: ["migration-host-0.self-managed.local"],
    });
    const error = await ambiguity(provider.findCreated?.(inputs, sinceNow()) ?? Promise.resolve(undefined));
    expect(error.candidates).toEqual([]);
    expect(error.message).toMatch(/cannot be told .* migrations into cluster demo-cluster/);
  });
});

test("every declared resource type has a finder", () => {
  const types = RESOURCE_TYPES;
  expect(types).toHaveLength(18);
  expect(types.filter((type) => lookupResource(type).findCreated === undefined)).toEqual([]);
});
