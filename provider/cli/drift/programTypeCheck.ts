/**
 * One type check of a project folder's program for all its stacks in a run over many stacks
 * (docs/cli.md, "Many stacks"), through what Pulumi documents: a TypeScript program's type check
 * depends on its files and tsconfig, not on the stack, and the Node.js run-plugin previews a program
 * without it when `PULUMI_NODEJS_TRANSPILE_ONLY=true`. So:
 *
 * - a folder whose program is TypeScript with a tsconfig is checked once by `tsc --noEmit -p`, with
 *   the TypeScript the folder itself resolves; when it passes, the folder's stacks preview
 *   transpile-only;
 * - when it fails, or for any other folder, each of the folder's stacks previews with the
 *   run-plugin's own type check, so that each says an error exactly as `drift` on that stack alone;
 * - a PULUMI_NODEJS_TRANSPILE_ONLY the user set decides alone: no tsc, and the variable as given.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

/** The variable the Node.js run-plugin reads (`true`: no type check), documented by Pulumi. */
export const TRANSPILE_ONLY = "PULUMI_NODEJS_TRANSPILE_ONLY";

/** A folder's `tsc --noEmit -p <tsconfig>`: the compiler the folder resolves and its tsconfig. */
export interface TscCheck {
  tsc: string;
  tsconfig: string;
}

/** What a folder's check found: nothing, or why its stacks are type-checked in their previews. */
export type TypeCheckVerdict = { passed: true } | { passed: false; reason: string };

/** The project settings the plan reads (Pulumi.yaml's `runtime` and `main`). */
export interface ProgramSettings {
  runtime?: string | { name: string; options?: Record<string, unknown> };
  main?: string;
}

/** The TypeScript compiler the folder resolves, as its own `npx tsc` would; undefined when none does. */
function tscOfFolder(folder: string): string | undefined {
  try {
    return require.resolve("typescript/bin/tsc", { paths: [folder] });
  } catch {
    return undefined;
  }
}

/**
 * The folder's `tsc` check, when its program is TypeScript (runtime `nodejs`, not `typescript:
 * false`) run from the folder itself (no `main` elsewhere) with a tsconfig where the run-plugin looks
 * for it (PULUMI_NODEJS_TSCONFIG_PATH, else the runtime's `tsconfig` option, else tsconfig.json) and
 * TypeScript resolves from the folder; undefined otherwise.
 */
export function planTscCheck(
  folder: string,
  settings: ProgramSettings,
  env: NodeJS.ProcessEnv = process.env,
  resolveTsc: (folder: string) => string | undefined = tscOfFolder,
): TscCheck | undefined {
  const runtime = typeof settings.runtime === "string" ? { name: settings.runtime } : settings.runtime;
  if (runtime?.name !== "nodejs" || runtime.options?.typescript === false) return undefined;
  if (settings.main !== undefined && resolve(folder, settings.main) !== resolve(folder)) return undefined;
  const option = runtime.options?.tsconfig;
  const given = env.PULUMI_NODEJS_TSCONFIG_PATH ?? (typeof option === "string" ? option : "tsconfig.json");
  const tsconfig = resolve(folder, given);
  if (!existsSync(tsconfig)) return undefined;
  const tsc = resolveTsc(folder);
  return tsc === undefined ? undefined : { tsc, tsconfig };
}

/** The verdict of a `tsc` run from its exit code and output (`--pretty false`: one line per error). */
export function tscVerdict(code: number, output: string): TypeCheckVerdict {
  if (code === 0) return { passed: true };
  const errors = [...output.matchAll(/\berror (TS\d+):/g)].map((match) => match[1]);
  if (errors.length === 0) return { passed: false, reason: `tsc --noEmit exited ${code}` };
  return {
    passed: false,
    reason: `tsc --noEmit found ${errors.length} error${errors.length === 1 ? "" : "s"}, first ${errors[0]}`,
  };
}

/** Runs the folder's `tsc --noEmit` (a child process of this Node.js) and says what it found. */
export function runTsc(folder: string, check: TscCheck): Promise<TypeCheckVerdict> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [check.tsc, "--noEmit", "--pretty", "false", "-p", check.tsconfig],
      { cwd: folder, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : 1;
        done(tscVerdict(code, `${stdout}${stderr}`));
      },
    );
  });
}

/** The environment of a stack's preview: the workspace's own, transpile-only or not. */
export function previewEnv(envVars: Record<string, string>, transpileOnly: boolean): Record<string, string> {
  const { [TRANSPILE_ONLY]: _previous, ...rest } = envVars;
  return transpileOnly ? { ...rest, [TRANSPILE_ONLY]: "true" } : rest;
}

/** A project folder as the type checks see it: its path, and its `tsc` check when planned. */
export interface CheckedFolder {
  path: string;
  tscCheck: TscCheck | undefined;
}

/** What a stack's preview is told while its folder's program is checked. */
export interface TypeCheckPhases {
  /** It waits for the folder's tsc. */
  waiting: () => void;
  /** The folder's tsc found something: the stack's preview type-checks the program itself. */
  checkFailed: (reason: string) => void;
}

/** The type checks of a run: one per folder (module comment). */
export class ProgramTypeChecks {
  readonly #userSetting: string | undefined;
  readonly #runTsc: (folder: string, check: TscCheck) => Promise<TypeCheckVerdict>;
  readonly #verdicts = new Map<string, Promise<TypeCheckVerdict>>();
  readonly #settled = new Set<string>();

  /**
   * `userSetting`: the user's PULUMI_NODEJS_TRANSPILE_ONLY (undefined when not set); `tsc` runs a
   * folder's check (`runTsc`, or a fake in tests).
   */
  constructor(
    userSetting: string | undefined,
    tsc: (folder: string, check: TscCheck) => Promise<TypeCheckVerdict> = runTsc,
  ) {
    this.#userSetting = userSetting;
    this.#runTsc = tsc;
  }

  /** Runs `preview(transpileOnly)` for a stack of the folder once the folder's tsc has a verdict. */
  async run<T>(
    folder: CheckedFolder,
    preview: (transpileOnly: boolean) => Promise<T>,
    phases: TypeCheckPhases,
  ): Promise<T> {
    if (this.#userSetting !== undefined || folder.tscCheck === undefined) return preview(false);
    let verdict = this.#verdicts.get(folder.path);
    if (verdict === undefined) {
      verdict = this.#runTsc(folder.path, folder.tscCheck)
        .catch(
          (error: unknown): TypeCheckVerdict => ({
            passed: false,
            reason: `tsc did not run: ${String(error)}`,
          }),
        )
        .finally(() => this.#settled.add(folder.path));
      this.#verdicts.set(folder.path, verdict);
    }
    if (!this.#settled.has(folder.path)) phases.waiting();
    const settled = await verdict;
    if (settled.passed) return preview(true);
    phases.checkFailed(settled.reason);
    return preview(false);
  }
}
