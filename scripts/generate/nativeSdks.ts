/**
 * `npm run generate:native-sdks`: the SDKs of the native plugin for Node.js, Python and Go, written to
 * sdk/native/nodejs, sdk/native/python and sdk/native/go by pulumi-sdkgen (the native toolchain's
 * generator on Pulumi's own code generators, tools/sdkgen) from provider/native/schema.json, with the
 * package's version. Everything in those three folders is generated: run `npm run generate` (which
 * writes schema.json from the resource declarations) and then this, never edit them by hand.
 *
 * `npm run generate:native-sdks -- --check` writes nothing and lists the files that differ from what
 * would be written (tests/e2e/native/sdks.e2e.test.ts runs the same comparison).
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "../..");

/** The folder holding the three SDKs (and the README saying how they are made). */
export const NATIVE_SDK_DIR = "sdk/native";
/** The languages generated, each into sdk/native/<language>. */
export const NATIVE_SDK_LANGUAGES = ["nodejs", "python", "go"] as const;
/** The schema the committed SDKs are generated from. */
export const SCHEMA_FILE = "provider/native/schema.json";
const SDKGEN = join(ROOT, ".tools", "bin", "pulumi-sdkgen");

/** The package's version (package.json), which the SDKs carry and ask the engine for. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Runs pulumi-sdkgen on schema.json (or `schemaFile`: a release's schema with another download URL,
 * scripts/package.ts) into `outDir` (one folder per language) and returns what it printed. Throws,
 * saying how to build it, when the native toolchain is missing.
 */
export function renderNativeSdks(outDir: string, schemaFile: string = join(ROOT, SCHEMA_FILE)): string {
  if (!existsSync(SDKGEN)) {
    throw new Error(
      "pulumi-sdkgen is missing from .tools/bin: run `bash scripts/toolchain.sh --native` (npm test does)",
    );
  }
  return execFileSync(
    SDKGEN,
    [
      "--schema",
      schemaFile,
      "--language",
      NATIVE_SDK_LANGUAGES.join(","),
      "--out",
      outDir,
      "--version",
      packageVersion(),
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
}

/** Every file under `dir`: path relative to it -> content. */
export function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return files;
}

/**
 * What differs between the SDKs as generated into `generatedDir` and as committed under sdk/native,
 * one line per file: `missing <path>` (generated, not committed), `extra <path>` (committed, no longer
 * generated), `differs <path>`. Empty when they are the same.
 */
export function differences(
  generatedDir: string,
  committedDir: string = join(ROOT, NATIVE_SDK_DIR),
): string[] {
  const lines: string[] = [];
  for (const language of NATIVE_SDK_LANGUAGES) {
    const generated = readTree(join(generatedDir, language));
    const committed = readTree(join(committedDir, language));
    const paths = [...new Set([...generated.keys(), ...committed.keys()])].sort();
    for (const path of paths) {
      const shown = `${NATIVE_SDK_DIR}/${language}/${path}`;
      const want = generated.get(path);
      const have = committed.get(path);
      if (have === undefined) lines.push(`missing ${shown}`);
      else if (want === undefined) lines.push(`extra ${shown}`);
      else if (want !== have) lines.push(`differs ${shown}`);
    }
  }
  return lines;
}

if (require.main === module) {
  const check = process.argv.includes("--check");
  const outDir = mkdtempSync(join(tmpdir(), "native-sdks-"));
  try {
    renderNativeSdks(outDir);
    const stale = differences(outDir);
    if (check) {
      if (stale.length > 0) {
        process.stderr.write(
          `native SDKs out of date (run npm run generate:native-sdks):\n${stale.map((line) => `  ${line}\n`).join("")}`,
        );
        process.exit(1);
      }
      process.stdout.write(`native SDKs up to date (${NATIVE_SDK_LANGUAGES.join(", ")})\n`);
    } else {
      for (const language of NATIVE_SDK_LANGUAGES) {
        const target = join(ROOT, NATIVE_SDK_DIR, language);
        rmSync(target, { recursive: true, force: true });
        cpSync(join(outDir, language), target, { recursive: true });
      }
      process.stdout.write(
        `${stale.length} native SDK files changed${stale.length > 0 ? `:\n${stale.map((line) => `  ${line}\n`).join("")}` : "\n"}`,
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
