/**
 * The commit message check (CONTRIBUTING.md, "Commit messages"). The house rule: a subject of at most
 * 72 characters in the imperative, a blank line, then a body that says why and what was measured.
 *
 *   npm run check:commits                          commits of this branch not on origin/main or main
 *   npm run check:commits -- --range A..B          the commits of a git range (every one, no exemption)
 *   npm run check:commits -- --all                 every commit of HEAD after EXEMPT_BASE
 *   npm run check:commits -- --message-file FILE   one message (the commit-msg hook,
 *                                                  scripts/git-hooks/commit-msg)
 *
 * Exits 1 naming each offending commit and what is wrong with it, 2 on a usage or git error.
 * Merge commits are not checked. The imperative mood is checked by heuristics only (see
 * `imperativeProblem`): a subject that passes can still be in the wrong mood.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

export const SUBJECT_MAX = 72;

/**
 * The last commit written before this check existed (main at 2026-11-26): it and every commit before
 * it are exempt. Their subjects run long (median 142 characters over the 345 non-merge commits of main
 * then; only a few pass) and history is not rewritten; the rule holds for what comes after.
 */
export const EXEMPT_BASE = "c2bc750fc3a04eaad88909b535345448a20636d8";

/** Verbs that are imperative although they end like a past tense or an -ing form. */
const ED_VERBS = new Set([
  "bleed",
  "breed",
  "embed",
  "exceed",
  "feed",
  "heed",
  "need",
  "proceed",
  "reseed",
  "seed",
  "shed",
  "shred",
  "speed",
  "succeed",
  "weed",
]);
const ING_VERBS = new Set([
  "bring",
  "cling",
  "fling",
  "ping",
  "ring",
  "sing",
  "sling",
  "spring",
  "sting",
  "string",
  "swing",
  "wing",
  "wring",
]);
/** Past tenses that do not end in -ed, of verbs a commit subject starts with. */
const IRREGULAR_PAST = new Set([
  "brought",
  "built",
  "chose",
  "did",
  "found",
  "gave",
  "got",
  "held",
  "kept",
  "left",
  "made",
  "ran",
  "rebuilt",
  "rewrote",
  "sent",
  "took",
  "was",
  "were",
  "wrote",
]);
/** Common first verbs of a subject; their third-person forms ("Adds", "Fixes") are not imperative. */
const COMMON_VERBS = [
  "add",
  "allow",
  "bump",
  "change",
  "check",
  "clean",
  "document",
  "drop",
  "fix",
  "give",
  "handle",
  "hold",
  "implement",
  "improve",
  "introduce",
  "keep",
  "let",
  "make",
  "merge",
  "move",
  "print",
  "read",
  "refactor",
  "remove",
  "rename",
  "replace",
  "return",
  "run",
  "say",
  "set",
  "show",
  "split",
  "support",
  "take",
  "test",
  "update",
  "use",
  "write",
];
const THIRD_PERSON = new Set(
  COMMON_VERBS.map((verb) => (/(s|x|z|ch|sh)$/.test(verb) ? `${verb}es` : `${verb}s`)),
);
/** Git trailers: a paragraph of only these is not a body. */
const TRAILER =
  /^(Signed-off-by|Co-authored-by|Reviewed-by|Acked-by|Tested-by|Reported-by|Suggested-by|Helped-by|Cc|Change-Id):\s/i;
const HEURISTIC_NOTE =
  "(the mood is checked by heuristics: a past tense, an -ing form, a third-person form or a prefix as first word)";

/**
 * The message as git stores it: comment lines (git's default cleanup removes them after the
 * commit-msg hook has run) and everything below the scissors line of `git commit -v` dropped,
 * trailing blank lines removed.
 */
export function cleanMessage(text: string, commentChar = "#"): string {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const scissors = lines.indexOf(`${commentChar} ------------------------ >8 ------------------------`);
  return (scissors === -1 ? lines : lines.slice(0, scissors))
    .filter((line) => !line.startsWith(commentChar))
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/^\n+/, "")
    .replace(/\n+$/, "");
}

