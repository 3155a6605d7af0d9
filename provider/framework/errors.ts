/**
 * Errors that keep an object in Pulumi state.
 *
 * When `create` or `update` fails after the object exists (created, then its wait timed out or it
 * reached a failed state), throwing a plain error would orphan it: Pulumi forgets an object whose
 * create failed. The dynamic provider host (`@pulumi/pulumi/cmd/dynamic-provider`,
 * `grpcResponseFromError`) turns an error carrying `id` into the gRPC detail
 * `ErrorResourceInitFailed { id, properties, reasons }`; the engine then records the object in state
 * with those properties as its outputs, marks it with "initialization errors", and calls `update`
 * on the next `pulumi up` so the provider can converge it.
 *
 * Two details of that path, both handled here and in provider/runtime/index.ts:
 * - the engine shows the error as the `reasons` joined, NOT the error message (with no reasons the
 *   user reads "resource init failed"), so the message is also the only reason;
 * - the host does not add `__provider` to `properties` on this path (it does for successful
 *   results); the runtime adds it, or later `delete`/`refresh` of the object could not find its code.
 */

/** An error from create/update that tells Pulumi the object exists: `{ id, properties, reasons }`. */
export class PartialFailureError extends Error {
  /** Read by the dynamic provider host: the object's id. */
  readonly id: string;
  /** Read by the host: the outputs to store in state. */
  properties: Record<string, unknown>;
  /** Read by the host: what the engine shows the user. */
  readonly reasons: string[];

  constructor(id: string, properties: Record<string, unknown>, message: string) {
    super(message);
    this.name = "PartialFailureError";
    this.id = id;
    this.properties = properties;
    this.reasons = [message];
  }
}

/**
 * Builds the error to throw from create/update when the object exists but is not healthy: it stays
 * in state with `outs` as its outputs and `message` shown to the user.
 */
export function partialFailure(
  id: string,
  outs: Record<string, unknown>,
  message: string,
): PartialFailureError {
  return new PartialFailureError(id, outs, message);
}

/** True for an error the host will treat as "object exists" (it carries a non-empty `id`). */
export function isPartialFailure(error: unknown): error is PartialFailureError {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { id?: unknown }).id === "string" &&
    (error as { id: string }).id !== ""
  );
}
