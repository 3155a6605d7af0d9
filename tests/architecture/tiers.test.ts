/**
 * The test tiers (CONTRIBUTING.md, "Test tiers"; tests/setup/tiers.js names them):
 *
 * - every test file is in exactly one jest project, by its name's suffix;
 * - `npm test` runs the quick tier (unit, integration, the real-engine smoke set) on the base
 *   toolchain, `npm run test:all` every project on the --native one, and CI runs test:all;
 * - the smoke set drives a dynamic program and a native-language one through a whole cycle and runs
 *   drift, needing no --native toolchain;
 * - every TypeScript program under tests/e2e/programs is in `npm run typecheck`, which is why the
 *   harness runs it transpile-only (scripts/lib/pulumi-stack.ts);
 * - files start longest first by the committed durations table, files it does not know before all.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";
import { ROOT } from "./importGraph";

interface ProjectConfig {
  displayName: string;
  testRegex: string;
}
interface Tier {
  projects: string[];
  native: boolean;
}

// The jest configuration and the tier table are CommonJS modules jest itself loads.
const jestConfig: { projects: ProjectConfig[]; testSequencer: string } = require(
  join(ROOT, "jest.config.js"),
);
const { PROJECTS, TIERS }: { PROJECTS: Record<string, string>; TIERS: Record<string, Tier> } = require(
  join(ROOT, "tests/setup/tiers.js"),
);

/** Every file under a folder of the repository (relative paths), installed packages left out. */
function filesUnder(folder: string): string[] {
  const absolute = join(ROOT, folder);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return name === "node_modules" ? [] : filesUnder(path);
    return [path];
  });
}

const testFiles = filesUnder("tests").filter((file) => file.endsWith(".test.ts"));
const inProject = (project: string) =>
  testFiles.filter((file) => new RegExp(PROJECTS[project] ?? "^$").test(join(ROOT, file)));
const text = (file: string) => readFileSync(join(ROOT, file), "utf8");

describe("the tiers, by file name", () => {
  test("jest's projects are the tier table's, each matching the files of its suffix", () => {
    expect(jestConfig.projects.map(({ displayName, testRegex }) => [displayName, testRegex])).toEqual(
      Object.entries(PROJECTS),
    );
  });

  test("every test file is in exactly one project", () => {
    const names = Object.keys(PROJECTS);
    const offending = testFiles
      .map((file) => [file, names.filter((name) => inProject(name).includes(file))] as const)
      .filter(([, projects]) => projects.length !== 1)
      .map(([file, projects]) => `${file}: ${projects.join(", ") || "no project"}`);
    expect(offending).toEqual([]);
    expect(inProject("smoke").every((file) => file.endsWith(".smoke.e2e.test.ts"))).toBe(true);
    expect(inProject("e2e").some((file) => file.includes(".smoke."))).toBe(false);
  });

  test("a file that says smoke is in the smoke set (a smoke test is end-to-end)", () => {
    expect(
      testFiles.filter((file) => file.includes(".smoke.") && !inProject("smoke").includes(file)),
    ).toEqual([]);
  });

  test("npm test runs the quick tier, npm run test:all every project, CI runs test:all", () => {
    expect(TIERS.quick).toEqual({ projects: ["unit", "integration", "smoke"], native: false });
    expect(TIERS.all).toEqual({ projects: Object.keys(PROJECTS), native: true });
    const { scripts } = JSON.parse(text("package.json")) as { scripts: Record<string, string> };
    expect(scripts.test).toBe("bash scripts/test.sh quick");
    expect(scripts["test:all"]).toBe("bash scripts/test.sh all");
    expect(text(".ci/run").split("\n")).toContain("npm run test:all");
  });
});

describe("the smoke set (npm test's real-engine runs)", () => {
  const smoke = inProject("smoke");
  /** Whether a file runs each command: the stack's method (`.up(`) or a checking helper (`expectUp(`). */
  const drivesCycle = (file: string) =>
    ["up", "preview", "refresh", "destroy"].every((command) =>
      new RegExp(`(\\.${command}|\\bexpect${command[0]?.toUpperCase()}${command.slice(1)}\\w*)\\(`).test(
        text(file),
      ),
    );

  test("a dynamic-form program goes through up, preview, refresh and destroy", () => {
    expect(
      smoke.filter(
        (file) => !file.includes("/native/") && !/\bnative:/.test(text(file)) && drivesCycle(file),
      ),
    ).not.toEqual([]);
  });

  test("a native-language program runs the shared scenario (up, preview, import, refresh, destroy)", () => {
    const scenario = "tests/e2e/native/languageScenario.ts";
    expect(drivesCycle(scenario)).toBe(true);
    expect(smoke.filter((file) => text(file).includes("describeLanguageScenario("))).not.toEqual([]);
  });

  test("drift runs on a stack (the shared drift scenario)", () => {
    expect(text("tests/e2e/driftScenario.ts")).toMatch(/\[MAIN, "drift"/);
    expect(smoke.filter((file) => text(file).includes("describeDriftScenario("))).not.toEqual([]);
  });

  test("nothing in it needs the --native toolchain: its one native language is Node.js", () => {
    const languages = smoke.flatMap((file) =>
      [...text(file).matchAll(/\b(?:language|native): "(\w+)"/g)].map((match) => match[1]),
    );
    expect(new Set(languages)).toEqual(new Set(["nodejs"]));
  });
});

test("every TypeScript program under tests/e2e/programs is in npm run typecheck (so it runs transpile-only)", () => {
  const configFile = join(ROOT, "tsconfig.json");
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const checked = new Set(ts.parseJsonConfigFileContent(config, ts.sys, ROOT).fileNames);
  const programs = filesUnder("tests/e2e/programs").filter(
    (file) => file.endsWith(".ts") && !file.endsWith(".d.ts"),
  );
  expect(programs.length).toBeGreaterThan(0);
  expect(programs.filter((file) => !checked.has(join(ROOT, file)))).toEqual([]);
});

describe("the order files start in", () => {
  // biome-ignore lint/suspicious/noExplicitAny: the sequencer is a JS module; only `sort` is called
  const Sequencer: new (options: any) => { sort(tests: Array<{ path: string }>): Array<{ path: string }> } =
    require(join(ROOT, "tests/setup/durationsSequencer.js"));
  const table: Record<string, number> = JSON.parse(text("tests/setup/durations.json"));

  test("jest orders files with the durations sequencer", () => {
    expect(jestConfig.testSequencer).toBe("<rootDir>/tests/setup/durationsSequencer.js");
  });

  test("files the table does not know first, then the longest first, ties by path", () => {
    const [longest, shorter] = Object.entries(table).sort(([, a], [, b]) => b - a);
    if (longest === undefined || shorter === undefined) throw new Error("the durations table is empty");
    expect(longest[1]).toBeGreaterThan(shorter[1]);
    const tests = ["tests/unknown/b.test.ts", shorter[0], "tests/unknown/a.test.ts", longest[0]].map(
      (file) => ({
        path: join(ROOT, file),
      }),
    );
    expect(new Sequencer({ contexts: [], globalConfig: {} }).sort(tests).map((test) => test.path)).toEqual(
      ["tests/unknown/a.test.ts", "tests/unknown/b.test.ts", longest[0], shorter[0]].map((file) =>
        join(ROOT, file),
      ),
    );
  });

  test("the table names only test files that exist (npm run test:durations drops the others)", () => {
    expect(Object.keys(table).filter((file) => !testFiles.includes(file))).toEqual([]);
  });
});
