import { resource as outageSimulationResource } from "../../../../provider/resources/outageSimulation/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// Each asynchronous step takes one second of the emulator's manual clock, which waits advance.
const fx = useEmulatorFixture({ asyncDelayMs: 1000 });
const provider = () => outageSimulationResource.providerWith({ client: () => fx.client, clock: fx.clock });

const CLUSTER = "demo-cluster";
const ID = `${GROUP}/${CLUSTER}`;
const EAST = { cloudProvider: "AWS", regionName: "US_EAST_1", type: "REGION" };
const WEST = { cloudProvider: "AWS", regionName: "US_WEST_2", type: "REGION" };

const liveState = async () => {
  try {
    return (await fx.client.outageSimulations.get(GROUP, CLUSTER)).state;
  } catch (error) {
    return (error as { status?: number }).status === 404 ? "gone" : "error";
  }
};

describe("OutageSimulation provider against the emulator", () => {
  test("create starts the simulation and waits until SIMULATING, with progress; read right after changes nothing", async () => {
    const inputs = await checkedInputs(provider(), {
      groupId: GROUP,
      clusterName: CLUSTER,
      outageFilters: [{ cloudProvider: "AWS", regionName: "US_EAST_1" }],
    });
    expect(inputs.outageFilters).toEqual([EAST]);
    const { id, outs } = await createdWith(provider(), inputs);
    expect(id).toBe(ID);
    expect(outs).toMatchObject({ state: "SIMULATING", outageFilters: [EAST] });
    expect(outs.simulationId).toMatch(/^[0-9a-f]{24}$/);
    // The first poll reads START_REQUESTED; later ones (backing off) may skip STARTING.
    expect(fx.progress[0]).toBe(
      `platform: outage simulation of cluster ${CLUSTER}: START_REQUESTED (0s elapsed)`,
    );
    for (const line of fx.progress) expect(line).toMatch(/: (START_REQUESTED|STARTING) \(\d+s elapsed\)$/);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("starting where a simulation runs fails with the importId hint; importId adopts it", async () => {
    await fx.client.outageSimulations.start(GROUP, CLUSTER, { outageFilters: [EAST] });
    const inputs = { groupId: GROUP, clusterName: CLUSTER, outageFilters: [EAST] };
    await expect(provider().create(inputs)).rejects.toThrow(
      `cluster ${CLUSTER} already has an outage simulation (one at a time); set importId: "${ID}" to manage the running simulation with this resource`,
    );
    const adopted = await createdWith(provider(), { ...inputs, importId: ID });
    expect(adopted.outs.state).toBe("SIMULATING");
  });

  test("any change of the filters replaces, ending the old simulation first; order does not matter", async () => {
    const olds = { groupId: GROUP, clusterName: CLUSTER, outageFilters: [EAST, WEST] };
    expect(await provider().diff(ID, olds, { ...olds, outageFilters: [WEST] })).toEqual({
      changes: true,
      replaces: ["outageFilters"],
      deleteBeforeReplace: true,
    });
    expect(await provider().diff(ID, olds, { ...olds, outageFilters: [WEST, EAST] })).toEqual({
      changes: false,
      replaces: [],
    });
    expect(await provider().diff(ID, olds, { ...olds, timeouts: { create: "1h" } })).toEqual({
      changes: true,
      replaces: [],
    });
  });

  test("update of timeouts sends nothing and keeps the simulation", async () => {
    const { id, outs } = await createdWith(provider(), {
      groupId: GROUP,
      clusterName: CLUSTER,
      outageFilters: [EAST],
    });
    fx.emu.core.requestLog.clear();
    const news = { groupId: GROUP, clusterName: CLUSTER, outageFilters: [EAST], timeouts: { delete: "1h" } };
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toMatchObject({ state: "SIMULATING", timeouts: { delete: "1h" } });
    expect(fx.emu.core.requestLog.list().filter((entry) => entry.method !== "GET")).toEqual([]);
  });

  test("delete ends the simulation and waits until it is gone; read then reports it gone", async () => {
    const { id, outs } = await createdWith(provider(), {
      groupId: GROUP,
      clusterName: CLUSTER,
      outageFilters: [EAST],
    });
    fx.progress.length = 0;
    await provider().delete(id, outs);
    expect(await liveState()).toBe("gone");
    expect(fx.progress[0]).toBe(
      `platform: outage simulation of cluster ${CLUSTER}: RECOVERY_REQUESTED (0s elapsed)`,
    );
    for (const line of fx.progress)
      expect(line).toMatch(/: (RECOVERY_REQUESTED|RECOVERING|COMPLETE) \(\d+s elapsed\)$/);
    expect(await provider().read(id, outs)).toEqual({});
  });

  test("delete of a simulation still starting waits for SIMULATING, then ends it", async () => {
    await fx.client.outageSimulations.start(GROUP, CLUSTER, { outageFilters: [EAST] });
    await provider().delete(ID, { groupId: GROUP, clusterName: CLUSTER, outageFilters: [EAST] });
    expect(await liveState()).toBe("gone");
  });

  test("check names the field and the rule", async () => {
    expect(
      (await provider().check({}, { groupId: GROUP, clusterName: CLUSTER, outageFilters: [] })).failures,
    ).toEqual([{ property: "outageFilters", reason: "outageFilters must contain at least 1 item" }]);
    expect(
      (
        await provider().check(
          {},
          {
            groupId: GROUP,
            clusterName: CLUSTER,
            outageFilters: [{ cloudProvider: "IBM", regionName: "X" }],
          },
        )
      ).failures,
    ).toEqual([
      {
        property: "outageFilters[0].cloudProvider",
        reason: 'outageFilters[0].cloudProvider must be one of "AWS", "AZURE", "GCP"',
      },
    ]);
  });
});
