import { UNKNOWN } from "../../../../provider/framework/validation";
import { resource as privateIpModeResource } from "../../../../provider/resources/privateIpMode/resource";
import { checkedInputs, GROUP, OTHER_GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => privateIpModeResource.providerWith({ client: () => fx.client });

/** The writes the emulator saw, as "METHOD operation". */
const writes = () =>
  fx.emu.core.requestLog
    .list()
    .filter((entry) => entry.method !== "GET" && entry.operation !== null)
    .map((entry) => `${entry.method} ${entry.operation}`);

describe("PrivateIpMode provider against the emulator", () => {
  test("create adopts the project's mode and turns it on; read right after changes nothing", async () => {
    const inputs = await checkedInputs(provider(), { groupId: GROUP, enabled: true });
    const created = await provider().create(inputs);
    expect(created).toEqual({ id: GROUP, outs: { groupId: GROUP, enabled: true } });
    expect(writes()).toEqual(["PATCH 77"]);
    expect(await provider().read(GROUP, created.outs ?? {})).toEqual({
      id: GROUP,
      props: { groupId: GROUP, enabled: true },
      inputs: { groupId: GROUP, enabled: true },
    });
  });

  test("create refuses enabled: false while a cluster runs below 5.0, naming the cluster, before any write", async () => {
    fx.emu.core.requestLog.clear();
    expect((await provider().check({}, { groupId: GROUP, enabled: false })).failures).toEqual([]);
    expect(fx.emu.core.requestLog.list()).toEqual([]); // check sends no request
    await expect(provider().create({ groupId: GROUP, enabled: false })).rejects.toThrow(
      `enabled cannot be false while a cluster of project ${GROUP} runs a database version below 5.0: ` +
        "old-cluster (4.0.28); upgrade it first, or keep enabled: true",
    );
    expect(writes()).toEqual([]);
  });

  test("update refuses the same before any write", async () => {
    const { id, outs = {} } = await provider().create({ groupId: GROUP, enabled: true });
    fx.emu.core.requestLog.clear();
    await expect(provider().update?.(id, outs, { groupId: GROUP, enabled: false })).rejects.toThrow(
      "old-cluster (4.0.28)",
    );
    expect(writes()).toEqual([]);
  });

  test("turns the mode off in a project whose clusters all run 5.0 or later", async () => {
    const inputs = await checkedInputs(provider(), { groupId: OTHER_GROUP, enabled: false });
    expect(await provider().create(inputs)).toEqual({
      id: OTHER_GROUP,
      outs: { groupId: OTHER_GROUP, enabled: false },
    });
  });

  test("check does not ask the service while groupId is unknown (preview)", async () => {
    const result = await provider().check({}, { groupId: UNKNOWN, enabled: false });
    expect(result.failures).toEqual([]);
    expect(fx.emu.core.requestLog.list()).toEqual([]);
  });

  test("adopts with importId; delete leaves the mode as it is and says so", async () => {
    const inputs = await checkedInputs(provider(), { groupId: GROUP, enabled: true, importId: GROUP });
    const { id, outs = {} } = await provider().create(inputs);
    expect(outs).toEqual({ groupId: GROUP, enabled: true, importId: GROUP });
    fx.emu.core.requestLog.clear();
    await provider().delete(id, outs);
    expect(writes()).toEqual([]);
    expect(fx.progress).toEqual([
      `platform: private IP mode of project ${GROUP} left as it is (enabled: true): the resource no longer manages it`,
    ]);
  });

  test("read of a project that no longer exists reports the resource gone", async () => {
    expect(await provider().read("5f1a0000000000000000ffff", { enabled: true })).toEqual({});
  });
});
