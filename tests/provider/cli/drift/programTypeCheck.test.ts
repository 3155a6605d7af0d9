/**
 * One type check of a fleet folder's program (provider/cli/drift/programTypeCheck.ts), with a fake `tsc`
 * and previews that end when the test says: tsc once per folder, its stacks transpile-only once it
 * passed, each one's own preview type check when it failed or for a folder it is not planned for, and a
 * PULUMI_NODEJS_TRANSPILE_ONLY of the user's left to decide. Which folders get a tsc check is read
 * from folders made under the repository's .test-state, so TypeScript resolves as a program's would.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CheckedFolder,
  ProgramTypeChecks,
  planTscCheck,
  previewEnv,
  type TscCheck,
  type TypeCheckVerdict,
  tscVerdict,
} from "../../../../provider/cli/drift/programTypeCheck";
import { deferred, settle } from "./gates";

const CHECK: TscCheck = { tsc: "/node_modules/typescript/bin/tsc", tsconfig: "/app/tsconfig.json" };
const APP: CheckedFolder = { path: "/app", tscCheck: CHECK };
const WEB: CheckedFolder = { path: "/web", tscCheck: undefined };

/** A fake tsc whose verdicts the test gives, recording the folders it was run for. */
function fakeTsc(): {
  runs: string[];
  verdicts: Map<string, ReturnType<typeof deferred<TypeCheckVerdict>>>;
  tsc: (folder: string) => Promise<TypeCheckVerdict>;
} {
  const runs: string[] = [];
  const verdicts = new Map<string, ReturnType<typeof deferred<TypeCheckVerdict>>>();
  const tsc = (folder: string) => {
    runs.push(folder);
    const verdict = deferred<TypeCheckVerdict>();
    verdicts.set(folder, verdict);
    return verdict.promise;
  };
  return { runs, verdicts, tsc };
}

/** A stack's preview that records how it ran; it ends with `gate` when given. */
function recorder(modes: string[]) {
  return (name: string, gate?: Promise<void>) => (transpileOnly: boolean) => {
    modes.push(`${name} ${transpileOnly ? "transpile-only" : "type-checked"}`);
    return gate ?? Promise.resolve();
  };
}

/** Phases that record what a stack was told. */
function phases(log: string[], name: string) {
  return {
    waiting: () => log.push(`${name} waits`),
    checkFailed: (reason: string) => log.push(`${name}: ${reason}`),
  };
}

describe("ProgramTypeChecks", () => {
  test("tsc runs once for a folder; its stacks wait for it, then preview transpile-only", async () => {
    const { runs, verdicts, tsc } = fakeTsc();
    const checks = new ProgramTypeChecks(undefined, tsc);
    const modes: string[] = [];
    const log: string[] = [];
    const preview = recorder(modes);
    const stacks = ["dev", "staging", "prod"].map((name) =>
      checks.run(APP, preview(name), phases(log, name)),
    );
    await settle();
    expect(modes).toEqual([]);
    expect(log).toEqual(["dev waits", "staging waits", "prod waits"]);
    verdicts.get("/app")?.resolve({ passed: true });
    await Promise.all(stacks);
    await checks.run(APP, preview("test"), phases(log, "test"));
    expect(runs).toEqual(["/app"]);
    expect(modes).toEqual([
      "dev transpile-only",
      "staging transpile-only",
      "prod transpile-only",
      "test transpile-only",
    ]);
    expect(log).toEqual(["dev waits", "staging waits", "prod waits"]);
  });

  test("when tsc fails, each stack's preview type-checks the program itself", async () => {
    const { runs, verdicts, tsc } = fakeTsc();
    const checks = new ProgramTypeChecks(undefined, tsc);
    const modes: string[] = [];
    const log: string[] = [];
    const failing = deferred();
    const preview = recorder(modes);
    const dev = checks.run(APP, preview("dev", failing.promise), phases(log, "dev"));
    const staging = checks.run(APP, preview("staging"), phases(log, "staging"));
    verdicts.get("/app")?.resolve({ passed: false, reason: "tsc --noEmit found 1 error, first TS2322" });
    await settle();
    expect(modes).toEqual(["dev type-checked", "staging type-checked"]);
    expect(log).toEqual([
      "dev waits",
      "staging waits",
      "dev: tsc --noEmit found 1 error, first TS2322",
      "staging: tsc --noEmit found 1 error, first TS2322",
    ]);
    failing.reject(new Error("TS2322: Type 'number' is not assignable to type 'string'"));
    await expect(dev).rejects.toThrow("TS2322");
    await staging;
    await checks.run(APP, preview("prod"), phases(log, "prod"));
    expect(runs).toEqual(["/app"]);
    expect(modes).toEqual(["dev type-checked", "staging type-checked", "prod type-checked"]);
    expect(log.at(-1)).toBe("prod: tsc --noEmit found 1 error, first TS2322");
  });

  test("a tsc that does not run fails the check with its cause", async () => {
    const checks = new ProgramTypeChecks(undefined, () => Promise.reject(new Error("spawn ENOMEM")));
    const log: string[] = [];
    const modes: string[] = [];
    await checks.run(APP, recorder(modes)("dev"), phases(log, "dev"));
    expect(log).toEqual(["dev waits", "dev: tsc did not run: Error: spawn ENOMEM"]);
    expect(modes).toEqual(["dev type-checked"]);
  });

  test("a folder without a tsc check: every stack's preview type-checks the program, none waits", async () => {
    const { runs, tsc } = fakeTsc();
    const checks = new ProgramTypeChecks(undefined, tsc);
    const modes: string[] = [];
    const log: string[] = [];
    const preview = recorder(modes);
    await Promise.all([
      checks.run(WEB, preview("dev"), phases(log, "dev")),
      checks.run(WEB, preview("prod"), phases(log, "prod")),
    ]);
    expect(runs).toEqual([]);
    expect(modes).toEqual(["dev type-checked", "prod type-checked"]);
    expect(log).toEqual([]);
  });

  test("a PULUMI_NODEJS_TRANSPILE_ONLY the user set is left to decide: no tsc, no waiting", async () => {
    const { runs, tsc } = fakeTsc();
    const checks = new ProgramTypeChecks("false", tsc);
    const modes: string[] = [];
    const log: string[] = [];
    const preview = recorder(modes);
    for (const name of ["dev", "prod"]) await checks.run(APP, preview(name), phases(log, name));
    expect(runs).toEqual([]);
    expect(modes).toEqual(["dev type-checked", "prod type-checked"]);
    expect(log).toEqual([]);
  });
});

