/**
 * The second oracle (issue 38, docs/contract-check.md "The second oracle"): every recorded exchange
 * of the real service in this project's scope (tests/contract/recordings/expectations.ts) is sent to
 * an in-process emulator serving the service's names, and its answer is compared with the recording.
 * Each difference is named; the accepted ones are listed with their reason in recordings/allowed.ts.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DigestClient, OWNER_KEY } from "../emulator/core/helpers";
import { ALLOWED_DIFFERENCES, type AllowedDifference } from "./recordings/allowed";
import { compareAnswer, type Difference, expand, expandBody } from "./recordings/compare";
import type { RecordedScenario } from "./recordings/expectations";
import { recordedScenarios } from "./recordings/scenarios";

const PROJECT = "5f1a000000000000000000a1";
/** The seed's second project of the organization (other-project). */
const TARGET_PROJECT = "5f1a000000000000000000a2";
const CLUSTER = "demo-cluster";
const ORG = "5f1a00000000000000000001";
/** The seed's authorized AWS role of PROJECT (emulator/seed/default.json). */
const AWS_ROLE = "5f1a000000000000000000c1";
const SERVICE = "atlas";
/** Long enough that an asynchronous answer shows its transitional state (the manual clock stands still). */
const ASYNC_DELAY_MS = 60_000;
const scenarios = recordedScenarios({
  groupId: PROJECT,
  targetGroupId: TARGET_PROJECT,
  awsRoleId: AWS_ROLE,
  clusterName: CLUSTER,
});
const matchedAllowances = new Set<AllowedDifference>();

let emu: RunningEmulator;
beforeEach(async () => {
  emu = await startEmulator({
    port: 0,
    seed: "default",
    serviceName: SERVICE,
    clock: "manual",
    asyncDelayMs: ASYNC_DELAY_MS,
  });
});
afterEach(async () => {
  await emu.close();
});

function allowanceFor(difference: Difference): AllowedDifference | undefined {
  return ALLOWED_DIFFERENCES.find(
    (entry) => entry.exchange === difference.exchange && entry.subject === difference.subject,
  );
}

function describeDifference(difference: Difference): string {
  return `${difference.exchange} | ${difference.subject} | ${difference.detail}`;
}

test("the expectations cover the 104 recorded exchanges in scope, each with its recording and date", () => {
  const exchanges = scenarios.flatMap((scenario) => scenario.exchanges);
  expect(exchanges).toHaveLength(104);
  expect(new Set(exchanges.map((exchange) => exchange.recording)).size).toBe(exchanges.length);
  expect(new Set(exchanges.map((exchange) => exchange.name)).size).toBe(exchanges.length);
  for (const exchange of exchanges) {
    expect(exchange.recording).toMatch(/^test\/e2e\/.+\/testdata\/\.snapshots\/.+\.snaphost$/);
    expect(exchange.recorded).toMatch(/^2026-08-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  }
});

/** Creates the clusters the recorded test had created, through the emulator's control API. */
async function createClusters(
  scenario: RecordedScenario,
  values: Readonly<Record<string, string>>,
): Promise<void> {
  for (const cluster of scenario.clusters ?? []) {
    const response = await fetch(`${emu.url}/__emulator/clusters`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ groupId: expand(cluster.groupId, values), name: cluster.name }),
    });
    expect(response.status).toBe(201);
  }
}

test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
  "the emulator answers %s as the service's recordings do",
  async (_name, scenario) => {
    const client = new DigestClient(emu.url, OWNER_KEY, "MD5", undefined, `/api/${SERVICE}/v2`);
    const values: Record<string, string> = {
      groupId: PROJECT,
      targetGroupId: TARGET_PROJECT,
      clusterName: CLUSTER,
      orgId: ORG,
    };
    await createClusters(scenario, values);
    const differences: Difference[] = [];
    for (const exchange of scenario.exchanges) {
      const path = expand(exchange.path, values);
      if (path.includes("{")) {
        differences.push({
          exchange: exchange.name,
          subject: "request",
          detail: `${path}: no earlier answer gave the id`,
        });
        continue;
      }
      if (exchange.waited) emu.advance(ASYNC_DELAY_MS * exchange.waited);
      const mediaType = `application/vnd.${SERVICE}.${exchange.version}+json`;
      const answer = await client.call(exchange.method, `/api/${SERVICE}/v2${path}`, {
        body: exchange.body === undefined ? undefined : expandBody(exchange.body, values),
        headers: { accept: mediaType, ...(exchange.body === undefined ? {} : { "content-type": mediaType }) },
      });
      if (exchange.capture) {
        const captured = (answer.json as Record<string, unknown> | null)?.[exchange.capture.field];
        if (typeof captured === "string") values[exchange.capture.as] = captured;
      }
      differences.push(...compareAnswer(exchange, answer, values));
    }
    const unexplained: string[] = [];
    for (const difference of differences) {
      const allowance = allowanceFor(difference);
      if (allowance) matchedAllowances.add(allowance);
      else unexplained.push(describeDifference(difference));
    }
    expect(unexplained).toEqual([]);
  },
);

test("every allowed difference still occurs", () => {
  const stale = ALLOWED_DIFFERENCES.filter((entry) => !matchedAllowances.has(entry)).map(
    (entry) => `${entry.exchange} | ${entry.subject}`,
  );
  expect(stale).toEqual([]);
});
