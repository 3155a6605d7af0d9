/**
 * A create whose POST may have acted (answered 5xx, lost its connection) looks its object up by its
 * natural key before failing (framework/adoption.ts createOrFind): found, it continues with it (never
 * a duplicate); not found, the POST did not act and is sent again. Deletes keep being sent while
 * their budget allows (framework/lifecycle.ts deleteIfExists). Against the emulator, whose faults
 * can answer before the request runs or after it acted (`afterHandling`).
 */
import { collect } from "../../../provider/client";
import type { PlatformProvider } from "../../../provider/framework/types";
import { resource as alertConfigurationResource } from "../../../provider/resources/alertConfiguration/resource";
import { resource as auditingResource } from "../../../provider/resources/auditing/resource";
import { resource as cloudProviderAccessRoleResource } from "../../../provider/resources/cloudProviderAccessRole/resource";
import { resource as exportBucketResource } from "../../../provider/resources/exportBucket/resource";
import { resource as onDemandSnapshotResource } from "../../../provider/resources/onDemandSnapshot/resource";
import { resource as restoreJobResource } from "../../../provider/resources/restoreJob/resource";
import { resource as searchDeploymentResource } from "../../../provider/resources/searchDeployment/resource";
import { resource as searchIndexResource } from "../../../provider/resources/searchIndex/resource";
import { resource as snapshotExportJobResource } from "../../../provider/resources/snapshotExportJob/resource";
import {
  AWS_ROLE,
  checkedInputs,
  createdWith,
  GROUP,
  useEmulatorFixture,
} from "../resources/emulatorFixture";

const fx = useEmulatorFixture({ asyncDelayMs: 1000 });
const deps = () => ({ client: () => fx.client, clock: fx.clock });

const INDEX = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  database: "sample_mflix",
  collectionName: "movies",
  name: "after-fault",
  definition: { mappings: { dynamic: true } },
};
const ALERT = {
  groupId: GROUP,
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  notifications: [{ typeName: "EMAIL", emailAddress: "oncall@example.com", delayMin: 0, intervalMin: 60 }],
};
const BUCKET = {
  groupId: GROUP,
  bucketName: "after-fault-bucket",
  cloudProvider: "AWS",
  iamRoleId: AWS_ROLE,
};
const NODES = {
  groupId: GROUP,
  clusterName: "demo-cluster",
  specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 }],
};

/** Requests of this method on paths matching `pattern`, as the emulator logged them. */
function logged(method: string, pattern: RegExp): Array<{ status: number; fault: string | null }> {
  return fx.emu.core.requestLog
    .list()
    .filter((entry) => entry.method === method && pattern.test(entry.path))
    .map((entry) => ({ status: entry.status, fault: entry.fault }));
}

async function create(provider: PlatformProvider, inputs: Record<string, unknown>) {
  return createdWith(provider, await checkedInputs(provider, inputs));
}

