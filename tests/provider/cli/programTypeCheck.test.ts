/**
 * The fleet's type check in the tool (provider/cli/programTypeCheck.ts): which folders it plans for,
 * the entry it finds as the run-plugin would, and the shared checker's verdicts and reuse. The
 * folders are made under the repository's .test-state, so that @pulumi/pulumi, ts-node and
 * TypeScript resolve from its node_modules as a program's would.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { create as createTsNode } from "ts-node";
import {
  entryOf,
  ProgramTypeChecks,
  planTypeCheck,
  SharedTypeChecker,
  type TypeCheckRequest,
} from "../../../provider/cli/programTypeCheck";

const repoRoot = join(__dirname, "..", "..", "..");
const root = join(repoRoot, ".test-state", `programTypeCheck-${process.pid}`);
const pulumiPackage = dirname(require.resolve("@pulumi/pulumi/package.json", { paths: [repoRoot] }));
const NODEJS = { runtime: { name: "nodejs", options: { typescript: true } } };
const PROGRAM = [
  'import * as pulumi from "@pulumi/pulumi";',
  "const config = new pulumi.Config();",
  'export const owner: string = config.require("owner");',
  "",
].join("\n");
const TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "commonjs",
    moduleResolution: "node",
    skipLibCheck: true,
    types: ["node"],
  },
};

/** A project folder under the test's root: files by relative path (objects are written as JSON). */
function folder(name: string, files: Record<string, string | object>): string {
  const dir = join(root, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof content === "string" ? content : JSON.stringify(content));
  }
  return dir;
}

