import {
  DURATION_RULE,
  formatDuration,
  parseDuration,
  resolveTimeouts,
  timeoutsSchema,
} from "../../../provider/framework/timeouts";

describe("timeouts", () => {
  test("parseDuration reads duration strings and seconds", () => {
    expect(parseDuration("30m")).toBe(1_800_000);
    expect(parseDuration("90s")).toBe(90_000);
    expect(parseDuration("1h")).toBe(3_600_000);
    expect(parseDuration("1h30m")).toBe(5_400_000);
    expect(parseDuration("1m30s")).toBe(90_000);
    expect(parseDuration("500ms")).toBe(500);
    expect(parseDuration("2.5m")).toBe(150_000);
    expect(parseDuration(45)).toBe(45_000);
    expect(parseDuration("45")).toBe(45_000);
  });

  test("parseDuration rejects everything else", () => {
    for (const bad of [
      "",
      "30 minutes",
      "m",
      "10d",
      "-5s",
      "0s",
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      {},
    ]) {
      expect(parseDuration(bad)).toBeUndefined();
    }
  });

  test("formatDuration writes what users write", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(45_000)).toBe("45s");
    expect(formatDuration(90_000)).toBe("1m30s");
    expect(formatDuration(3_723_000)).toBe("1h2m3s");
    expect(formatDuration(1_800_000)).toBe("30m");
  });

  test("resolveTimeouts applies defaults per field", () => {
    expect(
      resolveTimeouts({ create: "45m", delete: 600 }, { create: "30m", update: "20m", delete: "10m" }),
    ).toEqual({
      createMs: 2_700_000,
      updateMs: 1_200_000,
      deleteMs: 600_000,
    });
    expect(resolveTimeouts(undefined, { create: 60, update: 60, delete: 60 })).toEqual({
      createMs: 60_000,
      updateMs: 60_000,
      deleteMs: 60_000,
    });
  });

  test("resolveTimeouts names the bad field", () => {
    expect(() =>
      resolveTimeouts({ create: "soon" }, { create: "30m", update: "30m", delete: "30m" }),
    ).toThrow(`timeouts.create ${DURATION_RULE}; got "soon"`);
  });

  test("timeoutsSchema validates durations and rejects unknown keys", () => {
    expect(timeoutsSchema.safeParse({ create: "1h", update: 30 }).success).toBe(true);
    const bad = timeoutsSchema.safeParse({ create: "one hour" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(DURATION_RULE);
    expect(timeoutsSchema.safeParse({ creat: "1h" }).success).toBe(false);
  });
});
