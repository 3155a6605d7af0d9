/**
 * The command line of `pulumi-cluster-platform`: one parser per command, each rejecting unknown
 * options and bad values with a message naming the option and the rule, before anything runs.
 */
import { resolve } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import type { FailOn } from "./drift";
import { CliError } from "./engine";
import type { ExportOptions } from "./export";

export const USAGE = `Usage: pulumi-cluster-platform <command> [options]

Commands:
  drift     report drift (live service vs last applied state) and pending changes (program vs state)
            --stack <name>          the stack (default: the selected stack)
            --cwd <dir>             the Pulumi project folder (default: the current folder)
            --json                  print the report as JSON (docs/drift-report.schema.json)
            --markdown <file>       also write the report as markdown (a pull-request comment)
            --fail-on <what>        drift (default) | changes (drift or pending changes) | never

  compare   how the live configuration of two stacks differs, ids and per-environment config left out
            --stack <a> --stack <b> the two stacks (of the project in --cwd)
            --cwd <dir>             the Pulumi project folder (default: the current folder)
            --json                  print the comparison as JSON

  export    write a program that adopts every object of a live project (reads only)
            --group <id>            the project (24 hexadecimal digits)
            --cluster <name>        a cluster whose objects to export (repeatable; default: all)
            --out <dir>             the folder to write (must be empty or new, unless --force)
            --force                 overwrite the files export writes in a non-empty folder
            --project <name>        the program's Pulumi project name (default: platform-export)
            --stack <name>          the stack whose config file is written (default: dev)
            --base-url <url>        the API base URL (default: platform:baseUrl / PLATFORM_BASE_URL)
            --public-key <key>      API key (its private key from PLATFORM_PRIVATE_KEY)
            --client-id <id>        service account (its secret from PLATFORM_CLIENT_SECRET)
  recover   after an interrupted pulumi command (a killed CLI): adopt what its pending creates made
            on the service (found by natural key), clear the rest and a stale lock; then run pulumi up
            --stack <name>          the stack (default: the selected stack)
            --cwd <dir>             the Pulumi project folder (default: the current folder)
            --json                  print what was done as JSON
  migrate   move a stack from the dynamic form to the native plugin (state only; docs/native.md):
            change the program to the native resources first (same names), then run this
            --stack <name>          the stack (default: the selected stack)
            --cwd <dir>             the Pulumi project folder (default: the current folder)
            --backup <file>         where the state before the migration is saved
                                    (default: <stack>.dynamic-state.json in the project folder)
            --json                  print what was done as JSON

Exit codes: 0 nothing to report, 2 drift or pending changes (per --fail-on), 1 error.
`;

export interface DriftOptions {
  command: "drift";
  stack: string | undefined;
  cwd: string;
  json: boolean;
  markdown: string | undefined;
  failOn: FailOn;
}

export interface CompareOptions {
  command: "compare";
  stacks: [string, string];
  cwd: string;
  json: boolean;
}

export interface RecoverOptions {
  command: "recover";
  stack: string | undefined;
  cwd: string;
  json: boolean;
}

export interface MigrateOptions {
  command: "migrate";
  stack: string | undefined;
  cwd: string;
  backup: string | undefined;
  json: boolean;
}

export type CommandOptions =
  | DriftOptions
  | CompareOptions
  | ExportOptions
  | RecoverOptions
  | MigrateOptions
  | { command: "help" };

/** Option values by name: strings, booleans, and arrays of strings for options given `multiple`. */
type OptionValues = Record<string, string | boolean | string[] | undefined>;

function parse(args: string[], options: ParseArgsConfig["options"]): { values: OptionValues } {
  try {
    return {
      values: parseArgs({ args, options, strict: true, allowPositionals: false }).values as OptionValues,
    };
  } catch (error) {
    throw new CliError(
      error instanceof Error ? (error.message.split("\n")[0] ?? error.message) : String(error),
    );
  }
}

