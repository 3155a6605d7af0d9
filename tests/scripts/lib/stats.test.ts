import { median, medianInterval } from "../../../scripts/lib/stats";

describe("median", () => {
  test("is the middle value of an odd count, in any order", () => {
    expect(median([3, 1, 2])).toBe(2);
  });
  test("is the mean of the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  test("refuses no values", () => {
    expect(() => median([])).toThrow("median of no values");
  });
});

describe("medianInterval", () => {
  const ascending = (n: number) => Array.from({ length: n }, (_, index) => index + 1);

  test("of 9 values is the 2nd smallest to the 2nd largest, 96.1% (1 - 2 * 10/512)", () => {
    const interval = medianInterval([9, 1, 8, 2, 7, 3, 6, 4, 5]);
    expect(interval).toEqual({ low: 2, high: 8, coverage: 1 - (2 * 10) / 512 });
  });

  test("of 45 values is the 16th to the 30th, the largest k with coverage >= 95%", () => {
    const interval = medianInterval(ascending(45));
    expect([interval.low, interval.high]).toEqual([16, 30]);
    expect(interval.coverage).toBeGreaterThanOrEqual(0.95);
    // One step narrower would no longer hold the median 95% of the time.
    const cdf = (n: number, k: number) => {
      let sum = 0;
      for (let i = 0; i <= k; i++) {
        let choose = 1;
        for (let j = 0; j < i; j++) choose = (choose * (n - j)) / (j + 1);
        sum += choose / 2 ** n;
      }
      return sum;
    };
    expect(1 - 2 * cdf(45, 16)).toBeLessThan(0.95);
    expect(interval.coverage).toBeCloseTo(1 - 2 * cdf(45, 15), 12);
  });

  test("of too few values for 95% is the whole range, with the coverage it gives", () => {
    expect(medianInterval([5, 1, 3, 2, 4])).toEqual({ low: 1, high: 5, coverage: 1 - 2 / 32 });
    expect(medianInterval([7])).toEqual({ low: 7, high: 7, coverage: 0 });
  });

  test("takes another confidence", () => {
    expect(medianInterval(ascending(9), 0.8)).toEqual({ low: 3, high: 7, coverage: 1 - (2 * 46) / 512 });
  });

  test("refuses no values and a confidence outside (0, 1)", () => {
    expect(() => medianInterval([])).toThrow("median interval of no values");
    expect(() => medianInterval([1, 2], 1)).toThrow("confidence must be in (0, 1), got 1");
  });
});
