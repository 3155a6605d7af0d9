/**
 * The emulator's random faults are independent per request (issue 11: at 27%, runs of 3 consecutive
 * faults on one path were seen, as if a retry's fate followed its first try's). Each fault draws from
 * its own seeded stream, one draw per matching request (emulator/core/faults.ts): over many requests
 * on one path, the rate after a faulted request equals the rate overall, and runs of three come as
 * often as chance (p^3) makes them. Seeded, so the figures are the same on every run.
 */

import type { RunningEmulator } from "../../../emulator";
import { FaultInjector } from "../../../emulator/core/faults";
import { injectFaults } from "../../../scripts/lib/reliability";

const REQUESTS = 20_000;
const PATH = "/api/platform/v2/groups/5f1a000000000000000000a1/alertConfigs";

/** Whether each of `REQUESTS` requests on one path was faulted. */
function outcomes(faults: FaultInjector, method = "POST"): boolean[] {
  return Array.from({ length: REQUESTS }, () => faults.pick(method, PATH) !== undefined);
}

function statistics(faulted: boolean[]) {
  const count = (predicate: (index: number) => boolean) =>
    faulted.reduce((sum, _, index) => sum + (predicate(index) ? 1 : 0), 0);
  const rate = count((index) => faulted[index] === true) / faulted.length;
  const afterFault = count((index) => index > 0 && faulted[index - 1] === true);
  const twoInARow = count((index) => index > 0 && faulted[index - 1] === true && faulted[index] === true);
  const threeInARow = count(
    (index) =>
      index > 1 && faulted[index - 2] === true && faulted[index - 1] === true && faulted[index] === true,
  );
  return {
    rate,
    rateAfterFault: twoInARow / afterFault,
    threeInARowPerRequest: threeInARow / (faulted.length - 2),
  };
}

describe("random faults are independent per request", () => {
  test.each([0.1, 0.27, 0.5])("one fault at rate %f on one path", (rate) => {
    const faults = new FaultInjector();
    faults.add({ pathPattern: "/api/**", status: 500, rate, seed: 7 });
    const figures = statistics(outcomes(faults));
    expect(Math.abs(figures.rate - rate)).toBeLessThan(0.015);
    // Independence: a request after a faulted one is faulted no more often than any request.
    expect(Math.abs(figures.rateAfterFault - figures.rate)).toBeLessThan(0.03);
    expect(Math.abs(figures.threeInARowPerRequest - rate ** 3)).toBeLessThan(
      Math.max(0.005, rate ** 3 * 0.25),
    );
  });

  test("the soak's mix (scripts/lib/reliability.ts injectFaults, 10% in all, six kinds)", () => {
    const faults = new FaultInjector();
    injectFaults({ core: { faults } } as unknown as RunningEmulator, 0.1, 1000);
    const figures = statistics(outcomes(faults));
    // Six kinds of rate/6 each, a request reaching a later kind only when the earlier ones passed it.
    const expected = 1 - (1 - 0.1 / 6) ** 6;
    expect(Math.abs(figures.rate - expected)).toBeLessThan(0.01);
    expect(Math.abs(figures.rateAfterFault - figures.rate)).toBeLessThan(0.02);
    expect(figures.threeInARowPerRequest).toBeLessThan(0.003);
  });

  test("streams of different seeds do not fault the same requests", () => {
    const first = new FaultInjector();
    first.add({ pathPattern: "/api/**", status: 500, rate: 0.27, seed: 1 });
    const second = new FaultInjector();
    second.add({ pathPattern: "/api/**", status: 500, rate: 0.27, seed: 2 });
    const a = outcomes(first);
    const b = outcomes(second);
    const both = a.filter((faulted, index) => faulted && b[index] === true).length / REQUESTS;
    expect(Math.abs(both - 0.27 * 0.27)).toBeLessThan(0.01);
  });
});
