/**
 * A real client of the service in the suite (issue 38; docs/contract-check.md, "The second oracle"):
 * tools/atlas-go-client, a Go program on the vendor's own Go SDK (go.mongodb.org/atlas-sdk), drives an
 * in-process emulator serving the service's names (`serviceName: "atlas"`) as a user of the vendor's
 * tools would: an alert configuration created, read, replaced and deleted with `groupId` in the
 * bodies, the backup schedule changed with `clusterName` in the body, auditing and custom DNS (AWS)
 * turned on and off, a search index created and deleted.
 *
 * The program is built offline from the toolchain's module cache (`scripts/toolchain.sh --native`
 * downloads its modules; GOPROXY=off, go.mod and go.sum read-only) and runs with `-pause`: after each
 * step's transcript line it waits for a line on stdin, so that the test reads the emulator's state
 * after every step. The test asserts the exact transcript, the state after each step, and from the
 * emulator's traffic record (emulator/core/trafficRecorder.ts, the contract check's input) what the
 * SDK put on the wire.
 *
 * End-to-end tier: it needs the `--native` toolchain's Go module cache.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { DEFAULT_SEED, type RunningEmulator, startEmulator } from "../../emulator";
import type { JsonObject } from "../../emulator/core/contract";
import { table } from "../../emulator/core/entities";
import { type RecordedExchange, TRAFFIC_DIR_VARIABLE } from "../../emulator/core/trafficRecorder";
import { alertConfigTable } from "../../emulator/domain/alertConfigs";
import { backupScheduleTable } from "../../emulator/domain/backupSchedules";
import { clusterKey } from "../../emulator/domain/clusters";
import { auditingOf, customDnsOf } from "../../emulator/domain/projectSettings";
import type { SearchIndexRecord } from "../../emulator/domain/searchIndexes";
import { repoRoot, runProcess } from "../e2e/harness";

const SERVICE = "atlas";
const PROJECT = DEFAULT_SEED.projectId;
const CLUSTER = DEFAULT_SEED.clusterName;
const PROGRAM_DIR = join(repoRoot, "tools", "atlas-go-client");
/** The SDK's User-Agent (its internal/core DefaultUserAgent): the version go.mod requires. */
const SDK_USER_AGENT = /^go-atlas-sdk-admin\/v20250312006\.1\.0 \(linux;\w+\)$/;

let emu: RunningEmulator;
let work: string;
let binary: string;
/** Set by this file when the run records no traffic (`npx jest` without scripts/test.sh). */
let ownTrafficDir: string | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "atlas-go-client-"));
  binary = join(work, "atlas-go-client");
  // Offline and read-only: every module comes from the project's cache (scripts/env.sh sets
  // GOMODCACHE under .tools/go), and a go.mod or go.sum in need of a change fails instead of being
  // rewritten. -trimpath as the toolchain and the other tests build.
  const built = await runProcess("go", ["build", "-trimpath", "-o", binary, "."], PROGRAM_DIR, {
    ...process.env,
    GOPROXY: "off",
    GOFLAGS: "-mod=readonly -buildvcs=false",
    GOWORK: "off",
  });
  if (built.code !== 0) {
    throw new Error(
      `go build of tools/atlas-go-client failed (source scripts/env.sh; bash scripts/toolchain.sh --native fetches its modules):\n${built.stderr}`,
    );
  }
  if (process.env[TRAFFIC_DIR_VARIABLE] === undefined) {
    ownTrafficDir = join(work, "traffic");
    process.env[TRAFFIC_DIR_VARIABLE] = ownTrafficDir;
  }
  emu = await startEmulator({ port: 0, seed: "default", serviceName: SERVICE });
});

afterAll(async () => {
  await emu?.close();
  if (ownTrafficDir !== undefined) delete process.env[TRAFFIC_DIR_VARIABLE];
  rmSync(work, { recursive: true, force: true });
});

/** The ids the run creates, read from the emulator's state as they appear. */
const created = { alertConfigId: "", indexId: "" };

