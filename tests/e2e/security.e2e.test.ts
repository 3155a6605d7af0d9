/**
 * Secrets and credentials through the real Pulumi CLI (docs/resources.md, "Credentials and secrets"):
 * with real-looking credentials (an API key for `up` and `destroy`, a service account for a `refresh`)
 * and secret notification credentials, neither the stack's files (state with its history and
 * backups, the stack config file, PULUMI_HOME), nor anything the CLI printed (including the
 * provider's own log lines, which the engine forwards), nor `pulumi stack export` contains a
 * credential, an OAuth token or a secret input in plain text; the secret inputs are secret in state.
 *
 * The engine's automatic logs in PULUMI_HOME/logs are searched too: those of commands that do not
 * open a stack's secrets (`config set`, `stack export`) are gzip files and are read decompressed; those
 * of stack operations are encrypted with the stack's secrets provider ("PLOG" files), like the
 * state's secrets, and are counted, not read.
 *
 * What this does not cover, on purpose: the engine's own `-v=9` debug log, which prints RPC payloads
 * with secrets in plain text (docs/resources.md, "Debugging").
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { type RunningEmulator, type Seed, startEmulator } from "../../emulator";
import defaultSeed from "../../emulator/seed/default.json";
import type { RunResult } from "../../scripts/lib/pulumi-stack";
import { E2EStack } from "./harness";
import {
  fromSecretConfig,
  RESOURCES_PROGRAM,
  resourcesConfig,
  SECRET_SIG,
  storedResource,
} from "./platformStack";

const ORG = "5f1a00000000000000000001";
const GROUP = "5f1a0000000000000000e701";
const CLUSTER = "security-cluster";
/** Shaped like the service's: an 8-letter public key and a UUID private key; a service account. */
const API_KEY = { publicKey: "vqhzkrtn", privateKey: "7c2f9a1e-4b8d-4e6a-9f3c-1d5e8b2a6c40" };
const SERVICE_ACCOUNT = {
  clientId: "mdb_sa_id_6650e7a1b2c3d4e5f6a7b8c9",
  clientSecret: "mdb_sa_sk_Xk9vQ2mZ7pL4wR8tN1yB6cF3hJ5dG0sAe7Wq",
};
const SECRET_INPUTS = {
  slackToken: "xoxb-2291736455-8853910042-QvR7kLmN3pXz",
  webhookSecret: "whsec_5Jt8sLq2VnX9cR4mB7zK1pW6",
  pagerDutyKey: "e93facc04764012d7bfb002500d5d1a6",
  opsGenieKey: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
};
/** The webhook secret the test changes to, to see a secret change in `--diff` output. */
const NEW_WEBHOOK_SECRET = "whsec_Nw3Rt7Yp1Lk5Mz9Qx2Vb8Hc4";

function seed(): Seed {
  const base = structuredClone(defaultSeed) as Seed;
  const loopback = ["127.0.0.1/32", "::1/128"];
  base.projects = [...(base.projects ?? []), { id: GROUP, name: "security", orgId: ORG }];
  base.clusters = [
    ...(base.clusters ?? []),
    {
      id: "5f1a0000000000000000e702",
      groupId: GROUP,
      name: CLUSTER,
      tier: "M10",
      dbVersion: "7.0",
      provider: "AWS",
      sharded: false,
    },
  ] as Seed["clusters"];
  base.credentials = [
    ...(base.credentials ?? []),
    {
      kind: "apiKey",
      id: API_KEY.publicKey,
      secret: API_KEY.privateKey,
      orgId: ORG,
      orgRoles: [],
      projectRoles: { [GROUP]: ["GROUP_OWNER"] },
      accessList: loopback,
    },
    {
      kind: "serviceAccount",
      id: SERVICE_ACCOUNT.clientId,
      secret: SERVICE_ACCOUNT.clientSecret,
      orgId: ORG,
      orgRoles: [],
      projectRoles: { [GROUP]: ["GROUP_OWNER"] },
      accessList: loopback,
    },
  ] as Seed["credentials"];
  return base;
}

/** How a file was read: as it is, decompressed (gzip), or not at all (an encrypted engine log). */
type FileForm = "plain" | "gzip" | "encrypted-log";

