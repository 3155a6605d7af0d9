/**
 * `pulumi-cluster-platform drift` from the built package, against a real stack on the emulator, on
 * the pinned Pulumi CLI: the scenario of driftScenario.ts (driftNewestCli.e2e.test.ts runs it on the
 * newest CLI).
 */
import { describeDriftScenario } from "./driftScenario";

describe("the drift command on a stack changed out of band", () => {
  describeDriftScenario();
});
