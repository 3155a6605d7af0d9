import { resource as liveMigrationLinkTokenResource } from "../../../../provider/resources/liveMigrationLinkToken/resource";
import { checkedInputs, createdWith, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => liveMigrationLinkTokenResource.providerWith({ client: () => fx.client });

const ORG = "5f1a00000000000000000001";

const migratableProjects = () => fx.client.liveMigrations.listAvailableProjects(ORG);

describe("LiveMigrationLinkToken provider against the emulator", () => {
  test("create links the organization and returns the token; read right after changes nothing", async () => {
    const inputs = await checkedInputs(provider(), { orgId: ORG, accessListIps: ["203.0.113.10"] });
    const { id, outs } = await createdWith(provider(), inputs);
    expect(id).toBe(ORG);
    expect(outs).toEqual({ orgId: ORG, accessListIps: ["203.0.113.10"], linkToken: expect.any(String) });
    expect(String(outs.linkToken).length).toBeGreaterThan(20);
    expect((await migratableProjects()).length).toBe(1);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("delete removes the link; deleting again is fine", async () => {
    const { id, outs } = await createdWith(provider(), { orgId: ORG });
    await provider().delete(id, outs);
    expect(await migratableProjects()).toEqual([]);
    await provider().delete(id, outs);
  });

  test("any change replaces, removing the old link first", async () => {
    const olds = { orgId: ORG, accessListIps: ["203.0.113.10", "203.0.113.11"], linkToken: "t" };
    expect(await provider().diff(ORG, olds, { orgId: ORG, accessListIps: ["203.0.113.10"] })).toEqual({
      changes: true,
      replaces: ["accessListIps"],
      deleteBeforeReplace: true,
    });
    expect(
      await provider().diff(ORG, olds, { orgId: ORG, accessListIps: ["203.0.113.11", "203.0.113.10"] }),
    ).toEqual({ changes: false, replaces: [] });
  });

  test("read by id alone (pulumi import) is refused, naming why, before any request", async () => {
    await createdWith(provider(), { orgId: ORG });
    fx.emu.core.requestLog.clear();
    await expect(provider().read(ORG, {})).rejects.toThrow(
      "live migration link of organization 5f1a00000000000000000001 cannot be imported: the service shows a link's token only when it creates it. Declare the resource instead: its create makes a new link, which replaces the organization's current one",
    );
    expect(fx.emu.core.requestLog.list()).toEqual([]);
  });

  test("read of an organization that no longer exists reports the link gone", async () => {
    expect(await provider().read("5f1a0000000000000000ffff", { orgId: "5f1a0000000000000000ffff" })).toEqual(
      {},
    );
  });

  test("check names the field and the rule", async () => {
    expect((await provider().check({}, { orgId: "org-1" })).failures).toEqual([
      { property: "orgId", reason: "orgId must be 24 hexadecimal digits (a-f, 0-9)" },
    ]);
  });
});
