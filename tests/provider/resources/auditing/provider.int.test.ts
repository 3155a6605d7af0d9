import { resource as auditingResource } from "../../../../provider/resources/auditing/resource";
import { checkedInputs, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => auditingResource.providerWith({ client: () => fx.client });

const checked = (news: Record<string, unknown>) => checkedInputs(provider(), news);

describe("Auditing provider against the emulator", () => {
  test("create adopts the configuration and converges it", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: true, auditFilter: { atype: "authenticate" } });
    const created = await provider().create(inputs);
    expect(created).toEqual({
      id: GROUP,
      outs: {
        groupId: GROUP,
        enabled: true,
        auditAuthorizationSuccess: false,
        auditFilter: '{"atype":"authenticate"}',
        configurationType: "FILTER_JSON",
      },
    });
    const live = await fx.client.auditing.get(GROUP);
    expect(live.enabled).toBe(true);
    expect(JSON.parse(live.auditFilter ?? "")).toEqual({ atype: "authenticate" });
  });

  test("read right after create reports the same outputs and inputs (refresh changes nothing)", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: true, auditAuthorizationSuccess: true });
    const { id, outs = {} } = await provider().create(inputs);
    const read = await provider().read(id, outs);
    expect(read).toEqual({ id, props: outs, inputs });
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: false, replaces: [] });
  });

  test("read shows an out-of-band change as exactly that field", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: true });
    const { id, outs = {} } = await provider().create(inputs);
    await fx.client.auditing.update(GROUP, { auditAuthorizationSuccess: true });
    const read = await provider().read(id, outs);
    expect(read.props).toEqual({ ...outs, auditAuthorizationSuccess: true });
    expect(read.inputs).toEqual({ ...inputs, auditAuthorizationSuccess: true });
    expect(await provider().diff(id, read.props ?? {}, inputs)).toEqual({ changes: true, replaces: [] });
  });

  test("a filter written with other spacing or key order is no change", async () => {
    const inputs = await checked({ groupId: GROUP, auditFilter: '{"a": 1, "b": [1, 2]}' });
    const { id, outs = {} } = await provider().create(inputs);
    await fx.client.auditing.update(GROUP, { auditFilter: '{ "b": [1,2],   "a": 1 }' });
    const read = await provider().read(id, outs);
    expect(read.props).toEqual(outs);
  });

  test("update PATCHes only the changed fields", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: true });
    const { id, outs = {} } = await provider().create(inputs);
    const news = await checked({ groupId: GROUP, enabled: true, auditFilter: '{"atype":"authCheck"}' });
    const patch = jest.spyOn(fx.client.auditing, "update");
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toEqual({
      ...outs,
      auditFilter: '{"atype":"authCheck"}',
      configurationType: "FILTER_JSON",
    });
    expect(patch.mock.calls).toEqual([[GROUP, { auditFilter: '{"atype":"authCheck"}' }]]);
    patch.mockRestore();
  });

  test("delete restores the service's defaults", async () => {
    const inputs = await checked({
      groupId: GROUP,
      enabled: true,
      auditAuthorizationSuccess: true,
      auditFilter: '{"x":1}',
    });
    const { id, outs = {} } = await provider().create(inputs);
    await provider().delete(id, outs);
    const live = await fx.client.auditing.get(GROUP);
    expect({ ...live, links: undefined }).toEqual({
      enabled: false,
      auditAuthorizationSuccess: false,
      auditFilter: "{}",
      configurationType: "NONE",
      links: undefined,
    });
  });

  test("explains the tier restriction", async () => {
    // A project whose only cluster is M0 cannot enable auditing.
    for (const key of Object.keys(fx.emu.state.clusters)) {
      const cluster = fx.emu.state.clusters[key];
      if (cluster !== undefined && cluster.groupId === GROUP && cluster.tier !== "M0")
        delete fx.emu.state.clusters[key];
    }
    const inputs = await checked({ groupId: GROUP, enabled: true });
    await expect(provider().create(inputs)).rejects.toThrow(
      /^auditing cannot be enabled in project 5f1a000000000000000000a1: it is not available for M0, M2, M5 or serverless clusters \(.*AUDITING_NOT_SUPPORTED_FOR_TIER.*\)\. Add a dedicated cluster \(M10 or larger\) to the project, or set enabled: false\.$/,
    );
  });

  test("adopts with importId and refuses an importId of another project", async () => {
    const inputs = await checked({ groupId: GROUP, enabled: false, importId: GROUP });
    expect((await provider().create(inputs)).id).toBe(GROUP);
    await expect(provider().create({ ...inputs, importId: "5f1a000000000000000000a2" })).rejects.toThrow(
      'invalid inputs: importId must be <groupId>, the same project as groupId (5f1a000000000000000000a1); got "5f1a000000000000000000a2"',
    );
  });

  test("read of a project that no longer exists reports the resource gone", async () => {
    expect(
      await provider().read("5f1a0000000000000000ffff", { groupId: "5f1a0000000000000000ffff" }),
    ).toEqual({});
  });
});
