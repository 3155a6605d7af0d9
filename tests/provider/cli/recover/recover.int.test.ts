/**
 * `recover`'s decisions with the real finders against the emulator (the engine's part, export and
 * import, is covered by tests/e2e/reliability.e2e.test.ts): the pending creates of a killed `up` that
 * took an on-demand snapshot and started a restore are adopted with exactly those objects, not the
 * equal ones other resources of the stack hold or earlier runs made; one that reached nothing is
 * cleared; two that fit leave the pending create undecided.
 */
import { type FindCreated, planRecovery } from "../../../../provider/cli/recover/recover";
import { providerWith } from "../../../../provider/runtime";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../../resources/emulatorFixture";

const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const deps = () => ({ client: () => fx.client, clock: fx.clock });
const find: FindCreated = async (typeName, inputs, lookup) => {
  const provider = providerWith(typeName, deps());
  if (provider.findCreated === undefined) return "no-natural-key";
  return provider.findCreated(inputs, lookup);
};

const token = (type: string) => `pulumi-nodejs:dynamic/platform:${type}`;
const urn = (type: string, name: string) => `urn:pulumi:test::proj::${token(type)}::${name}`;

/** The checked inputs of a resource, as a pending create holds them (with the serialized provider). */
async function inputsOf(type: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { __provider: "exports.handler = ...", ...(await checkedInputs(providerWith(type, deps()), args)) };
}

/** Creates through the provider: the service has the object, the state does not. */
async function made(type: string, inputs: Record<string, unknown>): Promise<string> {
  const { __provider: _provider, ...args } = inputs;
  return (await createdWith(providerWith(type, deps()), args)).id;
}

const pending = (type: string, name: string, inputs: Record<string, unknown>) => ({
  type: "creating",
  resource: { urn: urn(type, name), type: token(type), custom: true, inputs },
});
const held = (type: string, name: string, id: string) => ({
  urn: urn(type, name),
  type: token(type),
  custom: true,
  id,
});

const SNAPSHOT_ARGS = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  description: "before the upgrade",
  retentionInDays: 3,
};

test("a killed up's snapshot and restore are adopted, not the equal ones held or older; nothing made is cleared", async () => {
  const snapshotInputs = await inputsOf("OnDemandSnapshot", SNAPSHOT_ARGS);
  // Another resource of the stack holds an equal snapshot, and an earlier run left one on the service.
  const heldSnapshot = await made("OnDemandSnapshot", snapshotInputs);
  await made("OnDemandSnapshot", snapshotInputs);
  const restoreInputs = await inputsOf("RestoreJob", {
    groupId: GROUP,
    clusterName: "demo-cluster",
    deliveryType: "automated",
    snapshotId: heldSnapshot.split("/")[2],
    targetGroupId: GROUP,
    targetClusterName: "old-cluster",
  });
  await made("RestoreJob", restoreInputs);
  fx.emu.advance(10 * 60_000);
  // The last recorded update ended here; the killed run began after it.
  const since = new Date(fx.emu.now());
  const snapshot = await made("OnDemandSnapshot", snapshotInputs);
  const restore = await made("RestoreJob", restoreInputs);
  const exportInputs = await inputsOf("SnapshotExportJob", {
    groupId: GROUP,
    clusterName: "demo-cluster",
    snapshotId: heldSnapshot.split("/")[2],
    exportBucketId: (
      await fx.client.exportBuckets.create(GROUP, {
        bucketName: "exports",
        cloudProvider: "AWS",
        iamRoleId: "5f1a000000000000000000c1",
      })
    )._id,
  });

  const { deployment, actions } = await planRecovery(
    {
      resources: [held("OnDemandSnapshot", "kept", heldSnapshot)],
      pending_operations: [
        pending("OnDemandSnapshot", "before-upgrade", snapshotInputs),
        pending("RestoreJob", "restore", restoreInputs),
        pending("SnapshotExportJob", "export", exportInputs),
      ],
    },
    find,
    since,
  );
  expect(actions.map((action) => [action.type, action.outcome, action.id])).toEqual([
    ["OnDemandSnapshot", "adopted", snapshot],
    ["RestoreJob", "adopted", restore],
    ["SnapshotExportJob", "cleared", undefined],
  ]);
  expect(deployment.pending_operations).toBeUndefined();
  expect(deployment.resources?.map((resource) => resource.id)).toEqual([heldSnapshot, snapshot, restore]);
});

test("two snapshots fit: the pending create stays undecided, naming both", async () => {
  const since = new Date(fx.emu.now());
  const snapshotInputs = await inputsOf("OnDemandSnapshot", SNAPSHOT_ARGS);
  const first = await made("OnDemandSnapshot", snapshotInputs);
  const second = await made("OnDemandSnapshot", snapshotInputs);
  const operation = pending("OnDemandSnapshot", "before-upgrade", snapshotInputs);
  const { deployment, actions } = await planRecovery(
    { resources: [], pending_operations: [operation] },
    find,
    since,
  );
  expect(actions.map((action) => [action.outcome, action.candidates])).toEqual([
    ["undecided", [first, second]],
  ]);
  expect(deployment.pending_operations).toEqual([operation]);
});
