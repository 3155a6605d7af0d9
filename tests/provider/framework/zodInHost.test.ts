/**
 * The provider host builds zod schemas without the parser compiler (provider/framework/zodInHost.ts);
 * other processes keep zod's defaults. Checked in child processes whose script path is (or is not)
 * the dynamic provider host's, loading the runtime as the shim does and then parsing an alert
 * configuration answer with the client's schema: the compiler's work shows as `new Function` calls,
 * which the probe counts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PROVIDER_HOST_SCRIPT, runProbeAs } from "./hostProbe";

const REPO = resolve(__dirname, "..", "..", "..");
const RUNTIME = join(REPO, "provider", "framework", "runtime.ts");
const ALERT_CONFIGS = join(REPO, "provider", "client", "alertConfigs.ts");
const ANSWER = {
  id: "6a1f00000000000000000001",
  groupId: "6a1f00000000000000000002",
  enabled: true,
  eventTypeName: "DEPLOYMENT_FAILURE",
  matchers: [{ fieldName: "APPLICATION_ID", operator: "EQUALS", value: "app" }],
  notifications: [{ typeName: "EMAIL", emailAddress: "oncall@example.com" }],
  links: [],
};
/** Counts `new Function(...)` from here on, loads the runtime, parses twice, reports. */
const PROBE = `
let compiled = 0;
const RealFunction = Function;
globalThis.Function = new Proxy(RealFunction, {
  construct(target, args) { compiled += 1; return Reflect.construct(target, args); },
});
require(${JSON.stringify(RUNTIME)});
const { z } = require(${JSON.stringify(require.resolve("zod"))});
const { AlertConfigSchema } = require(${JSON.stringify(ALERT_CONFIGS)});
const answer = ${JSON.stringify(ANSWER)};
const first = AlertConfigSchema.parse(answer);
const second = AlertConfigSchema.parse(answer);
globalThis.Function = RealFunction;
process.stdout.write(JSON.stringify({ jitless: z.config().jitless === true, compiled, first, second }));
`;

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "zod-in-host-test-"));
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

interface ProbeResult {
  jitless: boolean;
  compiled: number;
  first: unknown;
  second: unknown;
}

/** Runs the probe as `<work>/<scriptPath>` with the host's address argument. */
function probe(scriptPath: string): ProbeResult {
  // Whatever the runner has set, the probe decides by its own script path alone; the engine watch the
  // runtime starts finds no engine among the probe's ancestors and stays idle.
  const out = runProbeAs(work, scriptPath, PROBE, { ...process.env, NODE_DISABLE_COMPILE_CACHE: "1" });
  return JSON.parse(out) as ProbeResult;
}

test("in the provider host zod compiles no parser, and parses the answer the same", () => {
  const result = probe(PROVIDER_HOST_SCRIPT);
  expect(result).toEqual({ jitless: true, compiled: 0, first: ANSWER, second: ANSWER });
}, 30_000);

test("in any other process zod keeps its defaults and compiles its parsers", () => {
  const result = probe("tools/some-script.js");
  expect(result.jitless).toBe(false);
  expect(result.compiled).toBeGreaterThan(0);
  expect(result.first).toEqual(ANSWER);
  expect(result.second).toEqual(ANSWER);
}, 30_000);
