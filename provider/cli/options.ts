/**
 * The command line of `pulumi-cluster-platform`: one parser per command, each rejecting unknown
 * options and bad values with a message naming the option and the rule, before anything runs.
 */
import { resolve } from "node:path";
import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import type { FailOn } from "./drift/drift";
import type { FleetFailOn } from "./drift/fleet";
import { CliError, type PolicyPackOptions } from "./engine";
import type { ExportOptions } from "./export/export";
import { EXPORT_FORMATS, EXPORT_LANGUAGES } from "./export/plan";
import { plural } from "./report/tables";

/** How many stacks the commands over many stacks work on at once unless --concurrency says. */
export const DEFAULT_CONCURRENCY = 4;

export const USAGE = `Usage: pulumi-cluster-platform <command> [options]

Commands:
  drift     report drift (live service vs last applied state) and pending changes (program vs state)
            --stack <name>          the stack (default: the selected stack); repeatable, and
                                    <project>/<name> picks the folder of that project
            --cwd <dir>             the Pulumi project folder (default: the current folder); repeatable
            --all-stacks            every stack of each --cwd folder
            --stacks-from <file>    the stacks a \`stacks\` listing holds (with --slice: one slice of it)
            --slice <n>             with --stacks-from: only the stacks of slice n
            --concurrency <n>       stacks checked at once (default ${DEFAULT_CONCURRENCY})
            --json                  print the report as JSON (docs/drift-report.schema.json)
            --markdown <file>       also write the report as markdown (a pull-request comment)
            --fail-on <what>        drift (default) | changes (drift or pending changes) | never;
                                    over several stacks add ",errors" to exit 1 when one could not be checked
            --policy-pack <path>    run the preview with this policy pack (a folder, or the pack's
                                    launcher, docs/policy.md); repeatable; violations are reported
                                    beside drift (mandatory ones count as drift, advisory as changes)
            --policy-pack-config <file>  the config of the --policy-pack at the same position
            With several stacks (--all-stacks, --stacks-from, or --stack or --cwd more than once), one
            report: a table of the stacks, then each stack's section; exit code the worst of the stacks.

  compare   how the live configuration of stacks differs, ids and per-environment config left out
            --stack <a> --stack <b> the stacks (of the project in --cwd); three or more: a chain
                                    (dev, staging, prod), each neighbour pair compared
            --cwd <dir>             the Pulumi project folder (default: the current folder)
            --concurrency <n>       stacks read at once, for a chain (default ${DEFAULT_CONCURRENCY})
            --json                  print the comparison as JSON

  stacks    list the stacks of Pulumi project folders as JSON, cut into slices for a CI job matrix
            --cwd <dir>             a Pulumi project folder (default: the current folder); repeatable
            --stack <name>          only these stacks (as drift takes them); default: every stack
            --slices <n>            how many slices (jobs) to cut the list into (default 1)

  merge     merge the JSON reports of drift over slices of a listing into one report
            <report.json>...        the reports (drift --stacks-from <file> --slice <n> --json)
            --stacks-from <file>    the listing they were cut from: a listed stack no report holds
                                    is reported as not checked
            --json                  print the merged report as JSON
            --markdown <file>       also write it as markdown (one comment)
            --fail-on <what>        as for drift

  export    write a program that adopts every object of a live project, or the file pulumi import
            --file takes (reads only)
            --group <id>            the project (24 hexadecimal digits)
            --cluster <name>        a cluster whose objects to export (repeatable; default: all)
            --format <what>         program (default), or import-file: the JSON of pulumi import --file
                                    (type platform:index:<Type>, name, id of every object)
            --out <dir|file>        the program's folder (must be empty or new, unless --force); the
                                    import file (must not exist, unless --force)
            --force                 overwrite the files export writes
            --project <name>        the program's Pulumi project name (default: platform-export)
            --stack <name>          the stack whose config file is written (default: dev)
            --language <name>       typescript (default; the dynamic form), or yaml, python or go
                                    (on the native plugin pulumi-resource-platform)
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

Exit codes: 0 nothing to report, 2 drift, pending changes or policy violations (per --fail-on), 1 error (over several
stacks: none could be checked, or one could not and --fail-on has errors).
`;

/** How a drift report is printed (text, or --json; --markdown besides) and what exits 2 (--fail-on). */
export interface ReportOutput<F extends FailOn | FleetFailOn> {
  json: boolean;
  markdown: string | undefined;
  failOn: F;
}