describe("a create whose POST may have acted", () => {
  // The client's first request meets the digest challenge (401) before it runs; made here, so the
  // faults below meet requests that run.
  beforeEach(async () => {
    await fx.client.searchIndexes.list(GROUP, "demo-cluster");
  });

  test("search index: the POST created it and answered 500; create continues with that index", async () => {
    const fault = fx.emu.core.faults.add({
      pathPattern: "**/search/indexes",
      method: "POST",
      status: 500,
      afterHandling: true,
      count: 1,
    });
    const { id, outs } = await create(searchIndexResource.providerWith(deps()), INDEX);
    const indexes = await fx.client.searchIndexes.list(GROUP, "demo-cluster");
    expect(indexes.map((index) => index.name)).toEqual(["after-fault"]);
    expect(id).toBe(`${GROUP}/demo-cluster/${indexes[0]?.indexID}`);
    expect(outs).toMatchObject({ status: "READY", queryable: true });
    expect(logged("POST", /\/search\/indexes$/)).toEqual([{ status: 500, fault: fault.id }]);
  });

  test("search index: the POST answered 500 without acting; it is sent again, one index", async () => {
    fx.emu.core.faults.add({ pathPattern: "**/search/indexes", method: "POST", status: 500, count: 2 });
    await create(searchIndexResource.providerWith(deps()), INDEX);
    expect((await fx.client.searchIndexes.list(GROUP, "demo-cluster")).map((index) => index.name)).toEqual([
      "after-fault",
    ]);
    expect(logged("POST", /\/search\/indexes$/).map((entry) => entry.status)).toEqual([500, 500, 201]);
  });

  test("alert configuration: the connection dropped after the POST acted; the equal configuration is taken", async () => {
    const fault = fx.emu.core.faults.add({
      pathPattern: "**/alertConfigs",
      method: "POST",
      drop: true,
      afterHandling: true,
      count: 1,
    });
    const { id } = await create(alertConfigurationResource.providerWith(deps()), ALERT);
    const configurations = await collect(fx.client.alertConfigs.listAll(GROUP));
    expect(configurations.map((configuration) => `${GROUP}/${configuration.id}`)).toEqual([id]);
    expect(logged("POST", /\/alertConfigs$/)).toEqual([{ status: 0, fault: fault.id }]);
  });

  test("export bucket: 503 after the POST acted; the bucket of that name and role is taken", async () => {
    fx.emu.core.faults.add({
      pathPattern: "**/backup/exportBuckets",
      method: "POST",
      status: 503,
      afterHandling: true,
      count: 1,
    });
    const { id } = await create(exportBucketResource.providerWith(deps()), BUCKET);
    const buckets = await collect(fx.client.exportBuckets.listAll(GROUP));
    expect(buckets.map((bucket) => `${GROUP}/${bucket._id}`)).toEqual([id]);
  });

  test("search nodes: 500 after the POST acted; create waits for the cluster's nodes instead", async () => {
    fx.emu.core.faults.add({
      pathPattern: "**/search/deployment",
      method: "POST",
      status: 500,
      afterHandling: true,
      count: 1,
    });
    const { id, outs } = await create(searchDeploymentResource.providerWith(deps()), NODES);
    expect(id).toBe(`${GROUP}/demo-cluster`);
    expect(outs).toMatchObject({ stateName: "IDLE", specs: NODES.specs });
  });

  test("a POST that keeps failing without acting fails after the attempts, naming the answer", async () => {
    fx.emu.core.faults.add({ pathPattern: "**/alertConfigs", method: "POST", status: 500 });
    await expect(create(alertConfigurationResource.providerWith(deps()), ALERT)).rejects.toThrow(
      /answered 500 UNEXPECTED_ERROR/,
    );
    expect(logged("POST", /\/alertConfigs$/)).toHaveLength(4);
    expect(await collect(fx.client.alertConfigs.listAll(GROUP))).toEqual([]);
  });

  test("a refusal that cannot have acted (400) is not looked up or repeated", async () => {
    fx.emu.core.faults.add({ pathPattern: "**/alertConfigs", method: "POST", status: 400, count: 1 });
    await expect(create(alertConfigurationResource.providerWith(deps()), ALERT)).rejects.toThrow(
      /answered 400/,
    );
    expect(logged("POST", /\/alertConfigs$/)).toHaveLength(1);
    expect(logged("GET", /\/alertConfigs$/)).toHaveLength(0);
  });
});