const FAIL_ON: readonly FailOn[] = ["drift", "changes", "never"];

function driftOptions(args: string[]): DriftOptions {
  const { values } = parse(args, {
    stack: { type: "string" },
    cwd: { type: "string" },
    json: { type: "boolean" },
    markdown: { type: "string" },
    "fail-on": { type: "string" },
  });
  const failOn = (values["fail-on"] ?? "drift") as FailOn;
  if (!FAIL_ON.includes(failOn)) {
    throw new CliError(`--fail-on must be one of ${FAIL_ON.join(", ")}, got "${values["fail-on"]}"`);
  }
  return {
    command: "drift",
    stack: values.stack as string | undefined,
    cwd: resolve(String(values.cwd ?? ".")),
    json: values.json === true,
    markdown: values.markdown === undefined ? undefined : resolve(String(values.markdown)),
    failOn,
  };
}

function compareOptions(args: string[]): CompareOptions {
  const { values } = parse(args, {
    stack: { type: "string", multiple: true },
    cwd: { type: "string" },
    json: { type: "boolean" },
  });
  const stacks = (values.stack ?? []) as string[];
  if (stacks.length !== 2) {
    throw new CliError(
      `--stack must be given exactly twice (the two stacks to compare), got ${stacks.length}`,
    );
  }
  return {
    command: "compare",
    stacks: [stacks[0] as string, stacks[1] as string],
    cwd: resolve(String(values.cwd ?? ".")),
    json: values.json === true,
  };
}

function exportOptions(args: string[]): ExportOptions {
  const { values } = parse(args, {
    group: { type: "string" },
    cluster: { type: "string", multiple: true },
    out: { type: "string" },
    force: { type: "boolean" },
    project: { type: "string" },
    stack: { type: "string" },
    "base-url": { type: "string" },
    "public-key": { type: "string" },
    "client-id": { type: "string" },
  });
  if (values.group === undefined) throw new CliError("--group is required: the project id to export");
  if (values.out === undefined) throw new CliError("--out is required: the folder to write the program to");
  const text = (name: string) => (values[name] === undefined ? undefined : String(values[name]));
  return {
    command: "export",
    groupId: String(values.group),
    clusters: (values.cluster ?? []) as string[],
    out: resolve(String(values.out)),
    force: values.force === true,
    project: text("project") ?? "platform-export",
    stack: text("stack") ?? "dev",
    baseUrl: text("base-url"),
    publicKey: text("public-key"),
    clientId: text("client-id"),
  };
}

function recoverOptions(args: string[]): RecoverOptions {
  const { values } = parse(args, {
    stack: { type: "string" },
    cwd: { type: "string" },
    json: { type: "boolean" },
  });
  return {
    command: "recover",
    stack: values.stack as string | undefined,
    cwd: resolve(String(values.cwd ?? ".")),
    json: values.json === true,
  };
}

function migrateOptions(args: string[]): MigrateOptions {
  const { values } = parse(args, {
    stack: { type: "string" },
    cwd: { type: "string" },
    backup: { type: "string" },
    json: { type: "boolean" },
  });
  return {
    command: "migrate",
    stack: values.stack as string | undefined,
    cwd: resolve(String(values.cwd ?? ".")),
    backup: values.backup === undefined ? undefined : resolve(String(values.backup)),
    json: values.json === true,
  };
}

/** The command and its options from `process.argv.slice(2)`. */
export function commandOptions(argv: string[]): CommandOptions {
  const [command, ...rest] = argv;
  switch (command) {
    case "drift":
      return driftOptions(rest);
    case "compare":
      return compareOptions(rest);
    case "export":
      return exportOptions(rest);
    case "recover":
      return recoverOptions(rest);
    case "migrate":
      return migrateOptions(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      return { command: "help" };
    default:
      throw new CliError(
        `unknown command "${command}": expected drift, compare, export, recover or migrate (see --help)`,
      );
  }
}
