/**
 * Every resource type's lifecycle in the native form (the plugin's gRPC ResourceProvider methods over
 * a loopback connection, Struct values and secrets as the engine sends them), against the in-process
 * emulator: lifecycle.ts says the steps.
 */
import { RESOURCE_TYPES } from "../../../provider/runtime";
import { useEmulatorFixture } from "../resources/emulatorFixture";
import { CASES } from "./cases";
import { type Form, nativeForm } from "./forms";
import { driveLifecycle } from "./lifecycle";

// Asynchronous states take a while on the emulator's manual clock, which the waits move.
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
let form: Form;
beforeAll(async () => {
  form = await nativeForm(fx);
});
afterAll(() => form.close());

test("the cases cover every type of the resource table, once each", () => {
  expect(CASES.map((entry) => entry.type)).toEqual([...RESOURCE_TYPES]);
});

describe.each(CASES.map((entry) => [entry.type, entry] as const))("%s", (_type, lifecycleCase) => {
  test("the native form's whole lifecycle", () => driveLifecycle(form, fx, lifecycleCase));
});