export interface DriftOptions extends ReportOutput<FailOn> {
  command: "drift";
  stack: string | undefined;
  cwd: string;
  /** `--policy-pack` and `--policy-pack-config`; absent: the preview runs no pack. */
  policy?: PolicyPackOptions;
}

/**
 * Which stacks of the folders: these names (each `<stack>`, `<project>/<stack>` or
 * `<org>/<project>/<stack>`), every stack, or each folder's selected stack.
 */
export type StackChoice = { kind: "named"; names: string[] } | { kind: "all" } | { kind: "selected" };

/** Stacks of Pulumi project folders; the folders as given on the command line (a listing keeps them so). */
export interface FolderSelection {
  from: "folders";
  folders: string[];
  stacks: StackChoice;
}

/** The stacks of a `stacks` listing (a file), all of them or one slice. */
export interface ListingSelection {
  from: "listing";
  file: string;
  slice: number | undefined;
}

export type FleetSelection = FolderSelection | ListingSelection;

/** `drift` over several stacks (docs/cli.md, "Many stacks"): one report of all of them. */
export interface FleetDriftOptions extends ReportOutput<FleetFailOn> {
  command: "drift-fleet";
  selection: FleetSelection;
  concurrency: number;
  policy?: PolicyPackOptions;
}

export interface CompareOptions {
  command: "compare";
  /** Two stacks, or a chain of three or more. */
  stacks: [string, string, ...string[]];
  cwd: string;
  concurrency: number;
  json: boolean;
}

/** `stacks`: the listing a CI job matrix is cut from. */
export interface StacksOptions {
  command: "stacks";
  selection: FolderSelection;
  slices: number;
}

/** `merge`: the reports of a matrix's slices as one. */
export interface MergeOptions extends ReportOutput<FleetFailOn> {
  command: "merge";
  reports: string[];
  stacksFrom: string | undefined;
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
  | FleetDriftOptions
  | CompareOptions
  | StacksOptions
  | MergeOptions
  | ExportOptions
  | RecoverOptions
  | MigrateOptions
  | { command: "help" };

/** Parses a command's options (values typed by their config) or throws the parser's message. */
function parse<const O extends ParseArgsOptionsConfig>(args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    throw new CliError((error as Error).message.split("\n")[0] as string);
  }
}

const FAIL_ON: readonly FailOn[] = ["drift", "changes", "never"];

/**
 * `--fail-on`: one of drift, changes, never, and over several stacks `errors` besides, comma-separated
 * (`drift,errors`); `errors` alone keeps the default `drift`.
 */
export function failOnOption(value: string | undefined): FleetFailOn {
  const words = (value ?? "drift").split(",").map((word) => word.trim());
  const findings = words.filter((word) => word !== "errors");
  for (const word of findings) {
    if (!FAIL_ON.includes(word as FailOn)) {
      throw new CliError(
        `--fail-on must be one of ${FAIL_ON.join(", ")}, got "${value}" (over several stacks, add ",errors" to exit 1 when one could not be checked)`,
      );
    }
  }
  if (findings.length > 1) {
    throw new CliError(`--fail-on takes one of ${FAIL_ON.join(", ")} (and errors), got "${value}"`);
  }
  return { findings: (findings[0] ?? "drift") as FailOn, errors: words.includes("errors") };
}

function positiveInteger(name: string, text: string | undefined, fallback: number): number;
function positiveInteger(name: string, text: string | undefined, fallback: undefined): number | undefined;
function positiveInteger(name: string, text: string | undefined, fallback: number | undefined) {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    throw new CliError(`--${name} must be a whole number of at least 1, got "${text}"`);
  }
  return value;
}

/** A stack as --stack takes it: `<stack>`, `<project>/<stack>` or `<org>/<project>/<stack>`. */
function stackNames(names: string[]): string[] {
  for (const name of names) {
    const parts = name.split("/");
    if (parts.length > 3 || parts.some((part) => part === "")) {
      throw new CliError(
        `--stack must be <stack>, <project>/<stack> or <org>/<project>/<stack>, got "${name}"`,
      );
    }
  }
  return names;
}

