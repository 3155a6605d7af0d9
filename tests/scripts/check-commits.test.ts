/**
 * The commit message check (scripts/check-commits.ts) on constructed messages and commit lists: each
 * rule of the house rule (CONTRIBUTING.md, "Commit messages") alone, the imperative heuristics with the
 * verbs they must not flag, the cleanup git applies, and which revisions each mode reads. Not run on
 * the repository's history, which predates the rule.
 */
import {
  type Commit,
  checkCommits,
  checkMessage,
  cleanMessage,
  EXEMPT_BASE,
  formatOffences,
  imperativeProblem,
  parseArgs,
  revisions,
} from "../../scripts/check-commits";

const BODY = "Why the change is made, and what was checked: jest tests/scripts (12 pass).";
const message = (subject: string, rest = `\n${BODY}`) => `${subject}\n${rest}`;
const NOTE =
  "(the mood is checked by heuristics: a past tense, an -ing form, a third-person form or a prefix as first word)";

describe("checkMessage", () => {
  test("passes a subject in the imperative, a blank line and a body", () => {
    expect(checkMessage(message("Generate api/alertVariants.ts from the vendored contract"))).toEqual([]);
  });

  test("passes a subject of exactly 72 characters and refuses one of 73", () => {
    const subject = `Add ${"x".repeat(68)}`;
    expect(subject).toHaveLength(72);
    expect(checkMessage(message(subject))).toEqual([]);
    expect(checkMessage(message(`${subject}y`))).toEqual([
      "subject is 73 characters, over 72: move the detail to the body",
    ]);
  });

  test("refuses a subject ending with a period", () => {
    expect(checkMessage(message("Fix the retry budget."))).toEqual(["subject ends with a period"]);
  });

  test("refuses a subject that does not start with a capital letter", () => {
    expect(checkMessage(message("fix the retry budget"))).toEqual([
      "subject does not start with a capital letter",
    ]);
    expect(checkMessage(message("`npm test` runs the contract check"))).toEqual([
      "subject does not start with a capital letter",
    ]);
  });

  test("refuses a body that starts on the second line", () => {
    expect(checkMessage(`Fix the retry budget\n${BODY}`)).toEqual([
      "no blank line after the subject: the second line must be empty, the body starts on the third",
    ]);
  });

  test("refuses a message without a body, or whose body is only trailers", () => {
    const noBody = "no body: after a blank line, say why the change is made and what was checked or measured";
    expect(checkMessage("Fix the retry budget")).toEqual([noBody]);
    expect(checkMessage("Fix the retry budget\n\n")).toEqual([noBody]);
    expect(
      checkMessage(
        "Fix the retry budget\n\nSigned-off-by: A <a@example.com>\nCo-authored-by: B <b@example.com>",
      ),
    ).toEqual([noBody]);
    expect(
      checkMessage(message("Fix the retry budget", `\n${BODY}\n\nSigned-off-by: A <a@example.com>`)),
    ).toEqual([]);
  });

  test("refuses an empty message and one starting with a blank line", () => {
    const empty = "the message is empty or starts with a blank line: the first line is the subject";
    expect(checkMessage("")).toEqual([empty]);
    expect(checkMessage(`\nFix it\n\n${BODY}`)).toEqual([empty]);
  });

  test("refuses an autosquash commit", () => {
    expect(checkMessage(message("fixup! Fix the retry budget"))).toEqual([
      "subject does not start with a capital letter",
      "an autosquash commit: squash it (git rebase -i --autosquash) before it lands",
    ]);
  });

  test("names every problem of a message at once, in a fixed order", () => {
    expect(checkMessage(`review: ${"the bench keeps one list ".repeat(3)}per floor.`)).toEqual([
      "subject is 93 characters, over 72: move the detail to the body",
      "subject ends with a period",
      "subject does not start with a capital letter",
      `subject starts with the prefix "review:"; say what the commit does as a command instead ${NOTE}`,
      "no body: after a blank line, say why the change is made and what was checked or measured",
    ]);
  });
});

describe("imperativeProblem (heuristics)", () => {
  test.each([
    [
      "Added the toggle",
      `subject starts with "added", a past tense; write it in the imperative ("Add", "Fix") ${NOTE}`,
    ],
    [
      "Fixed the retry",
      `subject starts with "fixed", a past tense; write it in the imperative ("Add", "Fix") ${NOTE}`,
    ],
    [
      "Moved, then renamed",
      `subject starts with "moved", a past tense; write it in the imperative ("Add", "Fix") ${NOTE}`,
    ],
    [
      "Made the wait shorter",
      `subject starts with "made", a past tense; write it in the imperative ("Make", "Write") ${NOTE}`,
    ],
    [
      "Adding a test",
      `subject starts with "adding", an -ing form; write it in the imperative ("Add", "Fix") ${NOTE}`,
    ],
    [
      "Adds a test",
      `subject starts with "adds", a third-person form; write it in the imperative ("Add", "Fix") ${NOTE}`,
    ],
    [
      "Fixes the retry",
      `subject starts with "fixes", a third-person form; write it in the imperative ("Add", "Fix") ${NOTE}`,
    ],
    [
      "bench: one pair",
      `subject starts with the prefix "bench:"; say what the commit does as a command instead ${NOTE}`,
    ],
    [
      "BENCHMARKS: the GC kind",
      `subject starts with the prefix "BENCHMARKS:"; say what the commit does as a command instead ${NOTE}`,
    ],
    [
      "api/versions.ts: sort",
      `subject starts with the prefix "api/versions.ts:"; say what the commit does as a command instead ${NOTE}`,
    ],
  ])("flags %j", (subject, expected) => {
    expect(imperativeProblem(subject)).toBe(expected);
  });

  test.each([
    "Add a test",
    "Fix the retry budget",
    "Embed the contract",
    "Speed up the host",
    "Seed the emulator",
    "Bring the docs up to date",
    "String the ids together",
    "Pass the seed through",
    "Process every page",
    "Set the timeout: 60 s",
    "Let's not",
    "Red",
  ])("does not flag %j", (subject) => {
    expect(imperativeProblem(subject)).toBeUndefined();
  });
});

