/**
 * Argument checks of the functions: a bad argument fails before any request, with a message naming
 * the function, the field and the rule. The client points at a port nothing listens on and its
 * counters must stay at zero: a request would have been counted.
 */
import { createClient } from "../../../provider/client";
import * as platform from "../../../sdk/functions";

const GROUP = "5f1a000000000000000000a1";
const client = createClient({
  baseUrl: "http://127.0.0.1:9/api/platform/v2",
  publicKey: "unit-test-public-key",
  privateKey: "unit-test-private-key",
});
const opts = { client };

afterAll(() => client.close());
afterEach(() => {
  expect(client.stats.httpRequests).toBe(0);
});

type Case = [name: string, call: () => Promise<unknown>, message: string];

const cases: Case[] = [
  [
    "groupId must be 24 hex digits",
    () => platform.getAlerts({ groupId: "abc" }, opts),
    "getAlerts: groupId must be 24 hexadecimal digits (a-f, 0-9)",
  ],
  [
    "status must be one of the filters",
    () => platform.getAlerts({ groupId: GROUP, status: "CANCELLED" as "OPEN" }, opts),
    'getAlerts: status must be one of "OPEN", "TRACKING", "CLOSED"',
  ],
  [
    "an unknown argument is named",
    () => platform.getAlertConfigurations({ groupId: GROUP, grupId: GROUP } as { groupId: string }, opts),
    "getAlertConfigurations: grupId is not a known input (check its spelling)",
  ],
  [
    "a required argument is missing",
    () => platform.getAlert({ groupId: GROUP } as { groupId: string; alertId: string }, opts),
    "getAlert: alertId is required",
  ],
  [
    "clusterName follows the cluster name rule",
    () => platform.getAccessLogs({ groupId: GROUP, clusterName: "-bad" }, opts),
    "getAccessLogs: clusterName must start with a letter or digit and contain only letters, digits and dashes",
  ],
  [
    "nLogs is at most 20000",
    () => platform.getAccessLogs({ groupId: GROUP, clusterName: "demo-cluster", nLogs: 20001 }, opts),
    "getAccessLogs: nLogs must be at most 20000",
  ],
  [
    "nLogs is a whole number",
    () => platform.getAccessLogs({ groupId: GROUP, clusterName: "demo-cluster", nLogs: 1.5 }, opts),
    "getAccessLogs: nLogs must be an integer; got number 1.5",
  ],
  [
    "start without end",
    () => platform.getAccessLogs({ groupId: GROUP, clusterName: "demo-cluster", start: 1 }, opts),
    "getAccessLogs: end is required when start is given (give both or neither)",
  ],
  [
    "start after end",
    () => platform.getAccessLogsByHostname({ groupId: GROUP, hostname: "h1", start: 5, end: 4 }, opts),
    "getAccessLogsByHostname: start must not be after end",
  ],
  [
    "ipAddress is one IPv4 address",
    () => platform.getAccessLogs({ groupId: GROUP, clusterName: "demo-cluster", ipAddress: "10.0.0" }, opts),
    "getAccessLogs: ipAddress must be one IPv4 address (such as 192.0.2.10)",
  ],
  [
    "authResult is a boolean",
    () =>
      platform.getAccessLogs(
        { groupId: GROUP, clusterName: "demo-cluster", authResult: "yes" as unknown as boolean },
        opts,
      ),
    'getAccessLogs: authResult must be a boolean (true or false); got the string "yes"',
  ],
  [
    "collectionName without database",
    () =>
      platform.getSearchIndexes({ groupId: GROUP, clusterName: "demo-cluster", collectionName: "c" }, opts),
    "getSearchIndexes: database is required when collectionName is given (give both for one collection, neither for the whole cluster)",
  ],
  [
    "database must not contain /",
    () =>
      platform.getFtsIndexes(
        { groupId: GROUP, clusterName: "demo-cluster", database: "a/b", collectionName: "c" },
        opts,
      ),
    "getFtsIndexes: database must not contain /",
  ],
  [
    "snapshotId is 24 hex digits",
    () => platform.getSnapshot({ groupId: GROUP, clusterName: "demo-cluster", snapshotId: "x" }, opts),
    "getSnapshot: snapshotId must be 24 hexadecimal digits (a-f, 0-9)",
  ],
  [
    "orgId is 24 hex digits",
    () => platform.getMigratableProjects({ orgId: "org" }, opts),
    "getMigratableProjects: orgId must be 24 hexadecimal digits (a-f, 0-9)",
  ],
  [
    "several failures are all named",
    () => platform.getRestoreJob({ groupId: "g", clusterName: "c", restoreJobId: "r" }, opts),
    "getRestoreJob: groupId must be 24 hexadecimal digits (a-f, 0-9); restoreJobId must be 24 hexadecimal digits (a-f, 0-9)",
  ],
  [
    "arguments that are not an object",
    () => platform.getExportBuckets("5f1a" as unknown as { groupId: string }, opts),
    'getExportBuckets: must be an object; got the string "5f1a"',
  ],
];

test.each(cases)("%s", async (_name, call, message) => {
  await expect(call()).rejects.toThrow(new Error(message));
});

test("functions are named after themselves (stack traces and errors)", () => {
  expect(platform.getAccessLogs.name).toBe("getAccessLogs");
  expect(platform.getLegacyClusters.name).toBe("getLegacyClusters");
});

test("every function has an ...Output variant exported beside it", () => {
  const names = Object.keys(platform).filter((name) => /^get\w+$/.test(name) && !name.endsWith("Output"));
  expect(names.length).toBe(34);
  expect(
    names.filter((name) => typeof (platform as Record<string, unknown>)[`${name}Output`] !== "function"),
  ).toEqual([]);
});