describe("a job whose POST may have acted never runs twice", () => {
  beforeEach(async () => {
    await fx.client.searchIndexes.list(GROUP, "demo-cluster");
  });

  /** A finished snapshot of demo-cluster. */
  async function snapshot(): Promise<string> {
    const taken = await fx.client.snapshots.takeOnDemand(GROUP, "demo-cluster", { retentionInDays: 1 });
    fx.emu.advance(5000);
    return taken.id;
  }
  const restoreOf = (snapshotId: string) => ({
    groupId: GROUP,
    clusterName: "demo-cluster",
    deliveryType: "automated",
    snapshotId,
    targetGroupId: GROUP,
    targetClusterName: "old-cluster",
  });
  const restoreJobIds = async () =>
    (await collect(fx.client.restoreJobs.listAll(GROUP, "demo-cluster"))).map(
      (job) => `${GROUP}/demo-cluster/${job.id}`,
    );

  test("restore job: the POST started the restore and answered 500; create continues with that job", async () => {
    const inputs = restoreOf(await snapshot());
    // An earlier restore with the same parameters, finished long before: not this create's.
    const earlier = await create(restoreJobResource.providerWith(deps()), inputs);
    fx.emu.advance(10 * 60_000);
    // The digest nonce expired with the clock: meet the new challenge before the fault.
    expect(await restoreJobIds()).toEqual([earlier.id]);
    const fault = fx.emu.core.faults.add({
      pathPattern: "**/backup/restoreJobs",
      method: "POST",
      status: 500,
      afterHandling: true,
      count: 1,
    });
    const { id, outs } = await create(restoreJobResource.providerWith(deps()), inputs);
    const jobs = await restoreJobIds();
    expect(jobs).toEqual([earlier.id, id]);
    expect(outs).toMatchObject({ state: "finished" });
    expect(logged("POST", /\/backup\/restoreJobs$/)).toEqual([
      { status: 200, fault: null },
      { status: 500, fault: fault.id },
    ]);
  });

  test("restore job: the POST answered 503 without acting; it is sent again, one job", async () => {
    fx.emu.core.faults.add({ pathPattern: "**/backup/restoreJobs", method: "POST", status: 503, count: 1 });
    const { id } = await create(restoreJobResource.providerWith(deps()), restoreOf(await snapshot()));
    expect(await restoreJobIds()).toEqual([id]);
    expect(logged("POST", /\/backup\/restoreJobs$/).map((entry) => entry.status)).toEqual([503, 200]);
  });

  test("snapshot export job and on-demand snapshot: the connection dropped after the POST acted; one each", async () => {
    const bucket = await fx.client.exportBuckets.create(GROUP, {
      bucketName: "exports",
      cloudProvider: "AWS",
      iamRoleId: AWS_ROLE,
    });
    const snapshotId = await snapshot();
    for (const pattern of ["**/backup/exports", "**/backup/snapshots"]) {
      fx.emu.core.faults.add({
        pathPattern: pattern,
        method: "POST",
        drop: true,
        afterHandling: true,
        count: 1,
      });
    }
    const exported = await create(snapshotExportJobResource.providerWith(deps()), {
      groupId: GROUP,
      clusterName: "demo-cluster",
      snapshotId,
      exportBucketId: bucket._id,
    });
    const exports = await collect(fx.client.exportJobs.listAll(GROUP, "demo-cluster"));
    expect(exports.map((job) => `${GROUP}/demo-cluster/${job.id}`)).toEqual([exported.id]);
    const taken = await create(onDemandSnapshotResource.providerWith(deps()), {
      groupId: GROUP,
      clusterName: "demo-cluster",
      description: "after a fault",
      retentionInDays: 1,
    });
    const described = (await collect(fx.client.snapshots.listAll(GROUP, "demo-cluster"))).filter(
      (found) => found.description === "after a fault",
    );
    expect(described.map((found) => `${GROUP}/demo-cluster/${found.id}`)).toEqual([taken.id]);
  });

  test("an equal object this provider made for another resource a moment before is not taken", async () => {
    // Two roles without an ARN fit the same lookup, and both fall in its window; the first is claimed.
    const provider = cloudProviderAccessRoleResource.providerWith(deps());
    const first = await create(provider, { groupId: GROUP });
    fx.emu.core.faults.add({
      pathPattern: "**/cloudProviderAccess",
      method: "POST",
      status: 500,
      afterHandling: true,
      count: 1,
    });
    const second = await create(provider, { groupId: GROUP });
    const roles = (await fx.client.cloudProviderAccess.list(GROUP)).awsIamRoles ?? [];
    const made = roles.map((role) => `${GROUP}/${role.roleId}`).filter((id) => id !== `${GROUP}/${AWS_ROLE}`);
    expect(made).toEqual([first.id, second.id]);
    expect(second.id).not.toBe(first.id);
    expect(logged("POST", /\/cloudProviderAccess$/).map((entry) => entry.status)).toEqual([200, 500]);
  });

  test("two jobs fit the lookup: the create fails naming both, and starts no third", async () => {
    const inputs = restoreOf(await snapshot());
    // Two restores with the same parameters started outside this resource, still running.
    const first = await fx.client.restoreJobs.create(GROUP, "demo-cluster", {
      deliveryType: "automated",
      snapshotId: inputs.snapshotId,
      targetGroupId: GROUP,
      targetClusterName: "old-cluster",
    });
    const second = await fx.client.restoreJobs.create(GROUP, "demo-cluster", {
      deliveryType: "automated",
      snapshotId: inputs.snapshotId,
      targetGroupId: GROUP,
      targetClusterName: "old-cluster",
    });
    fx.emu.core.faults.add({ pathPattern: "**/backup/restoreJobs", method: "POST", status: 500, count: 1 });
    const error = await create(restoreJobResource.providerWith(deps()), inputs).catch((e: unknown) => e);
    expect(String(error)).toContain(
      `(${GROUP}/demo-cluster/${first.id}, ${GROUP}/demo-cluster/${second.id}), so none was taken`,
    );
    expect(await restoreJobIds()).toHaveLength(2);
  });
});

