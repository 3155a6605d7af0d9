import type { ClusterRecord } from "../../../emulator/core/contract";
import { bodyOf, call, expectError, MISSING_PROJECT, makeState, OTHER_PROJECT } from "./harness";

describe("33-34 auditing", () => {
  test("33 returns the defaults", () => {
    expect(bodyOf(call(makeState(), "33"))).toEqual({
      enabled: false,
      auditAuthorizationSuccess: false,
      auditFilter: "{}",
      configurationType: "NONE",
    });
    expectError(
      () => call(makeState(), "33", { params: { groupId: MISSING_PROJECT } }),
      404,
      "GROUP_NOT_FOUND",
    );
  });

  test("34 updates only the fields sent; configurationType follows enabled and the filter", () => {
    const state = makeState();
    expect(bodyOf(call(state, "34", { body: { enabled: true } }))).toMatchObject({
      enabled: true,
      configurationType: "FILTER_BUILDER",
    });
    const filter = '{"atype":"authenticate"}';
    expect(
      bodyOf(call(state, "34", { body: { auditFilter: filter, auditAuthorizationSuccess: true } })),
    ).toEqual({
      enabled: true,
      auditAuthorizationSuccess: true,
      auditFilter: filter,
      configurationType: "FILTER_JSON",
    });
    expect(bodyOf(call(state, "33")).auditFilter).toBe(filter);
    expect(bodyOf(call(state, "34", { body: { enabled: false } })).configurationType).toBe("NONE");
  });

  test("34 refuses bad filters, read-only and unknown fields", () => {
    const state = makeState();
    expectError(() => call(state, "34", { body: { auditFilter: "{not json" } }), 400, "INVALID_ATTRIBUTE");
    expectError(() => call(state, "34", { body: { auditFilter: "[]" } }), 400, "INVALID_ATTRIBUTE");
    expectError(() => call(state, "34", { body: { configurationType: "NONE" } }), 400, "ATTRIBUTE_READ_ONLY");
    expectError(() => call(state, "34", { body: { enabled: "yes" } }), 400, "INVALID_ATTRIBUTE");
    expectError(() => call(state, "34", { body: { auditing: true } }), 400, "INVALID_ATTRIBUTE");
  });

  test("34 refuses enabling when the project has only M0/M2/M5 or serverless clusters", () => {
    const state = makeState();
    const free: ClusterRecord = {
      id: "5f1a000000000000000000b9",
      groupId: OTHER_PROJECT,
      name: "free",
      tier: "M0",
      dbVersion: "7.0",
      provider: "AWS",
      sharded: false,
    };
    delete state.clusters[`${OTHER_PROJECT}/other-cluster`];
    state.clusters[`${OTHER_PROJECT}/free`] = free;
    expectError(
      () => call(state, "34", { params: { groupId: OTHER_PROJECT }, body: { enabled: true } }),
      400,
      "AUDITING_NOT_SUPPORTED_FOR_TIER",
    );
    expect(
      bodyOf(call(state, "34", { params: { groupId: OTHER_PROJECT }, body: { enabled: false } })).enabled,
    ).toBe(false);
  });
});

describe("35-36 custom DNS", () => {
  test("35 defaults to disabled; 36 sets it", () => {
    const state = makeState();
    expect(bodyOf(call(state, "35"))).toEqual({ enabled: false });
    expect(bodyOf(call(state, "36", { body: { enabled: true } }))).toEqual({ enabled: true });
    expect(bodyOf(call(state, "35"))).toEqual({ enabled: true });
  });
  test("36 requires enabled", () => {
    expectError(() => call(makeState(), "36", { body: {} }), 400, "MISSING_ATTRIBUTE");
    expectError(
      () => call(makeState(), "36", { body: { enabled: true, other: 1 } }),
      400,
      "INVALID_ATTRIBUTE",
    );
  });
});
