/**
 * The base of every sdk class: a dynamic resource with this package's conventions.
 *
 * - Registered exactly as `pulumi.dynamic.Resource` registers one (`@pulumi/pulumi/dynamic`): a
 *   custom resource of type `pulumi-nodejs:dynamic/platform:<Type>`, served by the `pulumi-nodejs`
 *   dynamic provider host, with the provider text in the `__provider` input. The only difference: the
 *   text is {@link providerShimText}, written by hand (about 300 bytes, no code of ours, no
 *   credentials), instead of Pulumi's closure serialization of a provider object (about 2 KB of the
 *   same module), which every resource stores twice (provider/framework/shim.ts says why).
 * - Output properties exist on the object only when their keys are in the props given to Pulumi, so
 *   every output name is passed (as `undefined` unless it is also an input).
 * - Outputs derived from secrets are listed in `additionalSecretOutputs` (Pulumi marks an output
 *   secret by itself only when an input of the same name was secret).
 * - Pulumi's constructor records a stack trace on each of the four promises it makes per property,
 *   for its promise-leak report; under ts-node every trace is source-mapped, and that was the largest
 *   part of what a resource costs the program (BENCHMARKS.md, "Provider overhead"). The constructor
 *   runs with those traces off unless `PULUMI_DEBUG_PROMISE_LEAKS` asks for them
 *   ({@link promiseTracesWanted}); the resource's source position is unaffected (Pulumi captures it
 *   with its own limit).
 *
 * Example (sdk/searchIndex.ts):
 * ```ts
 * export class SearchIndex extends PlatformResource {
 *   declare readonly indexId: pulumi.Output<string>;
 *   declare readonly status: pulumi.Output<string>;
 *   constructor(name: string, args: SearchIndexArgs, opts?: pulumi.CustomResourceOptions) {
 *     super("SearchIndex", name, { ...args }, { outputs: ["indexId", "status"] }, opts);
 *   }
 * }
 * ```
 */
import * as pulumi from "@pulumi/pulumi";
import { PROVIDER_KEY, providerShimText } from "../provider/framework/shim";

/** The module part of every type token: `pulumi-nodejs:dynamic/platform:<Type>`. */
export const PLATFORM_MODULE = "platform";

/** What a resource class declares about its outputs. */
export interface OutputDeclaration {
  /** Names of the output properties (computed by the provider); inputs are outputs too and need not be listed. */
  outputs: readonly string[];
  /** Outputs that must be stored as secrets although no input of the same name was secret. */
  secretOutputs?: readonly string[];
}

/** The full type token of a platform resource type. */
export function platformTypeToken(typeName: string): string {
  return `pulumi-nodejs:dynamic/${PLATFORM_MODULE}:${typeName}`;
}

/**
 * A value given to a resource whose parts may each be an Input: an Output of another resource, a
 * secret from config, a promise. The engine resolves them all before the provider sees the value.
 */
export type InputShape<T> = T extends readonly (infer Item)[]
  ? pulumi.Input<InputShape<Item>>[]
  : T extends object
    ? { [Key in keyof T]: pulumi.Input<InputShape<T[Key]>> }
    : T;

/** Base class of all platform resources. */
export abstract class PlatformResource extends pulumi.CustomResource {
  /**
   * Whether `value` is a resource of this package's type `typeName`: by its type token, so that an
   * object made by another copy of the package (two versions in one program) is recognised too.
   */
  protected static isInstanceOfType(value: unknown, typeName: string): boolean {
    if (typeof value !== "object" || value === null) return false;
    return (value as { __pulumiType?: unknown }).__pulumiType === platformTypeToken(typeName);
  }

  /**
   * @param typeName the `<Type>` of the token and the key of the runtime's resource table
   * @param name the Pulumi resource name
   * @param args the inputs (must not contain `__provider`)
   * @param declaration the output names and the secret outputs
   * @param opts resource options; `additionalSecretOutputs` are merged with the declared secret outputs
   */
  protected constructor(
    typeName: string,
    name: string,
    args: pulumi.Inputs,
    declaration: OutputDeclaration,
    opts?: pulumi.CustomResourceOptions,
  ) {
    if (args[PROVIDER_KEY] !== undefined)
      throw new Error("A dynamic resource must not define the __provider key");
    const props: pulumi.Inputs = {};
    for (const output of declaration.outputs) props[output] = undefined;
    Object.assign(props, args);
    props[PROVIDER_KEY] = providerShimText(typeName);
    const secretOutputs = [...(opts?.additionalSecretOutputs ?? []), ...(declaration.secretOutputs ?? [])];
    const options: pulumi.CustomResourceOptions =
      secretOutputs.length > 0
        ? { ...opts, additionalSecretOutputs: [...new Set(secretOutputs)] }
        : { ...opts };
    const stackTraceLimit = Error.stackTraceLimit;
    if (!promiseTracesWanted()) Error.stackTraceLimit = 0;
    try {
      super(platformTypeToken(typeName), name, props, options);
    } catch (error) {
      // Thrown while traces were off: give it the trace it would have had (the program's call site).
      Error.stackTraceLimit = stackTraceLimit;
      if (error instanceof Error) Error.captureStackTrace(error, PlatformResource);
      throw error;
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
}

/** Whether the program asked Pulumi to print leaked promises with their traces (Pulumi's test: set and non-empty). */
function promiseTracesWanted(): boolean {
  return !!process.env.PULUMI_DEBUG_PROMISE_LEAKS;
}