/** A TypeScript program folder: package.json's main is index.ts, as in the examples. */
function program(name: string, index = PROGRAM, extra: Record<string, string | object> = {}): string {
  return folder(name, {
    "package.json": { name, main: "index.ts" },
    "tsconfig.json": TSCONFIG,
    "index.ts": index,
    ...extra,
  });
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("planTypeCheck", () => {
  test("a TypeScript program of the Node.js runtime is checked in the tool, from its folder's packages", () => {
    const dir = program("plan-tool");
    expect(planTypeCheck(dir, NODEJS, {})).toEqual({
      where: "tool",
      request: {
        folder: dir,
        entry: join(dir, "index.ts"),
        tsconfig: join(dir, "tsconfig.json"),
        pulumiPackage,
      },
    });
    const other = planTypeCheck(
      dir,
      { runtime: { name: "nodejs", options: { tsconfig: "tsconfig.pulumi.json" } } },
      {},
    );
    expect(other.where === "tool" && other.request.tsconfig).toBe(join(dir, "tsconfig.pulumi.json"));
    expect(planTypeCheck(dir, { runtime: "nodejs" }, {}).where).toBe("tool");
  });

  test("what the tool cannot reproduce is left to the program, with the reason", () => {
    const dir = program("plan-program");
    const reasonOf = (settings: Parameters<typeof planTypeCheck>[1], env: NodeJS.ProcessEnv = {}) =>
      planTypeCheck(dir, settings, env);
    expect(reasonOf({ runtime: "python" })).toEqual({ where: "program", reason: "the runtime is python" });
    expect(reasonOf({})).toEqual({ where: "program", reason: "no runtime" });
    expect(reasonOf({ runtime: { name: "nodejs", options: { typescript: false } } })).toEqual({
      where: "program",
      reason: "the program is not TypeScript",
    });
    expect(reasonOf({ runtime: { name: "nodejs", options: { nodeargs: "--require ./hook.js" } } })).toEqual({
      where: "program",
      reason: "runtime option nodeargs",
    });
    expect(reasonOf(NODEJS, { PULUMI_NODEJS_TRANSPILE_ONLY: "false" })).toEqual({
      where: "program",
      reason: "PULUMI_NODEJS_TRANSPILE_ONLY is set",
    });
    expect(reasonOf(NODEJS, { PULUMI_NODEJS_TSCONFIG_PATH: "other.json" })).toEqual({
      where: "program",
      reason: "PULUMI_NODEJS_TSCONFIG_PATH is set",
    });
    expect(reasonOf(NODEJS, { TS_NODE_FILES: "true" })).toEqual({
      where: "program",
      reason: "a TS_NODE_ variable is set",
    });
  });
});

describe("entryOf", () => {
  test("Pulumi.yaml's main, else package.json's exports or main, else the folder's index.ts", () => {
    const dir = program("entry-found", PROGRAM, { "src/main.ts": PROGRAM, "src/other.ts": PROGRAM });
    expect(entryOf(dir, undefined)).toBe(join(dir, "index.ts"));
    expect(entryOf(dir, "src/main.ts")).toBe(join(dir, "src", "main.ts"));
    expect(entryOf(dir, join(dir, "src", "main"))).toBe(join(dir, "src", "main.ts"));
    const exported = folder("entry-exports", {
      "package.json": { exports: "./src/other.ts" },
      "src/other.ts": "",
    });
    expect(entryOf(exported, undefined)).toBe(join(exported, "src", "other.ts"));
    const bare = folder("entry-bare", { "package.json": { name: "bare" }, "index.ts": "" });
    expect(entryOf(bare, undefined)).toBe(join(bare, "index.ts"));
  });

  test("an entry that is not one .ts file as Node.js would load it says why", () => {
    const js = folder("entry-js", { "package.json": { name: "js" }, "index.ts": "", "index.js": "" });
    expect(entryOf(js, undefined)).toEqual({ reason: "the entry is index.js" });
    expect(entryOf(js, "index.js")).toEqual({ reason: "the entry is .js" });
    expect(entryOf(js, "index")).toEqual({ reason: "the entry is .js" });
    const esm = folder("entry-esm", { "package.json": { type: "module" }, "index.ts": "" });
    expect(entryOf(esm, undefined)).toEqual({ reason: "the program is an ES module" });
    const conditional = folder("entry-conditions", {
      "package.json": { exports: { ".": { require: "./index.ts" } } },
      "index.ts": "",
    });
    expect(entryOf(conditional, undefined)).toEqual({ reason: "package.json exports is not one path" });
    const nested = folder("entry-nested", {
      "package.json": { name: "nested" },
      "app/package.json": { main: "start.ts" },
      "app/index.ts": "",
    });
    expect(entryOf(nested, "app")).toEqual({ reason: "the entry folder's package.json names a main" });
    const none = folder("entry-none", { "package.json": { name: "none" } });
    expect(entryOf(none, undefined)).toEqual({ reason: "no entry file" });
  });
});

describe("SharedTypeChecker", () => {
  const requestOf = (dir: string): TypeCheckRequest => {
    const plan = planTypeCheck(dir, NODEJS, {});
    if (plan.where !== "tool") throw new Error(plan.reason);
    return plan.request;
  };

  test("a second folder's program reuses the declarations the first one parsed", () => {
    const checker = new SharedTypeChecker();
    expect(checker.check(requestOf(program("shared-a")))).toEqual({ passed: true });
    const first = checker.filesParsed;
    expect(first).toBeGreaterThan(100);
    expect(checker.check(requestOf(program("shared-b")))).toEqual({ passed: true });
    // Only shared-b's own index.ts is new; an unchanged folder checked again parses nothing.
    expect(checker.filesParsed - first).toBe(1);
    expect(checker.check(requestOf(join(root, "shared-a")))).toEqual({ passed: true });
    expect(checker.filesParsed - first).toBe(1);
  });

  test("a type error, in the entry or a file it imports, is not passed", () => {
    const checker = new SharedTypeChecker();
    const wrong = program("typo-entry", `${PROGRAM}const wrong: string = 42;\n`);
    expect(checker.check(requestOf(wrong))).toEqual({ passed: false, reason: "1 diagnostic, first TS2322" });
    const imported = program(
      "typo-import",
      `import { count } from "./lib";\n${PROGRAM}export const n = count;\n`,
      {
        "lib.ts": "export const count: number = 'three';\nexport const other: string = 1;\n",
      },
    );
    expect(checker.check(requestOf(imported))).toEqual({
      passed: false,
      reason: "2 diagnostics, first TS2322",
    });
  });

  test("a tsconfig's noCheck: the program runs transpile-only, so there is nothing to check", () => {
    const dir = program("no-check", `${PROGRAM}const wrong: string = 42;\n`, {
      "tsconfig.json": { compilerOptions: { ...TSCONFIG.compilerOptions, noCheck: true } },
    });
    expect(new SharedTypeChecker().check(requestOf(dir))).toEqual({ passed: true });
  });

  test("the run-plugin's defaults apply where tsconfig is silent: the verdicts are ts-node's own", () => {
    // ts-node as cmd/run/run.ts creates it for the folder's program: the oracle the check stands for.
    const tsNodeVerdict = (dir: string): string => {
      const tsconfig = join(dir, "tsconfig.json");
      const written = existsSync(tsconfig)
        ? (JSON.parse(readFileSync(tsconfig, "utf8")) as { compilerOptions?: object }).compilerOptions
        : {};
      const service = createTsNode({
        cwd: dir,
        project: tsconfig,
        skipProject: !existsSync(tsconfig),
        transpileOnly: false,
        compilerOptions: {
          target: "ES2020",
          module: "nodenext",
          moduleResolution: "nodenext",
          sourceMap: "true",
          ...written,
        },
      });
      try {
        service.compile(readFileSync(join(dir, "index.ts"), "utf8"), join(dir, "index.ts"));
        return "passed";
      } catch (error) {
        return `failed: ${/error (TS\d+)/.exec(String(error))?.[1]}`;
      }
    };
    const checker = new SharedTypeChecker();
    const verdictOf = (dir: string): string => {
      const verdict = checker.check(requestOf(dir));
      return verdict.passed ? "passed" : `failed: ${/TS\d+/.exec(verdict.reason)?.[0]}`;
    };
    const silent = { compilerOptions: { strict: true, skipLibCheck: true, types: ["node"] } };
    // The run-plugin's target (ES2020) has no Array.prototype.at: TypeScript's default would differ.
    const at = `${PROGRAM}export const first = [1, 2].at(0);\n`;
    const cases = {
      "silent-passes": program("defaults-silent", PROGRAM, { "tsconfig.json": silent }),
      "silent-target": program("defaults-target", at, { "tsconfig.json": silent }),
      "written-target": program("defaults-written", at, {
        "tsconfig.json": { compilerOptions: { ...silent.compilerOptions, target: "ES2022" } },
      }),
      "no-tsconfig": program("defaults-bare", PROGRAM, {}),
    };
    rmSync(join(cases["no-tsconfig"], "tsconfig.json"));
    const verdicts = Object.fromEntries(Object.entries(cases).map(([name, dir]) => [name, verdictOf(dir)]));
    expect(verdicts).toEqual({
      "silent-passes": "passed",
      "silent-target": "failed: TS2550",
      "written-target": "passed",
      "no-tsconfig": "passed",
    });
    expect(
      Object.fromEntries(Object.entries(cases).map(([name, dir]) => [name, tsNodeVerdict(dir)])),
    ).toEqual(verdicts);
  });
});

describe("ProgramTypeChecks", () => {
  test("one verdict per folder, however many stacks ask", async () => {
    const checks = new ProgramTypeChecks();
    const dir = program("verdict-once");
    cpSync(dir, join(root, "verdict-twin"), { recursive: true });
    const plan = planTypeCheck(dir, NODEJS, {});
    if (plan.where !== "tool") throw new Error(plan.reason);
    const first = checks.verdict(plan.request);
    expect(checks.verdict({ ...plan.request })).toBe(first);
    await expect(first).resolves.toEqual({ passed: true });
  });
});