describe("findCreated: the natural key of each resource", () => {
  test("finds what a create made, and nothing before it", async () => {
    const cases: Array<[PlatformProvider, Record<string, unknown>]> = [
      [searchIndexResource.providerWith(deps()), INDEX],
      [alertConfigurationResource.providerWith(deps()), ALERT],
      [exportBucketResource.providerWith(deps()), BUCKET],
      [searchDeploymentResource.providerWith(deps()), NODES],
    ];
    for (const [provider, raw] of cases) {
      const inputs = await checkedInputs(provider, raw);
      expect(await provider.findCreated?.(inputs)).toBeUndefined();
      const { id } = await createdWith(provider, inputs);
      expect(await provider.findCreated?.(inputs)).toBe(id);
      expect(await provider.findCreated?.(inputs, { taken: new Set([id]) })).toBe(
        raw === ALERT ? undefined : id,
      );
    }
  });

  test("an alert configuration with other content is not this create's", async () => {
    const provider = alertConfigurationResource.providerWith(deps());
    await create(provider, { ...ALERT, enabled: false });
    expect(await provider.findCreated?.(await checkedInputs(provider, ALERT))).toBeUndefined();
  });

  test("a project singleton is its project", async () => {
    const provider = auditingResource.providerWith(deps());
    const inputs = await checkedInputs(provider, { groupId: GROUP, enabled: true });
    expect(await provider.findCreated?.(inputs)).toBe(GROUP);
  });
});

describe("a delete keeps being sent while its budget allows", () => {
  test("more transient answers than the client retries: the alert configuration is deleted", async () => {
    const provider = alertConfigurationResource.providerWith(deps());
    const { id, outs } = await create(provider, ALERT);
    // The client sends a call 6 times (maxRetries 5); 8 failures need the delete sent again.
    fx.emu.core.faults.add({ pathPattern: "**/alertConfigs/*", method: "DELETE", status: 503, count: 8 });
    await provider.delete(id, outs);
    expect(await collect(fx.client.alertConfigs.listAll(GROUP))).toEqual([]);
    expect(logged("DELETE", /\/alertConfigs\//).map((entry) => entry.status)).toEqual([
      503, 503, 503, 503, 503, 503, 503, 503, 204,
    ]);
  });
});
