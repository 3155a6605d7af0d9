/**
 * A refresh of many alert configurations of one project through the real Pulumi CLI: the engine reads
 * every resource, 8 at a time, and the provider answers the reads from one list page: the engine's
 * first 8 reads arrive together and are counted together (provider/framework/pageReads.ts, gatherMs),
 * so usually none goes alone. What the refresh reports is what single reads would report:
 * no change after `up`, exactly the configurations changed out of band after that.
 */
import { PAGE_READ_THRESHOLD } from "../../provider/framework/pageReads";
import {
  type DeclaredResource,
  expectDestroyDeletes,
  expectUp,
  resourceOutputs,
  SECRET_SIG,
  startPlatformE2E,
  storedResourcesOfType,
} from "./platformStack";

const GROUP = "5f1a000000000000000000a1";
const COUNT = 12;
/** `COUNT` alert configurations in one project, one per application, `app-<index>`. */
const FLEET: Record<string, DeclaredResource> = Object.fromEntries(
  Array.from({ length: COUNT }, (_, index) => [
    `app-${index}`,
    {
      type: "AlertConfiguration",
      args: {
        groupId: GROUP,
        enabled: true,
        eventTypeName: "DEPLOYMENT_FAILURE",
        matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: `app-${index}` }],
        notifications: [
          { typeName: "EMAIL", emailAddress: `app-${index}@example.com`, intervalMin: 30 },
          { typeName: "SLACK", apiToken: `xoxb-fleet-token-${1000 + index}`, channelName: "#deploys" },
        ],
      },
    },
  ]),
);

describe("refresh of a fleet of alert configurations, from list pages", () => {
  const e2e = startPlatformE2E({ resources: FLEET });

  /** The alert configuration reads the emulator answered since the last call: single (7) and pages (4). */
  const reads = () => {
    const { requestLog } = e2e.emulator.core;
    const entries = requestLog.list();
    requestLog.clear();
    return {
      single: entries.filter((entry) => entry.operation === "7").length,
      pages: entries.filter((entry) => entry.operation === "4").length,
    };
  };
  /**
   * A refresh's reads: one page, and usually no read sent alone. The engine's first 8 reads reach the
   * host together and are counted together, but on a loaded machine one may arrive after the first's
   * 5 ms wait and go alone, as all of the first 7 did before the wait (what pageReads.test.ts holds
   * exactly); never more than that.
   */
  const expectReadsFromOnePage = () => {
    const { single, pages } = reads();
    expect(pages).toBe(1);
    expect(single).toBeLessThanOrEqual(PAGE_READ_THRESHOLD - 1);
  };
  /** The fleet's alertConfigIds, by index. */
  const alertConfigIds = async () => {
    const outputs = await resourceOutputs(e2e.stack);
    return Array.from({ length: COUNT }, (_, index) => outputs[`app-${index}`]?.alertConfigId);
  };

  test("up creates the fleet; refresh right after reads them from 1 page, and changes nothing", async () => {
    await expectUp(e2e.stack, `+ ${COUNT + 1} created`);
    expect((await e2e.client.alertConfigs.list(GROUP)).totalCount).toBe(COUNT);
    // Each one's Slack token is given in plain config: the SDK still makes the whole
    // `notifications` output a secret (sdk/alertConfiguration.ts notificationsMayHoldCredentials).
    const stored = await storedResourcesOfType(
      e2e.stack,
      "pulumi-nodejs:dynamic/platform:AlertConfiguration",
    );
    expect(stored.length).toBe(COUNT);
    for (const resource of stored) expect(resource.outputs.notifications).toHaveProperty(SECRET_SIG);
    reads();
    await e2e.stack.refresh({ expectNoChanges: true });
    expectReadsFromOnePage();
  });

  test("two configurations disabled out of band: refresh shows exactly those two, and up converges them back", async () => {
    const ids = await alertConfigIds();
    const changed = [ids[3], ids[10]] as string[];
    for (const id of changed) await e2e.client.alertConfigs.setEnabled(GROUP, id, false);
    reads();

    const refresh = await e2e.stack.refresh();
    expect(refresh.stdout).toContain("~ 2 updated");
    expect(refresh.stdout).toContain(`${COUNT - 1} unchanged`);
    expectReadsFromOnePage();
    const state = await e2e.stack.exportState();
    const disabled = (state.deployment.resources ?? [])
      .map((resource) => (resource.outputs ?? {}) as { enabled?: boolean; alertConfigId?: string })
      .filter((outputs) => outputs.enabled === false)
      .map((outputs) => outputs.alertConfigId)
      .sort();
    expect(disabled).toEqual([...changed].sort());

    await expectUp(e2e.stack, "~ 2 updated");
    const live = (await e2e.client.alertConfigs.list(GROUP)).results;
    expect(live.filter((config) => config.enabled !== true)).toEqual([]);
    await e2e.stack.refresh({ expectNoChanges: true });
  });

  test("destroy deletes the fleet", async () => {
    await expectDestroyDeletes(e2e.stack, COUNT + 1);
    expect((await e2e.client.alertConfigs.list(GROUP)).totalCount).toBe(0);
  });
});
