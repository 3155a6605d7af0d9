/**
 * A refresh's burst of reads of one project's alert configurations: at least PAGE_READ_THRESHOLD
 * reads arriving together all come from one list page (provider/framework/pageReads.ts), and answer
 * exactly what single reads answer, drift included.
 */
import { DEFAULT_SEED } from "../../../../emulator";
import { createClient } from "../../../../provider/client";
import { PAGE_READ_THRESHOLD } from "../../../../provider/framework/pageReads";
import type { PlatformProvider } from "../../../../provider/framework/types";
import { resource as alertConfigurationResource } from "../../../../provider/resources/alertConfiguration/resource";
import { checkedInputs, createdWith, GROUP, useEmulatorFixture } from "../emulatorFixture";

const fx = useEmulatorFixture();
const provider = () => alertConfigurationResource.providerWith({ client: () => fx.client });

const COUNT = 12;

/** Configurations that differ in matchers, notifications and switches (credentials included). */
function inputsOf(index: number): Record<string, unknown> {
  const notifications: Array<Record<string, unknown>> = [
    { typeName: "EMAIL", emailAddress: `oncall-${index}@example.com`, delayMin: index % 3, intervalMin: 60 },
  ];
  if (index % 2 === 0)
    notifications.push({ typeName: "SLACK", apiToken: `xoxb-token-${index}000`, channelName: "#ops" });
  if (index % 3 === 0) notifications.push({ typeName: "PAGER_DUTY", serviceKey: `pd-service-key-${index}` });
  return {
    groupId: GROUP,
    enabled: index % 4 !== 1,
    eventTypeName: "DEPLOYMENT_FAILURE",
    matchers: [
      { fieldName: "APPLICATION_ID", operator: index % 2 ? "EQUALS" : "STARTS_WITH", value: `app-${index}` },
    ],
    notifications,
  };
}

interface Created {
  id: string;
  outs: Record<string, unknown>;
  inputs: Record<string, unknown>;
}

async function createAll(through: PlatformProvider): Promise<Created[]> {
  const created: Created[] = [];
  for (let index = 0; index < COUNT; index++) {
    const inputs = await checkedInputs(through, inputsOf(index));
    const { id, outs } = await createdWith(through, inputs);
    created.push({ id, outs: outs as Record<string, unknown>, inputs });
  }
  return created;
}

/**
 * Reads the emulator saw since the log was cleared: single reads (operation 7), pages answered (4),
 * and pages an injected fault answered (routed to no operation).
 */
function reads(): { single: number; pages: number; faultedPages: number } {
  const entries = fx.emu.core.requestLog.list();
  return {
    single: entries.filter((entry) => entry.operation === "7").length,
    pages: entries.filter((entry) => entry.operation === "4").length,
    faultedPages: entries.filter((entry) => entry.fault !== null && entry.path.endsWith("/alertConfigs"))
      .length,
  };
}

describe("AlertConfiguration reads of a refresh, from pages", () => {
  test("a burst of reads answers what single reads answer, drift included, with one page", async () => {
    const created = await createAll(provider());
    // Out of band: one configuration disabled, one deleted.
    const changed = created[9] as Created;
    const deleted = created[10] as Created;
    await fx.client.alertConfigs.setEnabled(GROUP, changed.id.split("/")[1] as string, false);
    await fx.client.alertConfigs.delete(GROUP, deleted.id.split("/")[1] as string);

    // Each read by a provider of its own: one single read each, the pre-page behaviour.
    const expected = [];
    for (const { id, outs } of created) expected.push(await provider().read(id, outs));
    expect(expected[9]?.inputs).toEqual({ ...changed.inputs, enabled: false });
    expect(expected[10]).toEqual({});

    fx.emu.core.requestLog.clear();
    const refreshing = provider();
    const burst = await Promise.all(created.map(({ id, outs }) => refreshing.read(id, outs)));
    expect(burst).toEqual(expected);
    // The 12 reads arrive together, so none is sent alone; the deleted one is not on the page: its own
    // read says it is gone.
    expect(COUNT).toBeGreaterThanOrEqual(PAGE_READ_THRESHOLD);
    expect(reads()).toEqual({ single: 1, pages: 1, faultedPages: 0 });
  });

  test("a write through the same provider is seen by the next read, from a new page", async () => {
    const shared = provider();
    const created = await createAll(shared);
    await Promise.all(created.map(({ id, outs }) => shared.read(id, outs)));
    const target = created[11] as Created;
    const disabled = await checkedInputs(shared, { ...target.inputs, enabled: false });
    const updated = await shared.update?.(target.id, target.outs, disabled);
    fx.emu.core.requestLog.clear();
    const read = await shared.read(target.id, updated?.outs ?? {});
    expect(read.inputs).toEqual(disabled);
    expect(reads()).toEqual({ single: 0, pages: 1, faultedPages: 0 });
  });

  test("an adoption reads its configuration by itself, also after a burst through the same provider", async () => {
    const shared = provider();
    const created = await createAll(shared);
    await Promise.all(created.map(({ id, outs }) => shared.read(id, outs)));
    const target = created[5] as Created;
    fx.emu.core.requestLog.clear();
    const adopted = await shared.create({ ...target.inputs, importId: target.id });
    expect(adopted.id).toBe(target.id);
    expect(reads()).toEqual({ single: 1, pages: 0, faultedPages: 0 });
  });

  test("pages that keep failing leave each read to its own request: the refresh still completes", async () => {
    const created = await createAll(provider());
    const noRetries = createClient({
      baseUrl: fx.emu.baseUrl,
      ...DEFAULT_SEED.orgOwnerKey,
      rateLimitPerMinute: 0,
      maxRetries: 0,
    });
    try {
      const expected = [];
      for (const { id, outs } of created) expected.push(await provider().read(id, outs));
      fx.emu.core.faults.add({ pathPattern: "**/alertConfigs", method: "GET", status: 503 });
      fx.emu.core.requestLog.clear();
      const refreshing = alertConfigurationResource.providerWith({ client: () => noRetries });
      const burst = await Promise.all(created.map(({ id, outs }) => refreshing.read(id, outs)));
      expect(burst).toEqual(expected);
      expect(reads()).toEqual({ single: COUNT, pages: 0, faultedPages: 1 });
    } finally {
      await noRetries.close();
    }
  });
});
