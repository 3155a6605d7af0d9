/**
 * The package's functions load provider/functions (the API client, undici, the zod schemas) on their
 * first call, not when a program imports the package (sdk/functions.ts).
 */
import type * as Functions from "../../provider/functions";

/** The package's entry loaded afresh, with provider/functions replaced by what `load` gives. */
function freshPackage(load: () => unknown): typeof import("../../sdk") {
  let entry: typeof import("../../sdk") | undefined;
  jest.isolateModules(() => {
    jest.doMock("../../provider/functions", load);
    entry = require("../../sdk") as typeof import("../../sdk");
  });
  return entry as typeof import("../../sdk");
}

afterEach(() => {
  jest.dontMock("../../provider/functions");
});

describe("the package's functions", () => {
  test("importing the package does not load provider/functions", () => {
    const sdk = freshPackage(() => {
      throw new Error("provider/functions was loaded");
    });
    expect(typeof sdk.AlertConfiguration).toBe("function");
    expect(typeof sdk.getAlerts).toBe("function");
    expect(typeof sdk.getAlertsOutput).toBe("function");
    expect(sdk.getAlerts.name).toBe("getAlerts");
    expect(() => sdk.getAlerts({ groupId: "5f1a000000000000000000a1" })).toThrow(
      "provider/functions was loaded",
    );
  });

  test("a call goes to provider/functions' function with its arguments, once loaded; so does its declaration", async () => {
    let loads = 0;
    const calls: unknown[][] = [];
    const getAlerts = Object.assign(
      async (...params: unknown[]) => {
        calls.push(params);
        return [{ id: "a1" }];
      },
      { declaration: { name: "getAlerts", args: "schema" } },
    );
    const sdk = freshPackage(() => {
      loads++;
      return { getAlerts } as unknown as typeof Functions;
    });
    expect(loads).toBe(0);
    const options = { client: undefined };
    await expect(sdk.getAlerts({ groupId: "g1" }, options)).resolves.toEqual([{ id: "a1" }]);
    await expect(sdk.getAlerts({ groupId: "g2" })).resolves.toEqual([{ id: "a1" }]);
    expect(calls).toEqual([[{ groupId: "g1" }, options], [{ groupId: "g2" }]]);
    expect(sdk.getAlerts.declaration).toEqual({ name: "getAlerts", args: "schema" });
    expect(loads).toBe(1);
  });
});
