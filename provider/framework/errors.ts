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
 * Two details of that path, both handled here and in runtime.ts:
 * - the engine shows the error as the `reasons` joined, NOT the error message (with no reasons the
 *   user reads "resource init failed"), so the message is also the only reason;
 * - the host does not add `__provider` to `properties` on this path (it does for successful
 *   results); runtime.ts adds it, or later `delete`/`refresh` of the object could not find its code.
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

/** Options of {@link keepInStateIfFails}. */
export interface KeepInStateOptions {
  /**
   * Deletes what a failed create left behind (when the user asked for that, e.g. an input
   * `deleteOnCreateFailure: true`). When given and it succeeds, the original error is thrown as a
   * plain error (nothing stays in state); when it fails too, the object is kept in state and both
   * failures are reported.
   */
  cleanup?: () => Promise<void>;
}

/**
 * Runs the part of create/update that follows the API call (typically the wait for a done state):
 * if it throws, the error is rethrown as a {@link partialFailure} carrying `id` and `outs`, so the
 * object stays in state. The message keeps the original error's text.
 */
export async function keepInStateIfFails<T>(
  id: string,
  outs: Record<string, unknown>,
  work: () => Promise<T>,
  options: KeepInStateOptions = {},
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isPartialFailure(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (options.cleanup !== undefined) {
      try {
        await options.cleanup();
      } catch (cleanupError) {
        const cleanupMessage = cleanupError instanceof Error ? cleanupError.message : String(cleanupError);
        throw partialFailure(id, outs, `${message}; deleting it afterwards failed too: ${cleanupMessage}`);
      }
      throw new Error(`${message}; the object ${id} was deleted as requested`);
    }
    throw partialFailure(id, outs, message);
  }
}
