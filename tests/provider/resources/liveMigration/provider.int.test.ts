import { resource as liveMigrationResource } from "../../../../provider/resources/liveMigration/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

// Each asynchronous step takes one second of the emulator's manual clock, which waits advance.
const fx = useEmulatorFixture({ asyncDelayMs: 1000 });
const provider = () => liveMigrationResource.providerWith({ client: () => fx.client, clock: fx.clock });

const SOURCE_GROUP = "65f0c0ffee0000000000aa01";
const args = (overrides: Record<string, unknown> = {}) => ({
  groupId: GROUP,
  destination: { clusterName: "demo-cluster", hostnameSchemaType: "PUBLIC" },
  source: {
    clusterName: "self-managed-rs",
    groupId: SOURCE_GROUP,
    managedAuthentication: false,
    ssl: true,
    username: "migrator",
    password: "s3cret-source-password",
  },
  migrationHosts: ["migration-host-0.self-managed.local"],
  ...overrides,
});

/** The writes the emulator saw, as "METHOD operation". */
const writes = () =>
  fx.emu.core.requestLog
    .list()
    .filter((entry) => entry.method !== "GET" && entry.operation !== null)
    .map((entry) => `${entry.method} ${entry.operation}`);

describe("LiveMigration provider against the emulator", () => {
  test("create validates, creates and waits until ready for cutover, without cutting over; read changes nothing", async () => {
    const inputs = await checkedInputs(provider(), args());
    expect(inputs).toMatchObject({ cutover: false, dropDestinationData: false });
    const { id, outs } = await createdWith(provider(), inputs);
    expect(id).toBe(`${GROUP}/${String(outs.liveMigrationId)}`);
    expect(outs).toMatchObject({ status: "WORKING", readyForCutover: true, cutover: false });
    expect(outs.validationId).toMatch(/^[0-9a-f]{24}$/);
    expect(writes()).toEqual(["POST 65", "POST 64"]);
    expect(await provider().read(id, outs)).toEqual({ id, props: outs, inputs });
  });

  test("a failed validation creates nothing and shows the validation's error", async () => {
    const inputs = await checkedInputs(
      provider(),
      args({ destination: { clusterName: "no-such-cluster", hostnameSchemaType: "PUBLIC" } }),
    );
    await expect(provider().create(inputs)).rejects.toThrow(
      `validation of the live migration into cluster no-such-cluster failed in state FAILED: Destination cluster no-such-cluster does not exist in group ${GROUP}.`,
    );
    expect(writes()).toEqual(["POST 65"]);
  });

  test("cutover: true at create cuts over once ready and waits until COMPLETE", async () => {
    const { outs } = await createdWith(provider(), await checkedInputs(provider(), args({ cutover: true })));
    expect(outs).toMatchObject({ status: "COMPLETE", cutover: true, readyForCutover: false });
    expect(writes()).toEqual(["POST 65", "POST 64", "PUT 68"]);
  });

  test("cutover turned true later cuts over in place; back to false is refused at check", async () => {
    const inputs = await checkedInputs(provider(), args());
    const { id, outs } = await createdWith(provider(), inputs);
    const news = await checkedInputs(provider(), args({ cutover: true }));
    expect(await provider().diff(id, outs, news)).toEqual({ changes: true, replaces: [] });
    const updated = await provider().update?.(id, outs, news);
    expect(updated?.outs).toMatchObject({ status: "COMPLETE", cutover: true });
    expect((await provider().check(news, args({ cutover: false }))).failures).toEqual([
      {
        property: "cutover",
        reason: "cutover cannot go back to false: the migration was cut over, which cannot be undone",
      },
    ]);
  });

  test("what is migrated replaces the migration", async () => {
    const olds = await checkedInputs(provider(), args());
    const news = await checkedInputs(provider(), args({ migrationHosts: ["other-host.self-managed.local"] }));
    expect(await provider().diff("x", olds, news)).toEqual({ changes: true, replaces: ["migrationHosts"] });
  });

  test("a cutover made outside Pulumi shows as cutover in read", async () => {
    const { id, outs } = await createdWith(provider(), await checkedInputs(provider(), args()));
    await fx.client.liveMigrations.cutover(GROUP, String(outs.liveMigrationId));
    await fx.clock.sleep(2000);
    const read = await provider().read(id, outs);
    expect(read.inputs).toMatchObject({ cutover: true });
    expect(read.props).toMatchObject({ status: "COMPLETE" });
  });

  test("adopts an existing migration by importId and waits until it is ready", async () => {
    const existing = await fx.client.liveMigrations.create(GROUP, {
      destination: { clusterName: "demo-cluster", groupId: GROUP, hostnameSchemaType: "PUBLIC" },
      source: {
        clusterName: "self-managed-rs",
        groupId: SOURCE_GROUP,
        managedAuthentication: false,
        ssl: true,
      },
      migrationHosts: ["migration-host-0.self-managed.local"],
    });
    fx.emu.core.requestLog.clear();
    const importId = `${GROUP}/${existing._id}`;
    const { id, outs } = await createdWith(provider(), await checkedInputs(provider(), args({ importId })));
    expect(id).toBe(importId);
    expect(outs).toMatchObject({ status: "WORKING", readyForCutover: true, validationId: undefined });
    expect(writes()).toEqual([]);
  });

  test("delete only forgets the migration, and says so", async () => {
    const { id, outs } = await createdWith(provider(), await checkedInputs(provider(), args()));
    fx.emu.core.requestLog.clear();
    fx.progress.length = 0;
    await provider().delete(id, outs);
    expect(writes()).toEqual([]);
    expect(fx.progress).toEqual([
      `platform: live migration into cluster demo-cluster (${String(outs.liveMigrationId)}) (last status WORKING) is only forgotten: the API has no operation that deletes or cancels a live migration`,
    ]);
  });

  test("read of an unknown migration reports it gone", async () => {
    expect(await provider().read(`${GROUP}/5f1a0000000000000000ffff`, {})).toEqual({});
  });

  test("check names the field and the rule", async () => {
    expect((await provider().check({}, args({ migrationHosts: ["a", "b"] }))).failures).toEqual([
      { property: "migrationHosts", reason: "migrationHosts must contain exactly 1 item" },
    ]);
    expect(
      (await provider().check({}, args({ destination: { clusterName: "x", hostnameSchemaType: "VPN" } })))
        .failures,
    ).toEqual([
      {
        property: "destination.hostnameSchemaType",
        reason: 'destination.hostnameSchemaType must be one of "PUBLIC", "PRIVATE_LINK", "VPC_PEERING"',
      },
    ]);
  });
});
