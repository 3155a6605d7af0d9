import { isPartialFailure } from "../../../../provider/framework/errors";
import { resource as searchDeploymentResource } from "../../../../provider/resources/searchDeployment/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// Every change takes 4 s of emulator time (UPDATING, then IDLE).
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
const provider = () => searchDeploymentResource.providerWith({ client: () => fx.client, clock: fx.clock });

const SPEC = { instanceSize: "S30_HIGHCPU_NVME", nodeCount: 2 };
const INPUTS = { groupId: GROUP, clusterName: "demo-cluster", specs: [SPEC] };

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);

const create = (inputs: Record<string, unknown>) => createdWith(provider(), inputs);

describe("SearchDeployment provider against the emulator", () => {
  test("create waits until IDLE; read right after returns the same outputs and inputs", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    expect(id).toBe(`${GROUP}/demo-cluster`);
    expect(outs).toEqual({
      ...INPUTS,
      deploymentId: expect.stringMatching(/^[a-f0-9]{24}$/),
      stateName: "IDLE",
      encryptionAtRestProvider: "NONE",
    });
    expect(fx.progress.map((line) => line.replace(/ \(\d+s elapsed\)$/, ""))).toEqual([
      "platform: search nodes of cluster demo-cluster: UPDATING",
    ]);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("update in place: PATCH the specs, wait until IDLE", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    const news = await checked({ ...INPUTS, specs: [{ instanceSize: "S40_LOWCPU_NVME", nodeCount: 4 }] });
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toMatchObject({
      specs: [{ instanceSize: "S40_LOWCPU_NVME", nodeCount: 4 }],
      stateName: "IDLE",
    });
    const live = await fx.client.searchDeployments.get(GROUP, "demo-cluster");
    expect(live.specs).toEqual([{ instanceSize: "S40_LOWCPU_NVME", nodeCount: 4 }]);
  });

  test("an out-of-band change shows in read as exactly the specs", async () => {
    const inputs = await checked(INPUTS);
    const { id, outs } = await create(inputs);
    await fx.client.searchDeployments.update(GROUP, "demo-cluster", {
      specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 6 }],
    });
    fx.emu.advance(5000);
    const read = await provider().read(id, outs);
    expect(read.inputs).toEqual({ ...inputs, specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 6 }] });
    expect(read.props).toEqual({ ...outs, specs: [{ instanceSize: "S30_HIGHCPU_NVME", nodeCount: 6 }] });
  });

  test("create where nodes already exist tells the user to set importId", async () => {
    await fx.client.searchDeployments.create(GROUP, "demo-cluster", { specs: [SPEC] });
    await expect(provider().create(await checked(INPUTS))).rejects.toThrow(
      `search nodes of cluster demo-cluster already exist (cluster demo-cluster in project ${GROUP}); ` +
        `set importId: "${GROUP}/demo-cluster" to manage the existing search nodes with this resource`,
    );
  });

  test("adopt by importId converges the existing nodes (waiting for a change in progress first)", async () => {
    await fx.client.searchDeployments.create(GROUP, "demo-cluster", { specs: [SPEC] });
    const inputs = await checked({
      ...INPUTS,
      specs: [{ ...SPEC, nodeCount: 3 }],
      importId: `${GROUP}/demo-cluster`,
    });
    const { id, outs } = await create(inputs);
    expect(id).toBe(`${GROUP}/demo-cluster`);
    expect(outs).toMatchObject({
      specs: [{ ...SPEC, nodeCount: 3 }],
      stateName: "IDLE",
      importId: `${GROUP}/demo-cluster`,
    });
    expect((await fx.client.searchDeployments.get(GROUP, "demo-cluster")).specs).toEqual([
      { ...SPEC, nodeCount: 3 },
    ]);
  });

  test("adopt where there are no nodes says so", async () => {
    await expect(
      provider().create(await checked({ ...INPUTS, importId: `${GROUP}/demo-cluster` })),
    ).rejects.toThrow(
      `importId "${GROUP}/demo-cluster" names no existing search nodes of cluster demo-cluster`,
    );
  });

  test("importId must agree with the inputs", async () => {
    await expect(
      provider().create(await checked({ ...INPUTS, importId: `${GROUP}/sharded-cluster` })),
    ).rejects.toThrow(
      'importId "5f1a000000000000000000a1/sharded-cluster" names clusterName "sharded-cluster", but the clusterName input is "demo-cluster"',
    );
  });

  test("a create that times out keeps the nodes in state; the next update resumes the wait", async () => {
    const inputs = await checked({ ...INPUTS, timeouts: { create: 2 } });
    const error = await provider()
      .create(inputs)
      .catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    const partial = error as { id: string; properties: Record<string, unknown>; message: string };
    expect(partial.id).toBe(`${GROUP}/demo-cluster`);
    expect(partial.message).toMatch(
      /^timed out after 2s waiting for search nodes of cluster demo-cluster: still in state UPDATING \(waiting for IDLE\)/,
    );
    const resumed = await provider().update?.(partial.id, partial.properties, await checked(INPUTS));
    expect(resumed?.outs).toMatchObject({ stateName: "IDLE" });
  });

  test("with deleteOnCreateFailure, a create that times out deletes the nodes it made", async () => {
    const inputs = await checked({ ...INPUTS, timeouts: { create: 2 }, deleteOnCreateFailure: true });
    const error = (await create(inputs).then(
      () => new Error("expected the create to fail"),
      (e: unknown) => e,
    )) as Error;
    expect(isPartialFailure(error)).toBe(false);
    expect(error.message).toMatch(
      /; the object 5f1a000000000000000000a1\/demo-cluster was deleted as requested$/,
    );
    expect((await fx.client.searchDeployments.get(GROUP, "demo-cluster")).specs).toBeUndefined();
  });

  test("delete waits until GET answers {}; a second delete succeeds", async () => {
    const { id, outs } = await create(await checked(INPUTS));
    await provider().delete(id, outs);
    const live = await fx.client.searchDeployments.get(GROUP, "demo-cluster");
    expect(live.specs).toBeUndefined();
    expect(await provider().read(id, outs)).toEqual({});
    await provider().delete(id, outs);
  });
});