describe("the preview's environment and tsc's verdict", () => {
  test("transpile-only sets the run-plugin's variable; otherwise the workspace's own is removed", () => {
    const envVars = { PULUMI_CONFIG_PASSPHRASE: "p", PULUMI_NODEJS_TRANSPILE_ONLY: "true" };
    expect(previewEnv({ PULUMI_CONFIG_PASSPHRASE: "p" }, true)).toEqual(envVars);
    expect(previewEnv(envVars, false)).toEqual({ PULUMI_CONFIG_PASSPHRASE: "p" });
    expect(previewEnv(envVars, true)).toEqual(envVars);
  });

  test("tsc's exit code and errors: passed, the count and the first code, or the exit code", () => {
    expect(tscVerdict(0, "")).toEqual({ passed: true });
    expect(
      tscVerdict(
        2,
        [
          "index.ts(12,7): error TS2322: Type 'number' is not assignable to type 'string'.",
          "index.ts(13,1): error TS2304: Cannot find name 'nope'.",
          "",
        ].join("\n"),
      ),
    ).toEqual({ passed: false, reason: "tsc --noEmit found 2 errors, first TS2322" });
    expect(tscVerdict(2, "index.ts(1,1): error TS1005: ';' expected.\n")).toEqual({
      passed: false,
      reason: "tsc --noEmit found 1 error, first TS1005",
    });
    expect(tscVerdict(1, "Cannot find module 'typescript'")).toEqual({
      passed: false,
      reason: "tsc --noEmit exited 1",
    });
  });
});

describe("planTscCheck", () => {
  const repoRoot = join(__dirname, "..", "..", "..", "..");
  const root = join(repoRoot, ".test-state", `programTypeCheck-${process.pid}`);
  const NODEJS = { runtime: { name: "nodejs", options: { typescript: true } } };
  const folder = (name: string, files: string[]) => {
    const path = join(root, name);
    mkdirSync(path, { recursive: true });
    for (const file of files) writeFileSync(join(path, file), "{}\n");
    return path;
  };

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("a TypeScript program with a tsconfig: tsc from the folder's own TypeScript, on that tsconfig", () => {
    const app = folder("app", ["tsconfig.json"]);
    expect(planTscCheck(app, NODEJS, {})).toEqual({
      tsc: require.resolve("typescript/bin/tsc", { paths: [repoRoot] }),
      tsconfig: join(app, "tsconfig.json"),
    });
    expect(planTscCheck(app, { runtime: "nodejs", main: "." }, {})?.tsconfig).toBe(
      join(app, "tsconfig.json"),
    );
    const other = folder("other", ["tsconfig.pulumi.json"]);
    expect(
      planTscCheck(other, NODEJS, { PULUMI_NODEJS_TSCONFIG_PATH: "tsconfig.pulumi.json" })?.tsconfig,
    ).toBe(join(other, "tsconfig.pulumi.json"));
    const option = { runtime: { name: "nodejs", options: { tsconfig: "tsconfig.pulumi.json" } } };
    expect(planTscCheck(other, option, {})?.tsconfig).toBe(join(other, "tsconfig.pulumi.json"));
  });

  test("anything else is type-checked by its stacks' previews", () => {
    const app = folder("app", ["tsconfig.json"]);
    const bare = folder("bare", []);
    const resolves = () => "/tsc";
    expect(planTscCheck(bare, NODEJS, {}, resolves)).toBeUndefined();
    expect(planTscCheck(app, { runtime: "python" }, {}, resolves)).toBeUndefined();
    expect(planTscCheck(app, {}, {}, resolves)).toBeUndefined();
    expect(
      planTscCheck(app, { runtime: { name: "nodejs", options: { typescript: false } } }, {}, resolves),
    ).toBeUndefined();
    expect(planTscCheck(app, { runtime: "nodejs", main: "src/index.ts" }, {}, resolves)).toBeUndefined();
    expect(planTscCheck(app, NODEJS, { PULUMI_NODEJS_TSCONFIG_PATH: "gone.json" }, resolves)).toBeUndefined();
    expect(planTscCheck(app, NODEJS, {}, () => undefined)).toBeUndefined();
    expect(planTscCheck(app, NODEJS, {}, resolves)).toEqual({
      tsc: "/tsc",
      tsconfig: join(app, "tsconfig.json"),
    });
  });
});
