import type { PlatformClient } from "../../../provider/client";
import { importIdHint, isAlreadyExists } from "../../../provider/framework/adoption";
import { storedInputs } from "../../../provider/framework/diff";
import {
  asynchronous,
  deleteIfExists,
  deleteThenWaitGone,
  donePoll,
  gonePoll,
  isDone,
  readIfExists,
  synchronous,
  waitAndSettle,
} from "../../../provider/framework/lifecycle";
import { WaitGoneError } from "../../../provider/framework/waiter";
import { captureProgress, fakeClock, httpError } from "../resources/waiterScript";

captureProgress();

/** A search-index-like object: a status, and a flag that must also hold for done. */
interface Live {
  status: string;
  queryable: boolean;
}

/** A lifecycle whose read plays `steps` (undefined = gone; the last step repeats). */
function scripted(steps: (Live | undefined)[]) {
  let index = 0;
  const lifecycle = asynchronous<{ id: string }, Live, "searchIndex">({
    states: {
      vocabulary: "searchIndex",
      done: ["READY"],
      failed: { FAILED: "it failed" },
      transitional: ["PENDING", "BUILDING", "STALE", "DELETING"],
    },
    stateOf: (live) => live.status,
    doneAlso: (live) => live.queryable,
    read: async () => steps[Math.min(index++, steps.length - 1)],
    gone: { target: "deleted (404)", state: "deleted" },
    defaultTimeouts: { create: "1m", update: "1m", delete: "1m" },
  });
  return { lifecycle, reads: () => index };
}

const CLIENT = {} as PlatformClient;
const options = { describe: "thing t", timeoutMs: 60_000, phase: "create" as const, clock: fakeClock() };

describe("not found means gone", () => {
  test("readIfExists: the value, undefined on 404, other errors thrown", async () => {
    expect(await readIfExists(async () => 7)).toBe(7);
    expect(await readIfExists(() => Promise.reject(httpError(404)))).toBeUndefined();
    await expect(readIfExists(() => Promise.reject(httpError(500)))).rejects.toThrow("HTTP 500");
  });

  test("deleteIfExists: true when deleted now, false when already gone, other errors thrown", async () => {
    expect(await deleteIfExists(async () => undefined)).toBe(true);
    expect(await deleteIfExists(() => Promise.reject(httpError(404)))).toBe(false);
    await expect(deleteIfExists(() => Promise.reject(httpError(409)))).rejects.toThrow("HTTP 409");
  });
});