/** Every file under a folder, with its text (gzip files decompressed) and how it was read. */
function filesUnder(folder: string): Array<{ path: string; text: string; form: FileForm }> {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((relative) => join(folder, relative))
    .filter((path) => statSync(path).isFile())
    .map((path) => {
      const raw = readFileSync(path);
      if (raw[0] === 0x1f && raw[1] === 0x8b)
        return { path, text: gunzipSync(raw).toString("latin1"), form: "gzip" };
      const form: FileForm = raw.subarray(0, 4).toString("latin1") === "PLOG" ? "encrypted-log" : "plain";
      return { path, text: raw.toString("latin1"), form };
    });
}

/** The secrets found in `text`, by name (empty when none is). */
function secretsIn(text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

describe("credentials and secrets through the real engine", () => {
  let emulator: RunningEmulator;
  let stack: E2EStack;
  /** Everything the CLI printed, all commands. */
  const printed: RunResult[] = [];
  /** Access tokens the emulator issued to the provider. */
  const issuedTokens: string[] = [];
  /** Every value that must never appear in plain text. */
  const secrets = (): Record<string, string> => ({
    privateKey: API_KEY.privateKey,
    clientSecret: SERVICE_ACCOUNT.clientSecret,
    ...SECRET_INPUTS,
    newWebhookSecret: NEW_WEBHOOK_SECRET,
    ...Object.fromEntries(issuedTokens.map((token, index) => [`accessToken${index}`, token])),
  });
  const record = async (run: Promise<RunResult>): Promise<RunResult> => {
    const result = await run;
    printed.push(result);
    return result;
  };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, seed: seed(), asyncDelayMs: 300 });
    const { tokens } = emulator.core;
    const issue = tokens.issue.bind(tokens);
    tokens.issue = (clientId) => {
      const issued = issue(clientId);
      issuedTokens.push(issued.accessToken);
      return issued;
    };
    stack = await E2EStack.create({
      program: join(__dirname, "programs", RESOURCES_PROGRAM),
      config: {
        "platform:baseUrl": emulator.baseUrl,
        "platform:publicKey": API_KEY.publicKey,
        ...resourcesConfig({
          // Notification credentials from secret config.
          alerts: {
            type: "AlertConfiguration",
            args: {
              groupId: GROUP,
              enabled: true,
              eventTypeName: "DEPLOYMENT_FAILURE",
              notifications: [
                { typeName: "SLACK", apiToken: fromSecretConfig("slackToken"), channelName: "#alerts" },
                {
                  typeName: "WEBHOOK",
                  webhookUrl: "https://hooks.example.com/security",
                  webhookSecret: fromSecretConfig("webhookSecret"),
                },
                { typeName: "PAGER_DUTY", serviceKey: fromSecretConfig("pagerDutyKey") },
                {
                  typeName: "OPS_GENIE",
                  opsGenieApiKey: fromSecretConfig("opsGenieKey"),
                  opsGenieRegion: "US",
                },
              ],
            },
          },
          // Its create waits, so the provider writes progress lines the engine shows.
          index: {
            type: "SearchIndex",
            args: {
              groupId: GROUP,
              clusterName: CLUSTER,
              database: "sample_mflix",
              collectionName: "movies",
              name: "security-text",
              definition: { mappings: { dynamic: true } },
            },
          },
        }),
      },
      secrets: { "platform:privateKey": API_KEY.privateKey, ...SECRET_INPUTS },
    });
  });

  afterAll(async () => {
    stack?.dispose();
    await emulator?.close();
  });

  test("up with an API key: created; the secret inputs are secret in state, inputs and outputs alike", async () => {
    const up = await record(stack.up());
    expect(up.stdout).toContain("+ 3 created");
    // The provider's own lines (a wait's progress), forwarded by the engine, are part of what is checked.
    expect(`${up.stdout}${up.stderr}`).toContain(`platform: search index security-text on ${CLUSTER}`);
    const stored = await storedResource(stack, "pulumi-nodejs:dynamic/platform:AlertConfiguration", "alerts");
    expect(stored?.inputs.notifications).toHaveProperty(SECRET_SIG);
    expect(stored?.outputs.notifications).toHaveProperty(SECRET_SIG);
    // The search below can find them: `stack export --show-secrets` (how `stored` was read) shows them.
    expect(secretsIn(JSON.stringify(stored), SECRET_INPUTS).sort()).toEqual(
      Object.keys(SECRET_INPUTS).sort(),
    );
    expect(emulator.core.requestLog.list().some((entry) => entry.principal === API_KEY.publicKey)).toBe(true);
  });

  test("a change of a secret input: preview --diff and up --diff show it only as [secret]", async () => {
    await stack.setConfig("webhookSecret", NEW_WEBHOOK_SECRET, { secret: true });
    const preview = await record(stack.preview());
    expect(preview.stdout).toContain("[secret]");
    const up = await record(stack.pulumi(["up", "--yes", "--skip-preview", "--diff"]));
    expect(up.stdout).toContain("~ 1 updated");
  });

  test("refresh uses the credentials the last up recorded; with --run-program, the service account (OAuth) of the config", async () => {
    await stack.pulumi(["config", "rm", "platform:publicKey"], { quiet: true });
    await stack.pulumi(["config", "rm", "platform:privateKey"], { quiet: true });
    await stack.setConfig("platform:clientId", SERVICE_ACCOUNT.clientId);
    await stack.setConfig("platform:clientSecret", SERVICE_ACCOUNT.clientSecret, { secret: true });
    const principals = () => {
      const seen = new Set(
        emulator.core.requestLog
          .list()
          .filter((entry) => entry.operation !== null)
          .map((entry) => entry.principal),
      );
      emulator.core.requestLog.clear();
      return [...seen];
    };
    principals();
    // Without running the program, the engine configures the provider from the state (Pulumi's rule).
    await record(stack.refresh({ expectNoChanges: true }));
    expect(principals()).toEqual([API_KEY.publicKey]);
    await record(
      stack.pulumi(["refresh", "--yes", "--skip-preview", "--diff", "--expect-no-changes", "--run-program"]),
    );
    expect(principals()).toEqual([SERVICE_ACCOUNT.clientId]);
    expect(issuedTokens.length).toBeGreaterThan(0);
  });

  test("destroy (API key in the config again): nothing left", async () => {
    await stack.pulumi(["config", "rm", "platform:clientId"], { quiet: true });
    await stack.pulumi(["config", "rm", "platform:clientSecret"], { quiet: true });
    await stack.setConfig("platform:publicKey", API_KEY.publicKey);
    await stack.setConfig("platform:privateKey", API_KEY.privateKey, { secret: true });
    const destroy = await record(stack.destroy());
    expect(destroy.stdout).toContain("- 3 deleted");
  });

  test("no credential, token or secret input in anything the CLI printed", () => {
    expect(printed.length).toBe(6);
    const output = printed.map((run) => `${run.stdout}\n${run.stderr}`).join("\n");
    expect(secretsIn(output, secrets())).toEqual([]);
    // No Authorization header value either (Digest responses, Bearer tokens).
    expect(output).not.toMatch(/Digest username=|Bearer [A-Za-z0-9_-]{20,}/);
  });

  test("no credential, token or secret input in the stack's files: state, history, backups, config, home", async () => {
    const files = filesUnder(stack.workDir).filter(
      (file) => !file.path.includes(`${join("program", "node_modules")}`),
    );
    expect(files.some((file) => file.path.includes(join("state", ".pulumi", "stacks")))).toBe(true);
    // With an engine that writes automatic logs (the toolchain's v3.259.0 does; an older `pulumi` on
    // PATH may not), logs of both kinds are there, so both readings are exercised.
    const logs = files.filter((file) => file.path.includes(join("home", "logs")));
    if (logs.length > 0) {
      expect(logs.some((file) => file.form === "gzip")).toBe(true);
      expect(logs.some((file) => file.form === "encrypted-log")).toBe(true);
      expect(logs.filter((file) => file.form === "plain").map((file) => file.path)).toEqual([]);
    }
    const leaks = files.flatMap((file) =>
      secretsIn(file.text, secrets()).map((name) => `${name} in ${file.path.slice(stack.workDir.length)}`),
    );
    expect(leaks).toEqual([]);
    const exported = await stack.pulumi(["stack", "export"], { quiet: true });
    expect(secretsIn(exported.stdout, secrets())).toEqual([]);
  });
});
