/**
 * Every resource type's lifecycle in the dynamic form (the runtime's dispatch, called with what
 * Pulumi's dynamic provider host passes), against the in-process emulator: lifecycle.ts says the steps.
 */
import { RESOURCE_TYPES } from "../../../provider/runtime";
import { useEmulatorFixture } from "../resources/emulatorFixture";
import { CASES } from "./cases";
import { dynamicForm, type Form } from "./forms";
import { driveLifecycle } from "./lifecycle";

// Asynchronous states take a while on the emulator's manual clock, which the waits move.
const fx = useEmulatorFixture({ asyncDelayMs: 4000 });
let form: Form;
beforeAll(() => {
  form = dynamicForm(fx, [...RESOURCE_TYPES]);
});
afterAll(() => form.close());

test("the cases cover every type of the resource table, once each", () => {
  expect(CASES.map((entry) => entry.type)).toEqual([...RESOURCE_TYPES]);
});

describe.each(CASES.map((entry) => [entry.type, entry] as const))("%s", (_type, lifecycleCase) => {
  test("the dynamic form's whole lifecycle", () => driveLifecycle(form, fx, lifecycleCase));
});
