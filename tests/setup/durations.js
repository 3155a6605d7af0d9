// Per-file test durations: what the last jest run recorded (.test-state/durations.json, written by
// durationsReporter.js on every run) and the committed table the sequencer orders files by
// (tests/setup/durations.json), so that the longest files start first and no worker sits idle at the
// end waiting on one that started last. CONTRIBUTING.md, "Test tiers", says when to refresh it.
//
//   node tests/setup/durations.js slowest [N]   the N (15) slowest files of the last run
//   node tests/setup/durations.js refresh       the last run's durations into the committed table
//                                               (`npm run test:durations`)
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require("node:fs");
const { dirname, join, relative, sep } = require("node:path");

const ROOT = join(__dirname, "..", "..");
/** The last run's durations (git-ignored; every jest run replaces it). */
const RECORD_FILE = join(ROOT, ".test-state", "durations.json");
/** The committed table: repository path -> seconds. */
const TABLE_FILE = join(__dirname, "durations.json");

/** A test file's path as the record and the table key it: relative to the repository, with `/`. */
function keyOf(path) {
  return relative(ROOT, path).split(sep).join("/");
}

function readJson(file, fallback) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : fallback;
}

/** The committed table (an empty one when the file is missing). */
function readTable() {
  return readJson(TABLE_FILE, {});
}

/** `{path: seconds}` with the slowest first and seconds to a tenth, as both files are written. */
function sortedBySeconds(durations) {
  return Object.fromEntries(
    Object.entries(durations)
      .map(([path, seconds]) => [path, Math.round(seconds * 10) / 10])
      .sort(([pathA, a], [pathB, b]) => b - a || pathA.localeCompare(pathB)),
  );
}

/** Writes the record of a finished run: each file's wall time from jest's own per-file timing. */
function writeRecord(testResults, startedAt) {
  const files = {};
  for (const result of testResults) {
    const { start, end } = result.perfStats;
    files[keyOf(result.testFilePath)] = start > 0 && end >= start ? (end - start) / 1000 : 0;
  }
  mkdirSync(dirname(RECORD_FILE), { recursive: true });
  writeFileSync(
    RECORD_FILE,
    `${JSON.stringify({ startedAt: new Date(startedAt).toISOString(), files: sortedBySeconds(files) }, null, 2)}\n`,
  );
}

/** The last run's N slowest files, one `seconds  path` line each. */
function slowest(count) {
  const record = readJson(RECORD_FILE, undefined);
  if (record === undefined) throw new Error(`no durations recorded yet (${keyOf(RECORD_FILE)})`);
  return Object.entries(record.files)
    .slice(0, count)
    .map(([path, seconds]) => `${seconds.toFixed(1).padStart(7)} s  ${path}`);
}

/**
 * The table with the last run's files updated; files that no longer exist are dropped, files the run
 * did not reach keep their time (a quick run refreshes only its own files).
 */
function refreshedTable() {
  const record = readJson(RECORD_FILE, undefined);
  if (record === undefined) throw new Error(`no durations recorded yet (${keyOf(RECORD_FILE)})`);
  const merged = { ...readTable(), ...record.files };
  for (const path of Object.keys(merged)) if (!existsSync(join(ROOT, path))) delete merged[path];
  return sortedBySeconds(merged);
}

module.exports = { keyOf, readTable, writeRecord, slowest, refreshedTable, RECORD_FILE, TABLE_FILE };

if (require.main === module) {
  const [command, count] = process.argv.slice(2);
  if (command === "slowest") {
    process.stdout.write(`${slowest(Number(count ?? 15)).join("\n")}\n`);
  } else if (command === "refresh") {
    const table = refreshedTable();
    writeFileSync(TABLE_FILE, `${JSON.stringify(table, null, 2)}\n`);
    process.stdout.write(`${keyOf(TABLE_FILE)}: ${Object.keys(table).length} files\n`);
  } else {
    process.stderr.write("usage: node tests/setup/durations.js slowest [N] | refresh\n");
    process.exit(2);
  }
}
