/**
 * A stack opened to read selects nothing (provider/cli/engine/index.ts, stackToRead), so every
 * operation's steps are checked to be of the stack asked for (ofStack).
 */
import { CliError, type OperationEvents, ofStack, type ResourceStep } from "../../../../provider/cli/engine";

const events = (...urns: string[]): OperationEvents => ({
  steps: new Map(urns.map((urn) => [urn, { urn } as ResourceStep])),
  errors: [],
});

describe("ofStack", () => {
  test("the steps of the stack asked for, by its short or full name, pass as they are", () => {
    const ours = events("urn:pulumi:dev::app::platform:index:Auditing::a");
    expect(ofStack("dev", ours)).toBe(ours);
    expect(ofStack("org/app/dev", ours)).toBe(ours);
    expect(ofStack("dev", events())).toEqual(events());
  });

  test("a step of another stack is an error naming its URN and the stack asked for", () => {
    expect(() =>
      ofStack(
        "dev",
        events(
          "urn:pulumi:dev::app::platform:index:Auditing::a",
          "urn:pulumi:prod::app::platform:index:Auditing::a",
        ),
      ),
    ).toThrow(
      new CliError(
        "the engine answered for urn:pulumi:prod::app::platform:index:Auditing::a, not for stack dev",
      ),
    );
  });
});
