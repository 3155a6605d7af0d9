/**
 * How drift over many stacks schedules them (provider/cli/drift/concurrency.ts, fleetRun.ts), with work
 * that ends when the test says: the bound, the locks per project, the running order, and the
 * progress lines (the one type check per program folder: programTypeCheck.test.ts).
 */
import { forEachBounded, KeyedLocks } from "../../../../provider/cli/drift/concurrency";
import {
  apiProjectsOf,
  FleetProgress,
  interleaveByFolder,
  projectsOfSteps,
} from "../../../../provider/cli/drift/fleetRun";
import type { OperationEvents, ResourceStep, StepMetadata } from "../../../../provider/cli/engine";
import { deferred, settle } from "./gates";

describe("forEachBounded", () => {
  test("never runs more than the bound at once, starts in order, and runs every item", async () => {
    const gates = Array.from({ length: 7 }, () => deferred());
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const all = forEachBounded(gates, 3, async (gate, index) => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await gate.promise;
      running--;
    });
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[1]?.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    await all;
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(most).toBe(3);
  });

  test("a bound that is not a positive integer is refused", async () => {
    await expect(forEachBounded([1], 0, async () => {})).rejects.toThrow(
      "the bound must be a positive integer, got 0",
    );
  });
});

describe("KeyedLocks", () => {
  test("holders of one key run one after the other, first come first served; other keys run beside them", async () => {
    const locks = new KeyedLocks();
    const log: string[] = [];
    const gates = { a1: deferred(), a2: deferred(), b: deferred() };
    const waits: string[] = [];
    const hold = (name: keyof typeof gates, keys: string[]) =>
      locks.withKeys(
        keys,
        async () => {
          log.push(`start ${name}`);
          await gates[name].promise;
          log.push(`end ${name}`);
        },
        (key) => waits.push(`${name} waits for ${key}`),
      );
    const runs = [hold("a1", ["project-a"]), hold("a2", ["project-a"]), hold("b", ["project-b"])];
    await settle();
    expect(log).toEqual(["start a1", "start b"]);
    expect(waits).toEqual(["a2 waits for project-a"]);
    gates.a2.resolve();
    await settle();
    expect(log).toEqual(["start a1", "start b"]);
    gates.a1.resolve();
    gates.b.resolve();
    await Promise.all(runs);
    expect(log).toEqual(["start a1", "start b", "end a1", "end b", "start a2", "end a2"]);
    expect(locks.isHeld("project-a")).toBe(false);
  });

  test("several keys are taken in sorted order, so crossing holders do not deadlock; a failure releases", async () => {
    const locks = new KeyedLocks();
    const order: string[] = [];
    await Promise.all([
      locks.withKeys(["y", "x"], async () => {
        order.push("first");
      }),
      locks.withKeys(["x", "y"], async () => {
        order.push("second");
      }),
    ]);
    expect(order).toEqual(["first", "second"]);
    await expect(
      locks.withKeys(["x"], async () => {
        throw new Error("read failed");
      }),
    ).rejects.toThrow("read failed");
    expect(locks.isHeld("x")).toBe(false);
    expect(await locks.withKeys([], async () => "no keys")).toBe("no keys");
  });
});

describe("the stacks of a run", () => {
  test("the projects of resources are the group ids of the package's resources, of either form", () => {
    expect(
      apiProjectsOf([
        { type: "pulumi:pulumi:Stack", inputs: {} },
        { type: "pulumi:providers:platform", inputs: { groupId: "not-a-resource" } },
        {
          type: "pulumi-nodejs:dynamic/platform:CustomDns",
          inputs: { groupId: "5f1a000000000000000000a2" },
        },
        { type: "platform:index:Auditing", inputs: { groupId: "5f1a000000000000000000a1" } },
        {
          type: "pulumi-nodejs:dynamic/platform:Auditing",
          inputs: { groupId: "5f1a000000000000000000a2" },
        },
        { type: "aws:s3/bucket:Bucket", inputs: { groupId: "elsewhere" } },
        null,
      ]),
    ).toEqual(["5f1a000000000000000000a1", "5f1a000000000000000000a2"]);
    expect(apiProjectsOf([])).toEqual([]);
  });

  test("the projects a refresh will read are those of the states a preview's steps compare", () => {
    const step = (type: string, op: StepMetadata["op"], groupId?: string): [string, ResourceStep] => {
      const urn = `urn:pulumi:dev::app::${type}::${op}-${groupId ?? "new"}`;
      const old = groupId === undefined ? undefined : { inputs: { groupId } };
      const metadata = { op, urn, type, old } as unknown as StepMetadata;
      return [urn, { urn, typeToken: type, ops: new Set([op]), metadata }];
    };
    const events: OperationEvents = {
      steps: new Map([
        step("pulumi-nodejs:dynamic/platform:AlertConfiguration", "same", "5f1a000000000000000000a1"),
        step("platform:index:Auditing", "delete", "5f1a000000000000000000a2"),
        step("pulumi-nodejs:dynamic/platform:CustomDns", "create"),
        step("aws:s3/bucket:Bucket", "same", "elsewhere"),
      ]),
      errors: [],
    };
    expect(projectsOfSteps(events)).toEqual(["5f1a000000000000000000a1", "5f1a000000000000000000a2"]);
  });

  test("the running order takes one stack of each folder in turn", () => {
    const target = (folder: string, stack: string) => ({ folder: { path: folder }, stack });
    expect(
      interleaveByFolder([
        target("/a", "dev"),
        target("/a", "staging"),
        target("/a", "prod"),
        target("/b", "dev"),
        target("/c", "dev"),
        target("/c", "prod"),
      ]).map((t) => `${t.folder.path}/${t.stack}`),
    ).toEqual(["/a/dev", "/b/dev", "/c/dev", "/a/staging", "/c/prod", "/a/prod"]);
  });

  test("progress: a line as each stack starts, waits and ends, with the counts done, running and waiting", () => {
    const lines: string[] = [];
    const progress = new FleetProgress(3, (line) => lines.push(line), 0);
    progress.started("app/dev");
    progress.started("app/prod");
    progress.phase("app/dev", "reading the live state");
    progress.phase("app/prod", "waiting: another stack reads project 5f1a000000000000000000a1");
    progress.finished("app/dev", "No drift in stack dev; no pending changes in stack dev");
    progress.stop();
    expect(lines.map((line) => line.replace(/ \(\d+ s\)$/, ""))).toEqual([
      "[0/3 done, 1 running, 2 waiting] app/dev: started",
      "[0/3 done, 2 running, 1 waiting] app/prod: started",
      "[0/3 done, 2 running, 1 waiting] app/prod: waiting: another stack reads project 5f1a000000000000000000a1",
      "[1/3 done, 1 running, 1 waiting] app/dev: No drift in stack dev; no pending changes in stack dev",
    ]);
  });
});