/** The parts of the emulator's state the run changes, in one line. */
function stateLine(seededAlertConfigs: ReadonlySet<string>, seededIndexes: ReadonlySet<string>): string {
  const state = emu.state;
  const configs = Object.values(alertConfigTable(state)).filter(
    (config) => !seededAlertConfigs.has(config.id),
  );
  if (configs.length === 1 && created.alertConfigId === "") created.alertConfigId = configs[0]?.id ?? "";
  const alert = configs.map((config) => {
    const notification = config.notifications[0] as JsonObject | undefined;
    return `${config.groupId} ${config.eventTypeName} enabled=${config.enabled} sms=${notification?.smsEnabled}`;
  });
  const schedule = backupScheduleTable(state)[clusterKey(PROJECT, CLUSTER)];
  const audit = auditingOf(state, PROJECT);
  const indexes = Object.values(table<SearchIndexRecord>(state, "searchIndexes")).filter(
    (index) => !seededIndexes.has(index.indexID),
  );
  if (indexes.length === 1 && created.indexId === "") created.indexId = indexes[0]?.indexID ?? "";
  const search = indexes.map(
    (index) =>
      `${index.database}.${index.collectionName}/${index.name} ${index.deleteRequestedMs === null ? "live" : "deleting"}`,
  );
  return [
    `alert: ${alert.join(", ") || "none"}`,
    `schedule: ${schedule === undefined ? "default" : `${twoDigits(schedule.referenceHourOfDay)}:${twoDigits(schedule.referenceMinuteOfHour)}`}`,
    `auditing: enabled=${audit.enabled} filter=${audit.auditFilter}`,
    `dns: enabled=${customDnsOf(state, PROJECT).enabled}`,
    `search: ${search.join(", ") || "none"}`,
  ].join(" | ");
}

function twoDigits(value: number): string {
  return String(value).padStart(2, "0");
}

/** Runs the program with -pause: each transcript line, and the state line read before it goes on. */
async function runPaused(): Promise<{ steps: [string, string][]; code: number; stderr: string }> {
  const seededAlertConfigs = new Set(Object.keys(alertConfigTable(emu.state)));
  const seededIndexes = new Set(Object.keys(table<SearchIndexRecord>(emu.state, "searchIndexes")));
  const { publicKey, privateKey } = DEFAULT_SEED.orgOwnerKey;
  const child: ChildProcessWithoutNullStreams = spawn(
    binary,
    [
      `-base-url=${emu.url}`,
      `-public-key=${publicKey}`,
      `-private-key=${privateKey}`,
      `-group-id=${PROJECT}`,
      `-cluster-name=${CLUSTER}`,
      "-pause",
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  // A program that ended early closes its stdin; its exit status and stderr say why.
  child.stdin.on("error", () => undefined);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code ?? 1));
  });
  const steps: [string, string][] = [];
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      steps.push([line, stateLine(seededAlertConfigs, seededIndexes)]);
      child.stdin.write("\n");
    }
  } finally {
    child.stdin.end();
  }
  return { steps, code: await exited, stderr };
}

