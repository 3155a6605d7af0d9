/**
 * Which stacks the commands over many stacks take: the options (provider/cli/options.ts), the stacks
 * they name in the folders' listings (fleetRun.ts resolveTargets), and the listing a CI job matrix is
 * cut from (stackListing.ts).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type ListedFolder, resolveTargets } from "../../../../provider/cli/drift/fleetRun";
import { readStackListing, sliceOfListing, stackListing } from "../../../../provider/cli/drift/stackListing";
import { commandOptions, DEFAULT_CONCURRENCY } from "../../../../provider/cli/options";

describe("drift options over many stacks", () => {
  const fleet = {
    command: "drift-fleet",
    concurrency: DEFAULT_CONCURRENCY,
    json: false,
    markdown: undefined,
    failOn: { findings: "drift", errors: false },
  };

  test("one stack of one folder is drift on one stack, as before", () => {
    expect(commandOptions(["drift", "--stack", "prod", "--cwd", "infra", "--concurrency", "2"])).toEqual({
      command: "drift",
      stack: "prod",
      cwd: resolve("infra"),
      json: false,
      markdown: undefined,
      failOn: "drift",
    });
  });

  test("--stack or --cwd repeated, or --all-stacks: the report over many stacks", () => {
    expect(commandOptions(["drift", "--stack", "dev", "--stack", "web/prod"])).toEqual({
      ...fleet,
      selection: { from: "folders", folders: ["."], stacks: { kind: "named", names: ["dev", "web/prod"] } },
    });
    expect(
      commandOptions(["drift", "--cwd", "infra/api", "--cwd", "infra/web", "--cwd", "infra/api"]),
    ).toEqual({
      ...fleet,
      selection: { from: "folders", folders: ["infra/api", "infra/web"], stacks: { kind: "selected" } },
    });
    expect(
      commandOptions([
        "drift",
        "--all-stacks",
        "--concurrency",
        "8",
        "--json",
        "--markdown",
        "r.md",
        "--fail-on",
        "changes,errors",
      ]),
    ).toEqual({
      ...fleet,
      concurrency: 8,
      json: true,
      markdown: resolve("r.md"),
      failOn: { findings: "changes", errors: true },
      selection: { from: "folders", folders: ["."], stacks: { kind: "all" } },
    });
  });

  test("--stacks-from (and a slice of it) names the stacks and their folders", () => {
    expect(commandOptions(["drift", "--stacks-from", "stacks.json", "--slice", "2"])).toEqual({
      ...fleet,
      selection: { from: "listing", file: resolve("stacks.json"), slice: 2 },
    });
    expect(commandOptions(["drift", "--stacks-from", "stacks.json"])).toMatchObject({
      selection: { from: "listing", slice: undefined },
    });
  });

  test("bad input names the option and the rule", () => {
    expect(() => commandOptions(["drift", "--all-stacks", "--stack", "dev"])).toThrow(
      "--all-stacks and --stack exclude each other",
    );
    expect(() => commandOptions(["drift", "--stacks-from", "s.json", "--cwd", "a"])).toThrow(
      "--stacks-from names the stacks and their folders: leave out --stack, --cwd and --all-stacks",
    );
    expect(() => commandOptions(["drift", "--slice", "1", "--all-stacks"])).toThrow(
      "--slice takes a slice of a listing: give --stacks-from <file>",
    );
    expect(() => commandOptions(["drift", "--all-stacks", "--concurrency", "0"])).toThrow(
      '--concurrency must be a whole number of at least 1, got "0"',
    );
    expect(() => commandOptions(["drift", "--stack", "a//b", "--stack", "c"])).toThrow(
      '--stack must be <stack>, <project>/<stack> or <org>/<project>/<stack>, got "a//b"',
    );
    expect(() => commandOptions(["drift", "--all-stacks", "--fail-on", "drift,changes"])).toThrow(
      '--fail-on takes one of drift, changes, never (and errors), got "drift,changes"',
    );
    expect(() => commandOptions(["drift", "--all-stacks", "--fail-on", "errors,sometimes"])).toThrow(
      '--fail-on must be one of drift, changes, never, got "errors,sometimes"',
    );
  });

  test("--fail-on errors alone keeps failing on drift", () => {
    expect(commandOptions(["drift", "--all-stacks", "--fail-on", "errors"])).toMatchObject({
      failOn: { findings: "drift", errors: true },
    });
  });
});

describe("stacks, merge and compare options", () => {
  test("stacks: every stack of the folders unless named, one slice unless asked", () => {
    expect(commandOptions(["stacks", "--cwd", "a", "--cwd", "b", "--slices", "3"])).toEqual({
      command: "stacks",
      selection: { from: "folders", folders: ["a", "b"], stacks: { kind: "all" } },
      slices: 3,
    });
    expect(commandOptions(["stacks", "--stack", "prod"])).toEqual({
      command: "stacks",
      selection: { from: "folders", folders: ["."], stacks: { kind: "named", names: ["prod"] } },
      slices: 1,
    });
  });

  test("merge: the report files, the listing, and the output options of drift", () => {
    expect(
      commandOptions(["merge", "r1.json", "--stacks-from", "s.json", "r2.json", "--markdown", "c.md"]),
    ).toEqual({
      command: "merge",
      reports: [resolve("r1.json"), resolve("r2.json")],
      stacksFrom: resolve("s.json"),
      json: false,
      markdown: resolve("c.md"),
      failOn: { findings: "drift", errors: false },
    });
    expect(() => commandOptions(["merge", "--json"])).toThrow("merge takes the report files to merge");
  });

  test("compare: two stacks, or a chain of more", () => {
    expect(commandOptions(["compare", "--stack", "dev", "--stack", "staging", "--stack", "prod"])).toEqual({
      command: "compare",
      stacks: ["dev", "staging", "prod"],
      cwd: resolve("."),
      concurrency: DEFAULT_CONCURRENCY,
      json: false,
    });
    expect(() => commandOptions(["compare", "--stack", "dev"])).toThrow(
      "--stack must be given at least twice (two stacks to compare, or a chain: dev, staging, prod), got 1",
    );
    expect(() => commandOptions(["compare", "--stack", "dev", "--stack", "dev"])).toThrow(
      "--stack names a stack twice: dev, dev",
    );
  });
});

describe("resolving the stacks named", () => {
  const api: ListedFolder = {
    project: "api",
    listed: ["dev", "prod", "staging"],
    listingError: undefined,
    selected: "dev",
  };
  const web: ListedFolder = {
    project: "web",
    listed: ["dev", "prod"],
    listingError: undefined,
    selected: undefined,
  };
  /** A folder whose `pulumi stack ls` failed and whose backend cannot be listed another way. */
  const unlisted: ListedFolder = {
    project: "ops",
    listed: undefined,
    listingError: "could not reach the backend",
    selected: undefined,
  };
  const labels = (result: ReturnType<typeof resolveTargets>) => ({
    targets: result.targets.map((t) => `${t.project}/${t.stack} as ${t.name}`),
    failed: result.failed.map((f) => `${f.project}/${f.stack}: ${f.error}`),
  });

  test("--all-stacks: every listed stack; a folder that could not be listed is one failed row", () => {
    expect(labels(resolveTargets([api, web, unlisted], { kind: "all" }))).toEqual({
      targets: [
        "api/dev as dev",
        "api/prod as prod",
        "api/staging as staging",
        "web/dev as dev",
        "web/prod as prod",
      ],
      failed: ["ops/*: listing the stacks failed: could not reach the backend"],
    });
  });

  test("a bare name in every folder, <project>/<name> in that project's; unknown ones are failed rows", () => {
    expect(
      labels(
        resolveTargets([api, web], { kind: "named", names: ["prod", "api/staging", "web/nope", "db/dev"] }),
      ),
    ).toEqual({
      targets: ["api/prod as prod", "web/prod as prod", "api/staging as staging"],
      failed: [
        "web/nope: stack nope: no stack named 'nope' found",
        "db/dev: no folder of project db was given (--cwd)",
      ],
    });
  });

  test("a stack named twice is checked once; an unlisted folder leaves it to the engine", () => {
    expect(
      labels(resolveTargets([api, unlisted], { kind: "named", names: ["dev", "api/dev", "org/ops/dev"] })),
    ).toEqual({
      targets: ["api/dev as dev", "ops/dev as dev"],
      failed: [],
    });
  });

  test("the selected stack of each folder, or a row saying none is", () => {
    expect(labels(resolveTargets([api, web], { kind: "selected" }))).toEqual({
      targets: ["api/dev as dev"],
      failed: ["web/*: no stack selected: pass --stack <name> or --all-stacks"],
    });
  });

  test("names of a backend that qualifies them match by their last part", () => {
    const cloud: ListedFolder = {
      project: "api",
      listed: ["acme/api/dev"],
      listingError: undefined,
      selected: undefined,
    };
    expect(labels(resolveTargets([cloud], { kind: "named", names: ["dev"] })).targets).toEqual([
      "api/dev as acme/api/dev",
    ]);
  });
});

