/**
 * `pulumi-cluster-platform recover` (provider/cli/recover.ts): what it decides for each pending
 * operation of an interrupted run, without the engine (the e2e suite runs it for real:
 * tests/e2e/reliability.e2e.test.ts).
 */
import { planRecovery, revealSecrets } from "../../provider/cli/recover";

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
      async (typeName, given, taken) => {
        calls.push([typeName, given, [...taken]]);
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
