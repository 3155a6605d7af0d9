/**
 * The cause of a failed engine operation on one line (provider/cli/engine.ts causeOf), as a stack's
 * row of drift over many stacks and drift's `error:` line show it.
 */
import { causeOf } from "../../../provider/cli/engine";

describe("causeOf", () => {
  test("a resource's error the engine framed as 'Preview failed: <cause>' gives the cause", () => {
    // The diagnostics of a refresh preview whose reads were answered 500 (CLI 3.259, dynamic provider).
    const diagnostics = [
      "Preview failed: Reading alert configuration failed: GET /groups/5f1a000000000000000000a1/alertConfigs/5f1b00000000000000000007 answered 500 UNEXPECTED_ERROR: Injected fault: HTTP 500.\n",
      "preview failed",
    ];
    const message = "code: 255\n stdout: \n stderr: error: preview failed\n";
    expect(causeOf(new Error(message), diagnostics)).toBe(
      "Reading alert configuration failed: GET /groups/5f1a000000000000000000a1/alertConfigs/5f1b00000000000000000007 answered 500 UNEXPECTED_ERROR: Injected fault: HTTP 500.",
    );
  });

  test("the engine's bare 'preview failed' is no cause: the next candidate is taken", () => {
    expect(
      causeOf(new Error("code: 255\n stdout: \n stderr: error: failed to load checkpoint: EOF\n"), [
        "preview failed\n",
      ]),
    ).toBe("failed to load checkpoint: EOF");
  });
});
