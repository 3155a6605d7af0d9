/**
 * `pulumi-cluster-platform recover` (provider/cli/recover/recover.ts): what it decides for each pending
 * operation of an interrupted run, without the engine (the e2e suite runs it for real:
 * tests/e2e/reliability.e2e.test.ts).
 */
import type { Stack } from "@pulumi/pulumi/automation";
import {
  needsDecision,
  planRecovery,
  renderRecovery,
  runBeganBy,
} from "../../../../provider/cli/recover/recover";
import { AmbiguousCreateError } from "../../../../provider/framework/findCreated";
import { revealSecrets } from "../../../../provider/protocol/values";

const TYPE = "pulumi-nodejs:dynamic/platform:SearchIndex";
const urn = (name: string, type = TYPE) => `urn:pulumi:test::proj::${type}::${name}`;
const SECRET = "4dabf18193072939515e22adb298388d";

describe("revealSecrets", () => {
  test("opens the export's secret envelopes, nested too", () => {
    expect(
      revealSecrets({
        a: 1,
        b: { [SECRET]: "1b47061264138c4ac30d75fd1eb44270", plaintext: '"hush"' },
        c: [{ d: { [SECRET]: "1b47061264138c4ac30d75fd1eb44270", plaintext: '{"e":2}' } }],
      }),
    ).toEqual({ a: 1, b: "hush", c: [{ d: { e: 2 } }] });
  });
});

describe("planRecovery", () => {
  const stackResource = {
    urn: "urn:pulumi:test::proj::pulumi:pulumi:Stack::proj-test",
    type: "pulumi:pulumi:Stack",
  };
  const inputs = { __provider: "exports.handler = ...", name: "movies" };

  test("a pending create found by natural key is adopted with its id; one not found is cleared", async () => {
    const calls: Array<[string, Record<string, unknown>, string[]]> = [];
    const { deployment, actions } = await planRecovery(
      {
        resources: [stackResource, { urn: urn("old"), type: TYPE, custom: true, id: "g/c/old" }],
        pending_operations: [
          { type: "creating", resource: { urn: urn("movies"), type: TYPE, custom: true, inputs } },
          {
            type: "creating",
            resource: { urn: urn("plots"), type: TYPE, custom: true, inputs: { name: "p" } },
          },
        ],
      },
      async (typeName, given, lookup) => {
        calls.push([typeName, given, [...lookup.taken]]);
        return given.name === "movies" ? "g/c/new" : undefined;
      },
    );
    // The finder sees the inputs without the serialized provider, and the ids the stack already
    // holds, including the one just adopted (two equal pending creates never adopt one object).
    expect(calls).toEqual([
      ["SearchIndex", { name: "movies" }, ["g/c/old"]],
      ["SearchIndex", { name: "p" }, ["g/c/old", "g/c/new"]],
    ]);
    expect(actions.map((action) => [action.outcome, action.type, action.id])).toEqual([
      ["adopted", "SearchIndex", "g/c/new"],
      ["cleared", "SearchIndex", undefined],
    ]);
    expect(deployment.pending_operations).toBeUndefined();
    // Adopted: appended after everything it may depend on, its outputs the inputs (with the provider)
    // until the refresh reads the real ones.
    expect(deployment.resources?.at(-1)).toEqual({
      urn: urn("movies"),
      type: TYPE,
      custom: true,
      inputs,
      id: "g/c/new",
      outputs: inputs,
    });
    expect(deployment.resources).toHaveLength(3);
  });

  test("other operations, other providers and types without a natural key are cleared, never looked up", async () => {
    const looked: string[] = [];
    const { actions } = await planRecovery(
      {
        resources: [stackResource],
        pending_operations: [
          { type: "updating", resource: { urn: urn("a"), type: TYPE, custom: true } },
          {
            type: "creating",
            resource: { urn: urn("b", "aws:s3/bucket:Bucket"), type: "aws:s3/bucket:Bucket", custom: true },
          },
          {
            type: "creating",
            resource: {
              urn: urn("c", "pulumi-nodejs:dynamic/platform:Other"),
              type: "pulumi-nodejs:dynamic/platform:Other",
              custom: true,
            },
          },
        ],
      },
      async (typeName) => {
        looked.push(typeName);
        return "no-natural-key";
      },
    );
    expect(looked).toEqual(["Other"]);
    expect(actions.map((action) => [action.operation, action.outcome])).toEqual([
      ["updating", "cleared"],
      ["creating", "cleared"],
      ["creating", "cleared"],
    ]);
    expect(actions[2]?.reason).toMatch(/no natural key; if the object exists, set importId/);
  });
});

