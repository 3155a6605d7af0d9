/**
 * The base of every sdk class: a thin `pulumi.dynamic.Resource` with this package's conventions.
 *
 * - Type token `pulumi-nodejs:dynamic/platform:<Type>` (the `module` and `type` constructor
 *   arguments of `pulumi.dynamic.Resource`, available since @pulumi/pulumi 3.52).
 * - Provider: {@link providerShim}, the tiny serialized forwarder (no code of ours, no credentials).
 * - Output properties exist on the object only when their keys are in the props given to Pulumi, so
 *   every output name is passed (as `undefined` unless it is also an input).
 * - Outputs derived from secrets are listed in `additionalSecretOutputs` (Pulumi marks an output
 *   secret by itself only when an input of the same name was secret).
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
import { providerShim } from "../provider/framework/shim";

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

/** Base class of all platform resources. */
export abstract class PlatformResource extends pulumi.dynamic.Resource {
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
    const props: pulumi.Inputs = {};
    for (const output of declaration.outputs) props[output] = undefined;
    Object.assign(props, args);
    const secretOutputs = [...(opts?.additionalSecretOutputs ?? []), ...(declaration.secretOutputs ?? [])];
    const options: pulumi.CustomResourceOptions =
      secretOutputs.length > 0
        ? { ...opts, additionalSecretOutputs: [...new Set(secretOutputs)] }
        : { ...opts };
    super(providerShim(typeName), name, props, options, PLATFORM_MODULE, typeName);
  }
}
