import { resource as cloudProviderAccessRoleResource } from "../../../../provider/resources/cloudProviderAccessRole/resource";
import { AWS_ROLE, checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () =>
  cloudProviderAccessRoleResource.providerWith({ client: () => fx.client, clock: fx.clock });

const ARN = "arn:aws:iam::123456789012:role/platform-exports";
const OTHER_ARN = "arn:aws:iam::123456789012:role/platform-exports-2";

/** The service refuses the next `count` authorizations as while AWS propagates the role. */
const propagating = (count: number) =>
  fx.emu.core.faults.add({
    pathPattern: "/api/platform/v2/groups/*/cloudProviderAccess/*",
    method: "PATCH",
    status: 400,
    body: {
      error: 400,
      errorCode: "CANNOT_ASSUME_ROLE",
      detail: "The platform cannot assume the role.",
      reason: "Bad Request",
      parameters: [],
    },
    count,
  });

describe("CloudProviderAccessRole provider against the emulator", () => {
  test("create without an ARN makes the role, not authorized; read right after changes nothing", async () => {
    const inputs = await checkedInputs(provider(), { groupId: GROUP });
    const { id, outs } = await createdWith(provider(), inputs);
    const roleId = String(outs.roleId);
    expect(id).toBe(`${GROUP}/${roleId}`);
    expect(outs).toMatchObject({
      groupId: GROUP,
      roleId,
      platformAwsAccountArn: "arn:aws:iam::536727724300:root",
    });
    expect(outs.authorizedDate).toBeUndefined();
    expect(outs.platformAssumedRoleExternalId).toMatch(/^[0-9a-f-]{36}$/);
    const read = await provider().read(id, outs);
    expect(read).toEqual({ id, props: outs, inputs });
  });

  test("create with an ARN authorizes, retrying while AWS propagates the role, with progress", async () => {
    propagating(2);
    const { outs } = await createdWith(
      provider(),
      await checkedInputs(provider(), { groupId: GROUP, iamAssumedRoleArn: ARN }),
    );
    expect(typeof outs.authorizedDate).toBe("string");
    const live = await fx.client.cloudProviderAccess.get(GROUP, String(outs.roleId));
    expect(live.iamAssumedRoleArn).toBe(ARN);
    expect(fx.progress).toEqual([
      `platform: AWS access role ${String(outs.roleId)} of project ${GROUP}: CANNOT_ASSUME_ROLE (AWS may still be propagating the IAM role) (0s elapsed)`,
    ]);
  });

  test("retries are bounded by timeouts.create; the role stays in state", async () => {
    propagating(1000);
    const inputs = await checkedInputs(provider(), {
      groupId: GROUP,
      iamAssumedRoleArn: ARN,
      timeouts: { create: "30s" },
    });
    const error = await provider()
      .create(inputs)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ id: expect.stringMatching(new RegExp(`^${GROUP}/[0-9a-f]{24}$`)) });
    expect(String((error as Error).message)).toMatch(
      /^timed out after 30s waiting for AWS access role [0-9a-f]{24} of project 5f1a000000000000000000a1: still in state CANNOT_ASSUME_ROLE \(AWS may still be propagating the IAM role\) \(waiting for authorized with arn:aws:iam::123456789012:role\/platform-exports\); .*raise timeouts.create/,
    );
  });

  test("another refusal than CANNOT_ASSUME_ROLE ends at once", async () => {
    fx.emu.core.faults.add({
      pathPattern: "/api/platform/v2/groups/*/cloudProviderAccess/*",
      method: "PATCH",
      status: 403,
      body: {
        error: 403,
        errorCode: "IP_ADDRESS_NOT_ON_ACCESS_LIST",
        detail: "no",
        reason: "Forbidden",
        parameters: [],
      },
    });
    await expect(provider().create({ groupId: GROUP, iamAssumedRoleArn: ARN })).rejects.toMatchObject({
      message: expect.stringContaining("403"),
    });
    expect(fx.progress).toEqual([]);
  });

  test("a new ARN authorizes again in place; an out-of-band change shows in read", async () => {
    const { id, outs } = await createdWith(provider(), { groupId: GROUP, iamAssumedRoleArn: ARN });
    const updated = await provider().update?.(id, outs, { groupId: GROUP, iamAssumedRoleArn: OTHER_ARN });
    expect(updated?.outs).toMatchObject({ iamAssumedRoleArn: OTHER_ARN, roleId: outs.roleId });
    expect((await fx.client.cloudProviderAccess.get(GROUP, String(outs.roleId))).iamAssumedRoleArn).toBe(
      OTHER_ARN,
    );

    await fx.client.cloudProviderAccess.authorize(GROUP, String(outs.roleId), {
      providerName: "AWS",
      iamAssumedRoleArn: ARN,
    });
    const read = await provider().read(id, updated?.outs ?? {});
    expect(read.inputs).toEqual({ groupId: GROUP, iamAssumedRoleArn: ARN });
  });

  test("diff: a new ARN updates, removing it replaces, another project replaces", async () => {
    const olds = { groupId: GROUP, iamAssumedRoleArn: ARN, roleId: "5f1a000000000000000000c9" };
    expect(await provider().diff("x", olds, { groupId: GROUP, iamAssumedRoleArn: OTHER_ARN })).toEqual({
      changes: true,
      replaces: [],
    });
    expect(await provider().diff("x", olds, { groupId: GROUP })).toEqual({
      changes: true,
      replaces: ["iamAssumedRoleArn"],
    });
    expect(
      await provider().diff("x", olds, { groupId: "5f1a000000000000000000a2", iamAssumedRoleArn: ARN }),
    ).toEqual({
      changes: true,
      replaces: ["groupId"],
    });
    expect(await provider().diff("x", olds, { groupId: GROUP, iamAssumedRoleArn: ARN })).toEqual({
      changes: false,
      replaces: [],
    });
  });

  test("adopts the seeded authorized role by importId without authorizing again", async () => {
    const inputs = await checkedInputs(provider(), {
      groupId: GROUP,
      iamAssumedRoleArn: "arn:aws:iam::123456789012:role/demo-export-role",
      importId: `${GROUP}/${AWS_ROLE}`,
    });
    const { id, outs } = await createdWith(provider(), inputs);
    expect(id).toBe(`${GROUP}/${AWS_ROLE}`);
    expect(outs.authorizedDate).toBe("2025-03-12T00:00:00Z");
    expect(fx.emu.core.requestLog.list().filter((entry) => entry.method !== "GET")).toEqual([]);
  });

  test("delete deauthorizes and waits until the role is gone; read then reports it gone", async () => {
    const { id, outs } = await createdWith(provider(), { groupId: GROUP, iamAssumedRoleArn: ARN });
    await provider().delete(id, outs);
    expect(await provider().read(id, outs)).toEqual({});
    // Deleting again is fine: already gone.
    await provider().delete(id, outs);
  });

  test("check names the field and the rule of a malformed ARN", async () => {
    expect((await provider().check({}, { groupId: GROUP, iamAssumedRoleArn: "role/x" })).failures).toEqual([
      {
        property: "iamAssumedRoleArn",
        reason: "iamAssumedRoleArn must be an AWS IAM role ARN: arn:aws:iam::<12-digit account>:role/<name>",
      },
    ]);
  });
});
