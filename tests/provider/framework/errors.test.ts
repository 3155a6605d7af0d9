import { isPartialFailure, PartialFailureError, partialFailure } from "../../../provider/framework/errors";
import { waitAndSettle } from "../../../provider/framework/lifecycle";

/** Outputs as known: the live view itself. */
const asKnown = <T extends object>(live: T): T => live;

describe("partial failures", () => {
  test("partialFailure has the shape the dynamic provider host reads: id, properties, reasons", () => {
    const error = partialFailure("g/c/i", { status: "FAILED" }, "search index movies failed");
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(PartialFailureError);
    expect(error.id).toBe("g/c/i");
    expect(error.properties).toEqual({ status: "FAILED" });
    // The engine shows the reasons, not the message: the message must be a reason.
    expect(error.reasons).toEqual(["search index movies failed"]);
    expect(error.message).toBe("search index movies failed");
    expect(isPartialFailure(error)).toBe(true);
  });

  test("isPartialFailure needs a non-empty id", () => {
    expect(isPartialFailure(new Error("x"))).toBe(false);
    expect(isPartialFailure(Object.assign(new Error("x"), { id: "" }))).toBe(false);
    expect(isPartialFailure(Object.assign(new Error("x"), { id: "a" }))).toBe(true);
    expect(isPartialFailure(undefined)).toBe(false);
  });

  test("waitAndSettle converts a failure after creation into a partial failure", async () => {
    const outs = { indexId: "i", status: "BUILDING" };
    const error = await waitAndSettle({
      id: "g/c/i",
      known: outs,
      outputs: asKnown,
      wait: async () => {
        throw new Error("timed out after 30m waiting for search index movies");
      },
    }).catch((e: unknown) => e);
    expect(isPartialFailure(error)).toBe(true);
    expect(error).toMatchObject({
      id: "g/c/i",
      properties: outs,
      reasons: ["timed out after 30m waiting for search index movies"],
    });
  });

  test("waitAndSettle passes results and existing partial failures through", async () => {
    await expect(
      waitAndSettle({ id: "a", known: { n: 0 }, outputs: asKnown, wait: async () => ({ n: 7 }) }),
    ).resolves.toEqual({ id: "a", outs: { n: 7 } });
    const inner = partialFailure("b", { x: 1 }, "inner");
    await expect(
      waitAndSettle({
        id: "a",
        known: {},
        outputs: asKnown,
        wait: async () => {
          throw inner;
        },
      }),
    ).rejects.toBe(inner);
  });

  test("with cleanup, a failed create deletes the object and throws a plain error", async () => {
    const cleanup = jest.fn(async () => {});
    const error = await waitAndSettle({
      id: "g/c/i",
      known: {},
      outputs: asKnown,
      wait: async () => {
        throw new Error("timed out");
      },
      deleteOnFailure: cleanup,
    }).catch((e: unknown) => e);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(isPartialFailure(error)).toBe(false);
    expect((error as Error).message).toBe("timed out; the object g/c/i was deleted as requested");
  });

  test("when cleanup fails too, the object stays in state and both failures are named", async () => {
    const error = await waitAndSettle({
      id: "g/c/i",
      known: { status: "BUILDING" },
      outputs: asKnown,
      wait: async () => {
        throw new Error("timed out");
      },
      deleteOnFailure: async () => {
        throw new Error("HTTP 409");
      },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      id: "g/c/i",
      properties: { status: "BUILDING" },
      reasons: ["timed out; deleting it afterwards failed too: HTTP 409"],
    });
  });
});

describe("waitAndSettle", () => {
  const outputs = (live: { status: string }) => ({ status: live.status });

  test("returns the id and the outputs of the settled object", async () => {
    const settled = await waitAndSettle({
      id: "g/c/i",
      known: { status: "PENDING" },
      outputs,
      wait: async () => ({ status: "READY" }),
    });
    expect(settled).toEqual({ id: "g/c/i", outs: { status: "READY" } });
  });

  test("a failed wait keeps the object in state with what was known", async () => {
    const failure = await waitAndSettle({
      id: "g/c/i",
      known: { status: "PENDING" },
      outputs,
      wait: async () => {
        throw new Error("timed out");
      },
    }).catch((error: unknown) => error);
    expect(isPartialFailure(failure)).toBe(true);
    expect(failure).toMatchObject({ id: "g/c/i", properties: { status: "PENDING" } });
  });

  test("with deleteOnFailure, a failed wait deletes the object instead", async () => {
    const deleted: string[] = [];
    await expect(
      waitAndSettle({
        id: "g/c/i",
        known: { status: "PENDING" },
        outputs,
        wait: async () => {
          throw new Error("timed out");
        },
        deleteOnFailure: async () => void deleted.push("g/c/i"),
      }),
    ).rejects.toThrow("timed out; the object g/c/i was deleted as requested");
    expect(deleted).toEqual(["g/c/i"]);
  });
});