/** The folders (--cwd, repeatable; default the current folder) and stacks (--stack, --all-stacks). */
function folderSelection(
  values: { stack?: string[]; cwd?: string[]; "all-stacks"?: boolean },
  otherwise: StackChoice,
): FolderSelection {
  const names = stackNames(values.stack ?? []);
  if (values["all-stacks"] === true && names.length > 0) {
    throw new CliError("--all-stacks and --stack exclude each other: --all-stacks already takes every stack");
  }
  return {
    from: "folders",
    folders: [...new Set(values.cwd ?? ["."])],
    stacks:
      values["all-stacks"] === true
        ? { kind: "all" }
        : names.length > 0
          ? { kind: "named", names }
          : otherwise,
  };
}

/** An option's path made absolute (undefined when the option is not given). */
function absolute(path: string | undefined): string | undefined {
  return path === undefined ? undefined : resolve(path);
}

/**
 * `--policy-pack` (repeatable) and `--policy-pack-config`, as absolute paths (the preview runs in the
 * project's folder). As with `pulumi preview`, configs pair with packs by position: one per pack, or none.
 */
export function policyPackOptions(values: {
  "policy-pack"?: string[];
  "policy-pack-config"?: string[];
}): PolicyPackOptions | undefined {
  const asGiven = values["policy-pack"] ?? [];
  const packs = asGiven.map((path) => resolve(path));
  const configs = (values["policy-pack-config"] ?? []).map((path) => resolve(path));
  if (configs.length > 0 && configs.length !== packs.length) {
    throw new CliError(
      `--policy-pack-config must be given once per --policy-pack (in the same order), got ${configs.length} for ${plural(packs.length, "pack")}`,
    );
  }
  return packs.length === 0 ? undefined : { packs, configs, asGiven };
}

/**
 * `drift` on one stack (today's report), or over several (the fleet report) when the options can
 * name more than one: --all-stacks, --stacks-from, --stack or --cwd given more than once.
 */
function driftOptions(args: string[]): DriftOptions | FleetDriftOptions {
  const { values } = parse(args, {
    stack: { type: "string", multiple: true },
    cwd: { type: "string", multiple: true },
    "all-stacks": { type: "boolean" },
    "stacks-from": { type: "string" },
    slice: { type: "string" },
    concurrency: { type: "string" },
    json: { type: "boolean" },
    markdown: { type: "string" },
    "fail-on": { type: "string" },
    "policy-pack": { type: "string", multiple: true },
    "policy-pack-config": { type: "string", multiple: true },
  });
  const failOn = failOnOption(values["fail-on"]);
  const policy = policyPackOptions(values);
  const concurrency = positiveInteger("concurrency", values.concurrency, DEFAULT_CONCURRENCY);
  const slice = positiveInteger("slice", values.slice, undefined);
  const fleet = {
    command: "drift-fleet" as const,
    concurrency,
    json: values.json === true,
    markdown: absolute(values.markdown),
    failOn,
    ...(policy === undefined ? {} : { policy }),
  };
  if (values["stacks-from"] !== undefined) {
    if (values.stack !== undefined || values.cwd !== undefined || values["all-stacks"] !== undefined) {
      throw new CliError(
        "--stacks-from names the stacks and their folders: leave out --stack, --cwd and --all-stacks",
      );
    }
    return { ...fleet, selection: { from: "listing", file: resolve(values["stacks-from"]), slice } };
  }
  if (slice !== undefined)
    throw new CliError("--slice takes a slice of a listing: give --stacks-from <file>");
  const selection = folderSelection(values, { kind: "selected" });
  const names = selection.stacks.kind === "named" ? selection.stacks.names : [];
  if (selection.stacks.kind !== "all" && names.length <= 1 && selection.folders.length === 1) {
    return {
      command: "drift",
      stack: names[0],
      cwd: resolve(selection.folders[0] as string),
      json: fleet.json,
      markdown: fleet.markdown,
      failOn: failOn.findings,
      ...(policy === undefined ? {} : { policy }),
    };
  }
  return { ...fleet, selection };
}

function compareOptions(args: string[]): CompareOptions {
  const { values } = parse(args, {
    stack: { type: "string", multiple: true },
    cwd: { type: "string" },
    concurrency: { type: "string" },
    json: { type: "boolean" },
  });
  const stacks = values.stack ?? [];
  if (stacks.length < 2) {
    throw new CliError(
      `--stack must be given at least twice (two stacks to compare, or a chain: dev, staging, prod), got ${stacks.length}`,
    );
  }
  if (new Set(stacks).size !== stacks.length) {
    throw new CliError(`--stack names a stack twice: ${stacks.join(", ")}`);
  }
  return {
    command: "compare",
    stacks: stacks as [string, string, ...string[]],
    cwd: resolve(values.cwd ?? "."),
    concurrency: positiveInteger("concurrency", values.concurrency, DEFAULT_CONCURRENCY),
    json: values.json === true,
  };
}