describe("cleanMessage", () => {
  test("drops comment lines, the part below the scissors line and trailing blank lines", () => {
    const text = [
      "Fix the retry budget",
      "# Please enter the commit message for your changes.",
      "",
      `${BODY}   `,
      "#",
      "# ------------------------ >8 ------------------------",
      "diff --git a/x b/x",
      "",
      "",
    ].join("\n");
    expect(cleanMessage(text)).toBe(`Fix the retry budget\n\n${BODY}`);
  });

  test("uses the configured comment character and reads CRLF line ends", () => {
    expect(cleanMessage(`; a comment\r\nFix it\r\n\r\n${BODY}\r\n# kept`, ";")).toBe(
      `Fix it\n\n${BODY}\n# kept`,
    );
  });
});

describe("checkCommits and its report", () => {
  const commit = (hash: string, text: string, parents = 1): Commit => ({ hash, parents, message: text });
  const commits = [
    commit("a".repeat(40), message("Add the check")),
    commit("b".repeat(40), "Merge branch 'side'\n", 2),
    commit("c".repeat(40), "Fixed it."),
  ];

  test("skips merge commits and names each offending commit with its problems", () => {
    const offences = checkCommits(commits);
    expect(offences.map((offence) => offence.commit.hash)).toEqual(["c".repeat(40)]);
    expect(formatOffences(offences, 2, 1)).toBe(
      [
        '[commits] 1 of 2 commit message(s) (1 merge commit(s) not checked) break the house rule (CONTRIBUTING.md, "Commit messages"):',
        "cccccccccccc Fixed it.",
        "    - subject ends with a period",
        `    - subject starts with "fixed", a past tense; write it in the imperative ("Add", "Fix") ${NOTE}`,
        "    - no body: after a blank line, say why the change is made and what was checked or measured",
        "Reword them before they land: git rebase -i <base> (reword), or git commit --amend for the last one.",
      ].join("\n"),
    );
  });

  test("says when every message passes", () => {
    expect(formatOffences(checkCommits(commits.slice(0, 1)), 1, 0)).toBe(
      "[commits] 1 commit(s) checked: every message follows the house rule",
    );
  });
});

describe("arguments and revisions", () => {
  test("reads the four modes and refuses anything else", () => {
    expect(parseArgs([])).toEqual({ kind: "default" });
    expect(parseArgs(["--all"])).toEqual({ kind: "all" });
    expect(parseArgs(["--range", "A..B"])).toEqual({ kind: "range", range: "A..B" });
    expect(parseArgs(["--range=A..B"])).toEqual({ kind: "range", range: "A..B" });
    expect(parseArgs(["--message-file", ".git/COMMIT_EDITMSG"])).toEqual({
      kind: "message-file",
      file: ".git/COMMIT_EDITMSG",
    });
    expect(() => parseArgs(["--range"])).toThrow("--range takes one value");
    expect(() => parseArgs(["--range", "A..B", "C..D"])).toThrow("--range takes one value");
    expect(() => parseArgs(["--all", "x"])).toThrow("--all takes no value");
    expect(() => parseArgs(["HEAD~3"])).toThrow("unknown argument HEAD~3");
  });

  test("reads this branch's commits not on origin/main or main, after the exempt history", () => {
    const all = (_rev: string) => true;
    expect(revisions({ kind: "default" }, all)).toEqual(["HEAD", "^origin/main", "^main", `^${EXEMPT_BASE}`]);
    expect(revisions({ kind: "default" }, (rev) => rev === "main")).toEqual(["HEAD", "^main"]);
    expect(() => revisions({ kind: "default" }, () => false)).toThrow(
      "neither origin/main nor main exists: give --range A..B or --all",
    );
  });

  test("reads every commit of HEAD after the exempt history for --all, and exactly the range for --range", () => {
    expect(revisions({ kind: "all" }, () => true)).toEqual(["HEAD", `^${EXEMPT_BASE}`]);
    expect(revisions({ kind: "all" }, () => false)).toEqual(["HEAD"]);
    expect(revisions({ kind: "range", range: "A..B" }, () => true)).toEqual(["A..B"]);
  });
});