/** Why the first word of a subject is not an imperative, or undefined when the heuristics see nothing. */
export function imperativeProblem(subject: string): string | undefined {
  const prefix = /^(\S+):(\s|$)/.exec(subject);
  if (prefix !== null)
    return `subject starts with the prefix "${prefix[1]}:"; say what the commit does as a command instead ${HEURISTIC_NOTE}`;
  const first = (subject.split(/\s+/)[0] ?? "").replace(/[^\p{L}'-]/gu, "").toLowerCase();
  if (first.length > 3 && first.endsWith("ed") && !ED_VERBS.has(first))
    return `subject starts with "${first}", a past tense; write it in the imperative ("Add", "Fix") ${HEURISTIC_NOTE}`;
  if (IRREGULAR_PAST.has(first))
    return `subject starts with "${first}", a past tense; write it in the imperative ("Make", "Write") ${HEURISTIC_NOTE}`;
  if (first.length > 4 && first.endsWith("ing") && !ING_VERBS.has(first))
    return `subject starts with "${first}", an -ing form; write it in the imperative ("Add", "Fix") ${HEURISTIC_NOTE}`;
  if (THIRD_PERSON.has(first))
    return `subject starts with "${first}", a third-person form; write it in the imperative ("Add", "Fix") ${HEURISTIC_NOTE}`;
  return undefined;
}

/** Everything wrong with one (cleaned) commit message; empty when it follows the house rule. */
export function checkMessage(message: string): string[] {
  const lines = message.split("\n");
  const subject = lines[0] ?? "";
  if (subject.trim() === "")
    return ["the message is empty or starts with a blank line: the first line is the subject"];
  const problems: string[] = [];
  if (subject.length > SUBJECT_MAX)
    problems.push(
      `subject is ${subject.length} characters, over ${SUBJECT_MAX}: move the detail to the body`,
    );
  if (subject.endsWith(".")) problems.push("subject ends with a period");
  if (!/^\p{Lu}/u.test(subject)) problems.push("subject does not start with a capital letter");
  if (/^(fixup|squash|amend)!/.test(subject))
    problems.push("an autosquash commit: squash it (git rebase -i --autosquash) before it lands");
  const mood = imperativeProblem(subject);
  if (mood !== undefined) problems.push(mood);
  const rest = lines.slice(1);
  if (rest.length > 0 && rest[0] !== "")
    problems.push(
      "no blank line after the subject: the second line must be empty, the body starts on the third",
    );
  const paragraphs = rest
    .join("\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
  const body = paragraphs.filter((paragraph) => !paragraph.split("\n").every((line) => TRAILER.test(line)));
  if (body.length === 0)
    problems.push("no body: after a blank line, say why the change is made and what was checked or measured");
  return problems;
}

export interface Commit {
  hash: string;
  parents: number;
  message: string;
}
export interface Offence {
  commit: Commit;
  problems: string[];
}

/** The commits (merges skipped) whose message breaks the rule, in the order given. */
export function checkCommits(commits: readonly Commit[]): Offence[] {
  return commits
    .filter((commit) => commit.parents < 2)
    .map((commit) => ({ commit, problems: checkMessage(cleanMessage(commit.message)) }))
    .filter((offence) => offence.problems.length > 0);
}

/** The report: each offending commit (short hash and subject) with its problems, or that all pass. */
export function formatOffences(offences: readonly Offence[], checked: number, merges: number): string {
  const skipped = merges > 0 ? ` (${merges} merge commit(s) not checked)` : "";
  if (offences.length === 0)
    return `[commits] ${checked} commit(s) checked${skipped}: every message follows the house rule`;
  const lines = offences.flatMap(({ commit, problems }) => [
    `${commit.hash.slice(0, 12)} ${commit.message.split("\n")[0]}`,
    ...problems.map((problem) => `    - ${problem}`),
  ]);
  return [
    `[commits] ${offences.length} of ${checked} commit message(s)${skipped} break the house rule (CONTRIBUTING.md, "Commit messages"):`,
    ...lines,
    "Reword them before they land: git rebase -i <base> (reword), or git commit --amend for the last one.",
  ].join("\n");
}

export type Mode =
  | { kind: "default" }
  | { kind: "all" }
  | { kind: "range"; range: string }
  | { kind: "message-file"; file: string };

export const USAGE = "usage: npm run check:commits [-- --range A..B | --all | --message-file FILE]";

export function parseArgs(args: readonly string[]): Mode {
  const [flag, ...rest] = args;
  if (flag === undefined) return { kind: "default" };
  const equals = flag.indexOf("=");
  const name = equals === -1 ? flag : flag.slice(0, equals);
  const values = equals === -1 ? rest : [flag.slice(equals + 1), ...rest];
  const one = (): string => {
    const [value] = values;
    if (values.length !== 1 || value === undefined || value === "")
      throw new Error(`${name} takes one value`);
    return value;
  };
  switch (name) {
    case "--all":
      if (values.length > 0) throw new Error("--all takes no value");
      return { kind: "all" };
    case "--range":
      return { kind: "range", range: one() };
    case "--message-file":
      return { kind: "message-file", file: one() };
    default:
      throw new Error(`unknown argument ${flag}`);
  }
}

function git(args: readonly string[]): string {
  return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}
function exists(rev: string): boolean {
  try {
    git(["rev-parse", "--verify", "--quiet", `${rev}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The revision arguments of `git log` for a mode (not the message-file one). */
export function revisions(
  mode: Exclude<Mode, { kind: "message-file" }>,
  has: (rev: string) => boolean,
): string[] {
  if (mode.kind === "range") return [mode.range];
  const exempt = has(EXEMPT_BASE) ? [`^${EXEMPT_BASE}`] : [];
  if (mode.kind === "all") return ["HEAD", ...exempt];
  const bases = ["origin/main", "main"].filter(has);
  if (bases.length === 0) throw new Error("neither origin/main nor main exists: give --range A..B or --all");
  return ["HEAD", ...bases.map((base) => `^${base}`), ...exempt];
}

export function listCommits(revs: readonly string[]): Commit[] {
  // One record per commit: hash, parents, raw message, separated by NUL and ended by RS (0x1e).
  const out = git(["log", "--format=%H%x00%P%x00%B%x1e", ...revs, "--"]);
  return out
    .split("\x1e")
    .map((record) => record.replace(/^\n/, ""))
    .filter((record) => record !== "")
    .map((record) => {
      const [hash = "", parents = "", message = ""] = record.split("\x00");
      return { hash, parents: parents.split(" ").filter(Boolean).length, message };
    });
}

function commentChar(): string {
  try {
    const configured = git(["config", "core.commentChar"]).trim();
    // "auto" picks a character not used in the message; git's default is "#".
    return configured === "" || configured === "auto" ? "#" : configured;
  } catch {
    return "#";
  }
}

function main(args: readonly string[]): number {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  let mode: Mode;
  try {
    mode = parseArgs(args);
  } catch (error) {
    console.error(`[commits] ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (mode.kind === "message-file") {
    // A merge's message is git's own; the range modes skip merges too.
    if (exists("MERGE_HEAD")) return 0;
    const problems = checkMessage(cleanMessage(readFileSync(mode.file, "utf8"), commentChar()));
    if (problems.length === 0) return 0;
    console.error(
      [
        `[commits] the commit message breaks the house rule (CONTRIBUTING.md, "Commit messages"):`,
        ...problems.map((problem) => `    - ${problem}`),
        `The message is kept in ${mode.file}; edit it and commit again (git commit -e -F ${mode.file}).`,
      ].join("\n"),
    );
    return 1;
  }
  let commits: Commit[];
  try {
    commits = listCommits(revisions(mode, exists));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr;
    console.error(`[commits] ${stderr?.trim() || (error as Error).message}`);
    return 2;
  }
  const checked = commits.filter((commit) => commit.parents < 2).length;
  const offences = checkCommits(commits);
  const report = formatOffences(offences, checked, commits.length - checked);
  if (offences.length > 0) {
    console.error(report);
    return 1;
  }
  console.log(report);
  return 0;
}

if (require.main === module) process.exit(main(process.argv.slice(2)));
