/**
 * The cause of a failed engine operation on one line (provider/cli/engine/index.ts causeOf), as a stack's
 * row of drift over many stacks and drift's `error:` line show it.
 */
import { causeOf, errorMessages } from "../../../../provider/cli/engine";
import { answerError } from "../../../../provider/client/failures";

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

describe("errorMessages", () => {
  const auditing = "urn:pulumi:prod::app::pulumi-nodejs:dynamic:Resource::auditing";
  const dns = "urn:pulumi:prod::app::pulumi-nodejs:dynamic:Resource::custom-dns";

  test("orders the errors by URN, the stack's own last, whatever order they arrived in", () => {
    const arrived = [
      { urn: undefined, message: "update failed" },
      { urn: dns, message: "Reading custom DNS configuration failed: 401" },
      { urn: auditing, message: "Reading auditing configuration failed: 401" },
    ];
    const expected = [
      "Reading auditing configuration failed: 401",
      "Reading custom DNS configuration failed: 401",
      "update failed",
    ];
    expect(errorMessages({ steps: new Map(), errors: arrived })).toEqual(expected);
    expect(errorMessages({ steps: new Map(), errors: [...arrived].reverse() })).toEqual(expected);
  });

  test("so the cause of a stack whose reads fail in parallel is the same on every run", () => {
    const runs = [
      [
        { urn: dns, message: "Reading custom DNS configuration failed: 401" },
        { urn: auditing, message: "Reading auditing configuration failed: 401" },
      ],
      [
        { urn: auditing, message: "Reading auditing configuration failed: 401" },
        { urn: dns, message: "Reading custom DNS configuration failed: 401" },
      ],
    ];
    const causes = runs.map((errors) =>
      causeOf(new Error("failed"), errorMessages({ steps: new Map(), errors })),
    );
    expect(causes).toEqual([
      "Reading auditing configuration failed: 401",
      "Reading auditing configuration failed: 401",
    ]);
  });
});

describe("a refusal of the credentials", () => {
  test("names the credentials, not the resource whose read met it first", () => {
    const context = {
      operation: "Reading auditing configuration",
      method: "GET",
      displayPath: "/groups/5f1a000000000000000000a1/auditLog",
      httpRequests: 2,
    } as unknown as Parameters<typeof answerError>[0];
    const body = JSON.stringify({
      errorCode: "UNAUTHENTICATED",
      detail: "You are not authenticated. Digest unknown username.",
    });
    const refused = answerError(context, { status: 401, headers: {}, text: body } as unknown as Parameters<
      typeof answerError
    >[1]);
    expect(causeOf(new Error("failed"), [refused.message])).toBe(
      "the service refused the credentials (401 UNAUTHENTICATED): You are not authenticated. Digest unknown username. Check the configured credentials and the API access list.",
    );
  });

  test("leaves other failures as the resource's cause", () => {
    const cause =
      "Reading auditing configuration failed: GET /groups/x/auditLog answered 403 FORBIDDEN: no role.";
    expect(causeOf(new Error("failed"), [cause])).toBe(cause);
  });
});