describe("planRecovery with finders that cannot decide", () => {
  const SNAPSHOT = "pulumi-nodejs:dynamic/platform:OnDemandSnapshot";
  const pending = (name: string) => ({
    type: "creating",
    resource: { urn: urn(name, SNAPSHOT), type: SNAPSHOT, custom: true, inputs: { description: name } },
  });

  test("two objects fit: none is adopted, the pending create stays, and the action names both", async () => {
    const since = new Date("2026-11-26T18:00:00Z");
    const lookups: Array<Date | undefined> = [];
    const { deployment, actions } = await planRecovery(
      { resources: [], pending_operations: [pending("before"), pending("other")] },
      async (_type, inputs, lookup) => {
        lookups.push(lookup.since);
        if (inputs.description === "before")
          throw new AmbiguousCreateError("on-demand snapshot", ["g/c/1", "g/c/2"]);
        return undefined;
      },
      since,
    );
    expect(lookups).toEqual([since, since]);
    expect(actions.map((action) => [action.outcome, action.candidates])).toEqual([
      ["undecided", ["g/c/1", "g/c/2"]],
      ["cleared", undefined],
    ]);
    expect(actions[0]?.reason).toMatch(/more than one on-demand snapshot fits .*\(g\/c\/1, g\/c\/2\)/);
    expect(deployment.pending_operations).toEqual([pending("before")]);
    expect(deployment.resources).toEqual([]);
    const report = { stack: "test", lockRemoved: false, actions };
    expect(needsDecision(report)).toBe(true);
    expect(renderRecovery(report)).toBe(
      [
        "Stack test: adopted 0, cleared 1 pending operation, 1 undecided.",
        "  undecided OnDemandSnapshot before: one of g/c/1, g/c/2",
        "  cleared OnDemandSnapshot other",
        "Each undecided resource's create may have made one of the objects listed, and more than one fits: " +
          "set the resource's importId to the one it made (or delete the ones you do not want), then pulumi up. " +
          "Until then pulumi up would make another.",
        "",
      ].join("\n"),
    );
  });

  test("a finder's other failure fails the plan (nothing is cleared on a guess)", async () => {
    await expect(
      planRecovery({ resources: [], pending_operations: [pending("x")] }, async () => {
        throw new Error("Listing snapshots answered 503");
      }),
    ).rejects.toThrow("Listing snapshots answered 503");
  });
});

describe("runBeganBy: a time at or before the interrupted run began", () => {
  const entry = (startTime: string, endTime?: string) => ({
    startTime: new Date(startTime),
    ...(endTime === undefined ? {} : { endTime: new Date(endTime) }),
  });
  const stackWith = (entries: unknown[] | Error) => ({
    history: async () => {
      if (entries instanceof Error) throw entries;
      return entries as Awaited<ReturnType<Stack["history"]>>;
    },
  });

  test("the end of the last recorded update, or the start of one that has not ended", async () => {
    expect(
      await runBeganBy(
        stackWith([
          entry("2026-11-26T10:00:00Z", "2026-11-26T10:05:00Z"),
          entry("2026-11-26T09:00:00Z", "2026-11-26T09:05:00Z"),
        ]),
      ),
    ).toEqual(new Date("2026-11-26T10:05:00Z"));
    expect(
      await runBeganBy(
        stackWith([entry("2026-11-26T11:00:00Z"), entry("2026-11-26T10:00:00Z", "2026-11-26T10:05:00Z")]),
      ),
    ).toEqual(new Date("2026-11-26T11:00:00Z"));
  });

  test("no history, or none readable: undefined (any creation time fits)", async () => {
    expect(await runBeganBy(stackWith([]))).toBeUndefined();
    expect(await runBeganBy(stackWith(new Error("no backend")))).toBeUndefined();
  });
});
