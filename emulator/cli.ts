#!/usr/bin/env node
/**
 * pulumi-cluster-platform-emulator: serves the emulator on loopback until interrupted.
 * `npm run emulator -- --help` lists the options.
 */
import { parseArgs } from "node:util";
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "./index";

const USAGE = `Usage: pulumi-cluster-platform-emulator [options]

  --port <n>              port to listen on (default 8787; 0 = any free port)
  --host <addr>           address to bind (default 127.0.0.1)
  --seed <s>              "default", "empty" or a path to a JSON seed file (default "default")
  --data-dir <dir>        persist state there (atomic writes) and reload it on start
  --https                 serve TLS with a self-signed certificate (kept in --data-dir or a temp dir)
  --async-delay-ms <n>    time asynchronous lifecycles take (default 3000)
  --service <name>        the <service> path segment and media-type name (default "platform")
  --rate-limit <n>        requests per window per project for rate-limited operations (default 100)
  --rate-window-ms <n>    rate-limit window (default 60000)
  --clock <real|manual>   manual: time moves only via POST /__emulator/clock/advance (default real)
  -h, --help              show this help
`;

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} needs an integer >= ${min}, got "${text}"`);
  return value;
}

export function optionsFromArgs(args: string[]): EmulatorOptions | "help" {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      "data-dir": { type: "string" },
      https: { type: "boolean" },
      "async-delay-ms": { type: "string" },
      service: { type: "string" },
      "rate-limit": { type: "string" },
      "rate-window-ms": { type: "string" },
      clock: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return "help";
  const clock = values.clock ?? "real";
  if (clock !== "real" && clock !== "manual")
    throw new Error(`--clock must be real or manual, got "${clock}"`);
  return {
    port: integer("port", values.port, 8787, 0),
    host: values.host ?? "127.0.0.1",
    seed: values.seed ?? "default",
    dataDir: values["data-dir"],
    https: values.https ?? false,
    asyncDelayMs: integer("async-delay-ms", values["async-delay-ms"], 3000, 0),
    serviceName: values.service ?? "platform",
    rateLimit: {
      limit: integer("rate-limit", values["rate-limit"], 100, 1),
      windowMs: integer("rate-window-ms", values["rate-window-ms"], 60_000, 1),
    },
    clock,
  };
}

/** What the emulator prints on start: where it listens and the seeded credentials (demo values, so
 * a user can copy them into PLATFORM_* variables), and how to trust the certificate. */
export function banner(emu: RunningEmulator, options: EmulatorOptions): string {
  const lines = [
    "Cluster Platform API emulator",
    `  base URL     ${emu.baseUrl}`,
    `  legacy root  ${emu.legacyBaseUrl}`,
    `  control API  ${emu.url}/__emulator/`,
    `  clock        ${options.clock ?? "real"}; async delay ${emu.settings.asyncDelayMs} ms; rate limit ${emu.settings.rateLimit.limit} per ${emu.settings.rateLimit.windowMs} ms`,
    `  state        ${options.dataDir ? `persisted in ${options.dataDir}` : "in memory"}`,
  ];
  const credentials = Object.values(emu.state.credentials);
  if (credentials.length > 0) {
    lines.push("  credentials (from the seed)");
    for (const credential of credentials) {
      const roles = [
        ...credential.orgRoles,
        ...Object.entries(credential.projectRoles).map(([project, roles]) => `${roles.join("+")}@${project}`),
      ].join(", ");
      const label = credential.kind === "apiKey" ? "API key        " : "service account";
      const names =
        credential.kind === "apiKey"
          ? `public ${credential.id}  private ${credential.secret}`
          : `client id ${credential.id}  secret ${credential.secret}`;
      lines.push(`    ${label} ${names}  (${roles || "no roles"})`);
    }
  }
  if (emu.certPath) {
    lines.push(
      `  TLS          self-signed certificate: ${emu.certPath}`,
      `               trust it: export PLATFORM_CA_CERT_PATH=${emu.certPath}`,
      `                      or export NODE_EXTRA_CA_CERTS=${emu.certPath}`,
      `                      curl --cacert ${emu.certPath} ${emu.url}/__emulator/`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  let options: EmulatorOptions | "help";
  try {
    options = optionsFromArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === "help") {
    process.stdout.write(USAGE);
    return;
  }
  const emu = await startEmulator(options);
  process.stdout.write(banner(emu, options));
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`${signal}: stopping\n`);
    emu.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`emulator: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