describe("the listing for a job matrix", () => {
  const stack = (project: string, name: string) => ({ project, stack: name, cwd: `infra/${project}` });

  test("in report order, cut into runs of consecutive stacks whose sizes differ by one at most", () => {
    const listing = stackListing(
      [
        stack("web", "prod"),
        stack("api", "dev"),
        stack("api", "prod"),
        stack("web", "dev"),
        stack("api", "staging"),
      ],
      2,
    );
    expect(listing).toEqual({
      version: 1,
      slices: [1, 2],
      stacks: [
        { project: "api", stack: "dev", cwd: "infra/api", slice: 1 },
        { project: "api", stack: "prod", cwd: "infra/api", slice: 1 },
        { project: "api", stack: "staging", cwd: "infra/api", slice: 1 },
        { project: "web", stack: "dev", cwd: "infra/web", slice: 2 },
        { project: "web", stack: "prod", cwd: "infra/web", slice: 2 },
      ],
    });
    expect(stackListing([stack("api", "dev")], 5).slices).toEqual([1]);
    expect(stackListing([], 3)).toEqual({ version: 1, slices: [], stacks: [] });
    const sizes = [1, 2, 3, 4, 5, 6, 7].map(
      (slice) =>
        stackListing(
          Array.from({ length: 23 }, (_, i) => stack("p", `s${i}`)),
          7,
        ).stacks.filter((s) => s.slice === slice).length,
    );
    expect(sizes.every((size) => size === 3 || size === 4)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(23);
  });

  test("read back from its file; a slice of it; anything else refused with the file named", () => {
    const dir = mkdtempSync(join(tmpdir(), "listing-"));
    const file = join(dir, "stacks.json");
    const listing = stackListing([stack("api", "dev"), stack("api", "prod"), stack("web", "dev")], 2);
    writeFileSync(file, JSON.stringify(listing));
    const read = readStackListing(file);
    expect(read).toEqual(listing);
    expect(sliceOfListing(read, 2, file).map((s) => `${s.project}/${s.stack}`)).toEqual(["web/dev"]);
    expect(sliceOfListing(read, undefined, file)).toHaveLength(3);
    expect(() => sliceOfListing(read, 3, file)).toThrow(`--slice 3: ${file} has slices 1, 2`);
    for (const notAListing of [
      { version: 1, stacks: [{ project: "api" }], slices: [] },
      { ...listing, version: 2 },
      { ...listing, slices: undefined },
      { ...listing, stacks: [{ ...listing.stacks[0], slice: 1.5 }] },
      null,
      [],
    ]) {
      writeFileSync(file, JSON.stringify(notAListing));
      expect(() => readStackListing(file)).toThrow(`--stacks-from ${file} is not a listing of version 1`);
    }
    writeFileSync(file, JSON.stringify({ ...listing, madeBy: "a later version" }));
    expect(readStackListing(file)).toEqual({ ...listing, madeBy: "a later version" });
  });
});