describe("a declared lifecycle", () => {
  const { lifecycle } = scripted([]);

  test("synchronous says why", () => {
    expect(synchronous("answers at once")).toEqual({ kind: "synchronous", why: "answers at once" });
  });

  test("donePoll: done needs a done state and doneAlso; a failed state gives its reason; gone keeps the last state", () => {
    expect(donePoll(lifecycle, { status: "READY", queryable: true }, "x")).toEqual({
      state: "READY",
      done: true,
    });
    expect(donePoll(lifecycle, { status: "READY", queryable: false }, "x")).toEqual({
      state: "READY",
      done: false,
    });
    expect(donePoll(lifecycle, { status: "FAILED", queryable: false }, "x")).toEqual({
      state: "FAILED",
      done: false,
      failed: "it failed",
    });
    expect(donePoll(lifecycle, undefined, "BUILDING")).toEqual({
      state: "BUILDING",
      done: false,
      gone: true,
    });
    expect(isDone(lifecycle, { status: "STALE", queryable: true })).toBe(false);
  });

  test("donePoll: progressOf adds how far a transitional state has come, never to done or failed states", () => {
    const withProgress: typeof lifecycle = {
      ...lifecycle,
      progressOf: (live) => (live.queryable ? "2/3 hosts" : undefined),
    };
    expect(donePoll(withProgress, { status: "BUILDING", queryable: true }, "x")).toEqual({
      state: "BUILDING (2/3 hosts)",
      done: false,
    });
    expect(donePoll(withProgress, { status: "BUILDING", queryable: false }, "x")).toEqual({
      state: "BUILDING",
      done: false,
    });
    expect(donePoll(withProgress, { status: "READY", queryable: true }, "x")).toEqual({
      state: "READY",
      done: true,
    });
  });

  test("gonePoll: done once the read finds nothing", () => {
    expect(gonePoll(lifecycle, undefined)).toEqual({ state: "deleted", done: true });
    expect(gonePoll(lifecycle, { status: "DELETING", queryable: false })).toEqual({
      state: "DELETING",
      done: false,
    });
  });

  test("waitUntilDone returns the last live view; a disappearance names the last state seen", async () => {
    const ready = scripted([
      { status: "BUILDING", queryable: false },
      { status: "READY", queryable: true },
    ]);
    expect(await ready.lifecycle.waitUntilDone(CLIENT, { id: "t" }, options)).toEqual({
      status: "READY",
      queryable: true,
    });
    const vanished = scripted([{ status: "BUILDING", queryable: false }, undefined]);
    const error = await vanished.lifecycle.waitUntilDone(CLIENT, { id: "t" }, options).catch((e) => e);
    expect(error).toBeInstanceOf(WaitGoneError);
    expect(error.message).toBe(
      "thing t no longer exists (last state BUILDING); it was deleted while we waited for it",
    );
  });

  test("waitAndSettle keeps the object in state with what is known when the wait fails", async () => {
    const failing = scripted([{ status: "FAILED", queryable: false }]);
    const target = {
      client: CLIENT,
      where: { id: "t" },
      describe: "thing t",
      timeouts: undefined,
      clock: fakeClock(),
    };
    const error = await waitAndSettle(failing.lifecycle, target, "create", {
      id: "g/t",
      known: { status: "PENDING", queryable: false },
      outputs: (live) => ({ status: live.status }),
    }).catch((e) => e);
    expect(error).toMatchObject({ id: "g/t", properties: { status: "PENDING" } });
    expect(error.message).toBe("thing t failed in state FAILED: it failed");
  });

  test("deleteThenWaitGone waits after a delete, and not when the object was already gone", async () => {
    const target = {
      client: CLIENT,
      where: { id: "t" },
      describe: "thing t",
      timeouts: undefined,
      clock: fakeClock(),
    };
    const deleting = scripted([{ status: "DELETING", queryable: false }, undefined]);
    await deleteThenWaitGone(deleting.lifecycle, target, async () => undefined);
    expect(deleting.reads()).toBe(2);
    const gone = scripted([undefined]);
    await deleteThenWaitGone(gone.lifecycle, target, () => Promise.reject(httpError(404)));
    expect(gone.reads()).toBe(0);
  });
});

describe("small shared helpers", () => {
  test("storedInputs drops the fields the classification marks output", () => {
    expect(
      storedInputs(
        { groupId: "g", name: "n", indexId: "i", status: "READY" },
        {
          groupId: "replace",
          name: "replace",
          indexId: "output",
          status: "output",
        },
      ),
    ).toEqual({ groupId: "g", name: "n" });
  });

  test("importIdHint gives the id when known, else its format", () => {
    expect(importIdHint("g/c", ["groupId", "clusterName"], "the existing search nodes")).toBe(
      'set importId: "g/c" to manage the existing search nodes with this resource',
    );
    expect(importIdHint(undefined, ["groupId", "exportBucketId"])).toBe(
      "set importId to its id (<groupId>/<exportBucketId>) to manage it with this resource",
    );
  });
});

test("isAlreadyExists: the API's code for it, or any 409", () => {
  expect(
    isAlreadyExists(httpError(400, "SEARCH_DEPLOYMENT_ALREADY_EXISTS"), "SEARCH_DEPLOYMENT_ALREADY_EXISTS"),
  ).toBe(true);
  expect(isAlreadyExists(httpError(409), "SEARCH_DEPLOYMENT_ALREADY_EXISTS")).toBe(true);
  expect(isAlreadyExists(httpError(400, "INVALID_ATTRIBUTE"), "SEARCH_DEPLOYMENT_ALREADY_EXISTS")).toBe(
    false,
  );
  expect(isAlreadyExists(new Error("plain"), "SEARCH_DEPLOYMENT_ALREADY_EXISTS")).toBe(false);
});
