/**
 * The repository's formatter (Biome, biome.json) run on generated TypeScript, so a generated file is
 * laid out as `npm run lint` wants it by the tool itself: the writers print plain text and leave
 * line breaks, wrapping and trailing commas to `biome format`.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { gofmt } from "../../provider/cli/export/go";

const ROOT = join(__dirname, "../..");
/** The CLI of @biomejs/biome (its package has no JavaScript API; bin/biome picks the platform binary). */
const BIOME = require.resolve("@biomejs/biome/bin/biome");

/**
 * `text` as `biome format` lays it out for a file at `path` (relative to the repository: biome.json's
 * settings and overrides apply by path). Text Biome cannot parse is a bug of the writer: the error
 * names the file and gives Biome's diagnostic.
 */
export function formatTypeScript(path: string, text: string): string {
  const run = spawnSync(process.execPath, [BIOME, "format", `--stdin-file-path=${path}`], {
    cwd: ROOT,
    input: text,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error !== undefined) throw run.error;
  if (run.status !== 0) {
    throw new Error(`biome format refused the generated ${path}:\n${run.stderr.trim()}`);
  }
  return run.stdout;
}

/**
 * A Go program of the docs as `gofmt` lays it out (the one layout Go readers expect), without the
 * final newline a fenced block does not want. The docs are generated only with Go installed: without
 * gofmt the error says so rather than imitate its alignment.
 */
export function formatGo(where: string, text: string): string {
  const laidOut = gofmt(text);
  if (laidOut === undefined)
    throw new Error(
      `gofmt is not on PATH: the Go examples of ${where} are laid out by it; install Go and run again`,
    );
  return laidOut.trimEnd();
}
