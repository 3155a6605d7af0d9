import { resource as customDnsResource } from "../../../../provider/resources/customDns/resource";
import { checkedInputs, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => customDnsResource.providerWith({ client: () => fx.client });

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);

describe("CustomDns provider against the emulator", () => {
  test("create adopts the setting and enables it; read right after changes nothing", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: true });
    const created = await provider().create(inputs);
    expect(created).toEqual({ id: GROUP, outs: { groupId: GROUP, enabled: true } });
    expect((await fx.client.customDns.get(GROUP)).enabled).toBe(true);
    expect(await provider().read(GROUP, created.outs ?? {})).toEqual({
      id: GROUP,
      props: created.outs,
      inputs,
    });
  });

  test("create sends nothing when the setting already matches", async () => {
    const update = jest.spyOn(fx.client.customDns, "update");
    await provider().create(await checked({ groupId: GROUP, enabled: false }));
    expect(update).not.toHaveBeenCalled();
    update.mockRestore();
  });

  test("read shows an out-of-band change; update converges it", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: true });
    const { id, outs = {} } = await provider().create(inputs);
    await fx.client.customDns.update(GROUP, { enabled: false });
    const read = await provider().read(id, outs);
    expect(read.props).toEqual({ groupId: GROUP, enabled: false });
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
    expect(await provider().update?.(id, read.props ?? {}, inputs)).toEqual({
      outs: { groupId: GROUP, enabled: true },
    });
    expect((await fx.client.customDns.get(GROUP)).enabled).toBe(true);
  });

  test("delete restores the default (disabled)", async () => {
    const { id, outs = {} } = await provider().create(await checked({ groupId: GROUP, enabled: true }));
    await provider().delete(id, outs);
    expect((await fx.client.customDns.get(GROUP)).enabled).toBe(false);
  });

  test("adopts with importId", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: true, importId: GROUP });
    expect(await provider().create(inputs)).toEqual({
      id: GROUP,
      outs: { groupId: GROUP, enabled: true, importId: GROUP },
    });
  });

  test("read of a project that no longer exists reports the resource gone", async () => {
    expect(await provider().read("5f1a0000000000000000ffff", {})).toEqual({});
  });
});
