import { lifecycleDone, lifecyclePhase } from "../../../emulator/core/lifecycle";

describe("lifecyclePhase", () => {
  const phases = ["PENDING", "BUILDING", "READY"] as const;
  test("is done at once when the delay is 0", () => {
    expect(lifecyclePhase(phases, 1000, 1000, 0)).toBe("READY");
    expect(lifecycleDone(1000, 1000, 0)).toBe(true);
  });
  test("shares the delay between the intermediate phases", () => {
    expect(lifecyclePhase(phases, 0, 0, 1000)).toBe("PENDING");
    expect(lifecyclePhase(phases, 0, 499, 1000)).toBe("PENDING");
    expect(lifecyclePhase(phases, 0, 500, 1000)).toBe("BUILDING");
    expect(lifecyclePhase(phases, 0, 999, 1000)).toBe("BUILDING");
    expect(lifecyclePhase(phases, 0, 1000, 1000)).toBe("READY");
    expect(lifecycleDone(0, 999, 1000)).toBe(false);
  });
});