/** The exchanges the emulator recorded in this process from `offset` on (the file's size before). */
function recordedSince(file: string, offset: number): RecordedExchange[] {
  return readFileSync(file)
    .subarray(offset)
    .toString("utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as RecordedExchange);
}

test("the vendor's Go SDK drives the emulator serving the service's names through every step", async () => {
  const trafficFile = join(process.env[TRAFFIC_DIR_VARIABLE] ?? "", `traffic-${process.pid}.jsonl`);
  const trafficOffset = existsSync(trafficFile) ? statSync(trafficFile).size : 0;

  const run = await runPaused();
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });

  const group = `/api/${SERVICE}/v2/groups/${PROJECT}`;
  const alert = `${group}/alertConfigs/${created.alertConfigId}`;
  const schedule = `${group}/clusters/${CLUSTER}/backup/schedule`;
  const index = `${group}/clusters/${CLUSTER}/search/indexes`;
  const seeded = `auditing: enabled=false filter={} | dns: enabled=false`;
  const alertOn = `alert: ${PROJECT} NO_PRIMARY enabled=true sms=false`;
  const alertOff = `alert: ${PROJECT} NO_PRIMARY enabled=false sms=true`;
  const searchIndex = "sample_mflix.movies/go-client-search";
  expect(created.alertConfigId).toMatch(/^[0-9a-f]{24}$/);
  expect(created.indexId).toMatch(/^[0-9a-f]{24}$/);
  expect(run.steps).toEqual([
    [
      `alert configuration create: POST ${group}/alertConfigs 201`,
      `${alertOn} | schedule: default | ${seeded} | search: none`,
    ],
    [
      `alert configuration read: GET ${alert} 200`,
      `${alertOn} | schedule: default | ${seeded} | search: none`,
    ],
    [
      `alert configuration update: PUT ${alert} 200`,
      `${alertOff} | schedule: default | ${seeded} | search: none`,
    ],
    [
      `alert configuration delete: DELETE ${alert} 204`,
      `alert: none | schedule: default | ${seeded} | search: none`,
    ],
    [
      `alert configuration read after delete: GET ${alert} 404`,
      `alert: none | schedule: default | ${seeded} | search: none`,
    ],
    [`backup schedule read: GET ${schedule} 200`, `alert: none | schedule: 12:00 | ${seeded} | search: none`],
    [
      `backup schedule update: PATCH ${schedule} 200`,
      `alert: none | schedule: 05:30 | ${seeded} | search: none`,
    ],
    [`auditing read: GET ${group}/auditLog 200`, `alert: none | schedule: 05:30 | ${seeded} | search: none`],
    [
      `auditing enable: PATCH ${group}/auditLog 202`,
      `alert: none | schedule: 05:30 | auditing: enabled=true filter={"atype": "authenticate"} | dns: enabled=false | search: none`,
    ],
    [
      `auditing disable: PATCH ${group}/auditLog 202`,
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=false | search: none`,
    ],
    [
      `custom DNS read: GET ${group}/awsCustomDNS 200`,
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=false | search: none`,
    ],
    [
      `custom DNS enable: PATCH ${group}/awsCustomDNS 202`,
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=true | search: none`,
    ],
    [
      `custom DNS disable: PATCH ${group}/awsCustomDNS 202`,
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=false | search: none`,
    ],
    [
      `search index create: POST ${index} 201`,
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=false | search: ${searchIndex} live`,
    ],
    [
      `search index read: GET ${index}/${created.indexId} 200`,
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=false | search: ${searchIndex} live`,
    ],
    [
      `search index delete: DELETE ${index}/${created.indexId} 204`,
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=false | search: ${searchIndex} deleting`,
    ],
    [
      `search index read after delete: GET ${index}/${created.indexId} 404`,
      // The read of an index whose deletion has finished removes its record (emulator/domain/searchIndexes.ts).
      `alert: none | schedule: 05:30 | auditing: enabled=false filter={"atype": "authenticate"} | dns: enabled=false | search: none`,
    ],
  ]);

  // What the SDK sent, from the emulator's traffic record (the contract check reads the same lines):
  // every step once digest-authenticated (the SDK's digest transport first sends each request
  // without credentials and answers the 401 challenge), with the SDK's User-Agent.
  const exchanges = recordedSince(trafficFile, trafficOffset).filter((exchange) =>
    exchange.path.startsWith(`/api/${SERVICE}/`),
  );
  const answered = exchanges.filter((exchange) => exchange.status !== 401);
  expect(answered.map((exchange) => `${exchange.method} ${exchange.path} ${exchange.status}`)).toEqual(
    run.steps.map(([line]) => line.slice(line.indexOf(": ") + 2)),
  );
  expect(exchanges.filter((exchange) => !SDK_USER_AGENT.test(exchange.request.userAgent ?? ""))).toEqual([]);
  const bodyOf = (method: string, path: string): unknown => {
    const sent = answered.find((exchange) => exchange.method === method && exchange.path === path);
    return JSON.parse(sent?.request.body ?? "null");
  };
  // The read-only fields the vendor's tools send and the service accepts (docs/api-choices.md).
  expect(bodyOf("POST", `${group}/alertConfigs`)).toMatchObject({ groupId: PROJECT });
  expect(bodyOf("PUT", alert)).toMatchObject({ groupId: PROJECT });
  expect(bodyOf("PATCH", schedule)).toEqual({
    clusterName: CLUSTER,
    referenceHourOfDay: 5,
    referenceMinuteOfHour: 30,
  });
  // The versions the SDK asks for, served under the service's media type name.
  expect(
    [...new Set(answered.map((exchange) => `${exchange.method} ${exchange.request.accept}`))].sort(),
  ).toEqual([
    "DELETE application/vnd.atlas.2023-01-01+json",
    "DELETE application/vnd.atlas.2024-05-30+json",
    "GET application/vnd.atlas.2023-01-01+json",
    "GET application/vnd.atlas.2024-05-30+json",
    "GET application/vnd.atlas.2024-08-05+json",
    "PATCH application/vnd.atlas.2023-01-01+json",
    "PATCH application/vnd.atlas.2024-08-05+json",
    "POST application/vnd.atlas.2023-01-01+json",
    "POST application/vnd.atlas.2024-05-30+json",
    "PUT application/vnd.atlas.2023-01-01+json",
  ]);
});
