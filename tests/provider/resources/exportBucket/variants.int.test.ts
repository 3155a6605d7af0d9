/**
 * The export bucket body's other variants (the contract's DiskBackupSnapshot{Azure,GCP}
 * ExportBucketRequest, told apart by cloudProvider) through the resource against the in-process
 * emulator: create, read, a clean diff and delete. No test sent them before (the other tests and the
 * e2e programs use AWS buckets); the contract check counts them as variants of operation 38
 * (docs/contract-check.md, Coverage). The Azure role is created through the client (operation 73,
 * providerName AZURE) and removed through it (74b); a GCP role comes only from a seed (operations
 * 72-74 create AWS and Azure roles), so the test puts one in the emulator's state.
 */
import { accessRoleTable } from "../../../../emulator/domain/cloudProviderAccess";
import { resource as exportBucketResource } from "../../../../provider/resources/exportBucket/resource";
import { checkedInputs, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => exportBucketResource.providerWith({ client: () => fx.client, clock: fx.clock });

const GCP_ROLE = "5f1a0000000000000000a6c1";

/** Create, read (no change), delete; returns the live bucket as the client reads it before the delete. */
async function lifecycle(inputs: Record<string, unknown>) {
  const checked = await checkedInputs(provider(), inputs);
  const created = await provider().create(checked);
  const bucketId = String(created.outs?.exportBucketId);
  expect(created).toEqual({ id: `${GROUP}/${bucketId}`, outs: { ...checked, exportBucketId: bucketId } });
  const read = await provider().read(created.id, created.outs ?? {});
  expect(read).toEqual({ id: created.id, props: created.outs, inputs: checked });
  expect(await provider().diff(created.id, read.props ?? {}, checked)).toEqual({
    changes: false,
    replaces: [],
  });
  const live = await fx.client.exportBuckets.get(GROUP, bucketId);
  await provider().delete(created.id, created.outs ?? {});
  expect((await fx.client.exportBuckets.list(GROUP)).results.map((bucket) => bucket._id)).not.toContain(
    bucketId,
  );
  return live;
}

test("an AZURE bucket, on a role created through the client", async () => {
  const body = {
    providerName: "AZURE",
    platformAzureAppId: "6f1a0000-0000-0000-0000-0000000000a1",
    servicePrincipalId: "6f1a0000-0000-0000-0000-0000000000b1",
    tenantId: "6f1a0000-0000-0000-0000-0000000000c1",
  };
  const role = await fx.client.cloudProviderAccess.create(GROUP, body);
  const roleId = String(role._id);
  const serviceUrl = "https://exportsaccount.blob.core.windows.net/exports";
  const live = await lifecycle({
    groupId: GROUP,
    bucketName: "exports",
    cloudProvider: "AZURE",
    roleId,
    serviceUrl,
  });
  expect(live).toMatchObject({ cloudProvider: "AZURE", roleId, serviceUrl, bucketName: "exports" });

  await fx.client.cloudProviderAccess.deauthorize(GROUP, "AZURE", roleId);
  expect((await fx.client.cloudProviderAccess.list(GROUP)).azureServicePrincipals ?? []).toEqual([]);
});

test("a GCP bucket, on a role of the project's state", async () => {
  accessRoleTable(fx.emu.state)[GCP_ROLE] = {
    roleId: GCP_ROLE,
    groupId: GROUP,
    providerName: "GCP",
    createdDate: "2025-03-12T00:00:00Z",
    authorizedDate: "2025-03-12T00:00:00Z",
    iamAssumedRoleArn: null,
    platformAssumedRoleExternalId: null,
    platformAzureAppId: null,
    servicePrincipalId: null,
    tenantId: null,
  };
  const live = await lifecycle({
    groupId: GROUP,
    bucketName: "gcp-exports",
    cloudProvider: "GCP",
    roleId: GCP_ROLE,
  });
  expect(live).toMatchObject({ cloudProvider: "GCP", roleId: GCP_ROLE, bucketName: "gcp-exports" });
});
