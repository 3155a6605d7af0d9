/**
 * The second oracle (issue 38, docs/contract-check.md "The second oracle"): every recorded exchange
 * of the real service in this project's scope (tests/contract/recordings/expectations.ts) is sent to
 * an in-process emulator serving the service's names, and its answer is compared with the recording.
 * Each difference is named; the accepted ones are listed with their reason in recordings/allowed.ts.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { DigestClient, OWNER_KEY } from "../emulator/core/helpers";
import { ALLOWED_DIFFERENCES, type AllowedDifference } from "./recordings/allowed";
import { compareAnswer, type Difference, expand } from "./recordings/compare";
import { recordedScenarios } from "./recordings/expectations";

const PROJECT = "5f1a000000000000000000a1";
const CLUSTER = "demo-cluster";
const ORG = "5f1a00000000000000000001";
/** The seed's authorized AWS role of PROJECT (emulator/seed/default.json). */
const AWS_ROLE = "5f1a000000000000000000c1";
const SERVICE = "atlas";
/** Long enough that an asynchronous answer shows its transitional state (the manual clock stands still). */
const ASYNC_DELAY_MS = 60_000;
const scenarios = recordedScenarios(PROJECT, CLUSTER, AWS_ROLE);
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

test("the expectations cover 23 recorded exchanges, each with its recording and date", () => {
  const exchanges = scenarios.flatMap((scenario) => scenario.exchanges);
  expect(exchanges).toHaveLength(23);
  expect(new Set(exchanges.map((exchange) => exchange.name)).size).toBe(exchanges.length);
  for (const exchange of exchanges) {
    expect(exchange.recording).toMatch(/^test\/e2e\/.+\/testdata\/\.snapshots\/.+\.snaphost$/);
    expect(exchange.recorded).toMatch(/^2026-08-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  }
});

test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))(
  "the emulator answers %s as the service's recordings do",
  async (_name, scenario) => {
    const client = new DigestClient(emu.url, OWNER_KEY, "MD5", undefined, `/api/${SERVICE}/v2`);
    const values: Record<string, string> = { groupId: PROJECT, clusterName: CLUSTER, orgId: ORG };
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
      if (exchange.afterSettling) emu.advance(ASYNC_DELAY_MS);
      const mediaType = `application/vnd.${SERVICE}.${exchange.version}+json`;
      const answer = await client.call(exchange.method, `/api/${SERVICE}/v2${path}`, {
        body: exchange.body,
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