function stacksOptions(args: string[]): StacksOptions {
  const { values } = parse(args, {
    stack: { type: "string", multiple: true },
    cwd: { type: "string", multiple: true },
    slices: { type: "string" },
  });
  return {
    command: "stacks",
    selection: folderSelection(values, { kind: "all" }),
    slices: positiveInteger("slices", values.slices, 1),
  };
}

function mergeOptions(args: string[]): MergeOptions {
  const { values, positionals } = parse(
    args,
    {
      "stacks-from": { type: "string" },
      json: { type: "boolean" },
      markdown: { type: "string" },
      "fail-on": { type: "string" },
    },
    true,
  );
  if (positionals.length === 0) {
    throw new CliError("merge takes the report files to merge: merge [options] <report.json>...");
  }
  return {
    command: "merge",
    reports: positionals.map((file) => resolve(file)),
    stacksFrom: absolute(values["stacks-from"]),
    json: values.json === true,
    markdown: absolute(values.markdown),
    failOn: failOnOption(values["fail-on"]),
  };
}

/** An option that takes one of `known` (default: the first), refusing any other value. */
function oneOf<T extends string>(name: string, known: readonly T[], value: string | undefined): T {
  if (value === undefined) return known[0] as T;
  const found = known.find((candidate) => candidate === value);
  if (found === undefined) {
    throw new CliError(`--${name} must be one of ${known.join(", ")}; got ${JSON.stringify(value)}`);
  }
  return found;
}

function exportOptions(args: string[]): ExportOptions {
  const { values } = parse(args, {
    group: { type: "string" },
    format: { type: "string" },
    cluster: { type: "string", multiple: true },
    out: { type: "string" },
    force: { type: "boolean" },
    project: { type: "string" },
    stack: { type: "string" },
    language: { type: "string" },
    "base-url": { type: "string" },
    "public-key": { type: "string" },
    "client-id": { type: "string" },
  });
  if (values.group === undefined) throw new CliError("--group is required: the project id to export");
  const format = oneOf("format", EXPORT_FORMATS, values.format);
  const language = oneOf("language", EXPORT_LANGUAGES, values.language);
  if (format === "import-file") {
    // An import file names no language: `pulumi import` writes the code in the stack's.
    for (const option of ["language", "project", "stack"] as const) {
      if (values[option] !== undefined) {
        throw new CliError(
          `--${option} applies to --format program only: an import file is the same for a program in any language`,
        );
      }
    }
  }
  if (values.out === undefined) {
    throw new CliError(
      `--out is required: the ${format === "import-file" ? "file to write the import file" : "folder to write the program"} to`,
    );
  }
  return {
    command: "export",
    format,
    groupId: values.group,
    clusters: values.cluster ?? [],
    out: resolve(values.out),
    force: values.force === true,
    project: values.project ?? "platform-export",
    stack: values.stack ?? "dev",
    language,
    baseUrl: values["base-url"],
    publicKey: values["public-key"],
    clientId: values["client-id"],
  };
}

/** The options of `recover` and `migrate`: one stack of one folder. */
const ONE_STACK = {
  stack: { type: "string" },
  cwd: { type: "string" },
  json: { type: "boolean" },
} as const;

function recoverOptions(args: string[]): RecoverOptions {
  const { values } = parse(args, ONE_STACK);
  return {
    command: "recover",
    stack: values.stack,
    cwd: resolve(values.cwd ?? "."),
    json: values.json === true,
  };
}

function migrateOptions(args: string[]): MigrateOptions {
  const { values } = parse(args, { ...ONE_STACK, backup: { type: "string" } });
  return {
    command: "migrate",
    stack: values.stack,
    cwd: resolve(values.cwd ?? "."),
    backup: absolute(values.backup),
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
    case "stacks":
      return stacksOptions(rest);
    case "merge":
      return mergeOptions(rest);
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
        `unknown command "${command}": expected drift, compare, stacks, merge, export, recover or migrate (see --help)`,
      );
  }
}
