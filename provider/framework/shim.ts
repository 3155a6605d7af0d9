/**
 * The provider text stored in every resource's `__provider`.
 *
 * A dynamic resource's provider is stored in state as text (as an input and again as an output of
 * every resource; the provider host puts it back in both, docs/spec/pulumi-dynamic-providers.md), and
 * `delete` and `refresh` later run the text from state, not the current code. So the text carries no
 * code of ours and no credentials: it `require`s the installed package's runtime at call time and
 * dispatches by type name.
 *
 * The text is written here, not produced by Pulumi's closure serialization of a provider object:
 * that wraps each of the nine functions (seven methods, a helper, the handler) in about 185 bytes of
 * scaffolding, 2,050 bytes per type in all, stored twice per resource, the largest part of a small
 * resource's state. This text is the same module, about 300 bytes: what the host does with either is
 * `requireFromString(text).handler()`, then call the methods of the object it returns
 * (`@pulumi/pulumi/cmd/dynamic-provider`). The sdk's base class (sdk/base.ts) registers the resource
 * with it as `pulumi.dynamic.Resource` would with the serialized object.
 *
 * The host evaluates the text with `require-from-string` and an empty file name, so the `require`
 * resolves from the process's working directory: the Pulumi program's folder. The program must
 * therefore have `pulumi-cluster-platform` installed in its own node_modules (it does when it imports
 * this package's sdk).
 *
 * Contract (never change; every state file ever written calls it, the 2 KB serialized form of earlier
 * versions and this text alike): module `pulumi-cluster-platform/runtime` (the package's "exports" map
 * points it at dist/provider/runtime/index.js), export `dispatch(typeName, method, args)` with the
 * host's arguments as given. The text itself may change between versions (old text keeps working for
 * as long as the contract holds); the resources' diff ignores `__provider`, so a new text causes no
 * update by itself and is written to a resource's inputs on the next `up`, to its outputs on its next
 * update.
 */
import type { DispatchMethod } from "./types";

/** The reserved input (and output) holding the text: the dynamic provider host's `providerKey`. */
export const PROVIDER_KEY = "__provider";

/** A property bag without `PROVIDER_KEY`, which says nothing about the object. */
export function withoutProviderKey<T>(bag: Record<string, T>): Record<string, T> {
  const { [PROVIDER_KEY]: _provider, ...rest } = bag;
  return rest;
}

/** The module the text requires; part of the contract above. */
export const RUNTIME_MODULE = "pulumi-cluster-platform/runtime";

/** The methods the text forwards, in the host's order. */
const METHODS: readonly DispatchMethod[] = [
  "configure",
  "check",
  "diff",
  "create",
  "read",
  "update",
  "delete",
];

/**
 * The `__provider` text of a resource type: a CommonJS module whose `handler()` returns the provider
 * object, each method forwarding `(typeName, method, arguments)` to the runtime's `dispatch`. The
 * `require` runs at call time, in the provider process. Short names on purpose (`t` type name, `f`
 * forwarder, `m` method, `a` arguments): the text is stored twice per resource.
 */
export function providerShimText(typeName: string): string {
  const methods = METHODS.map((method) => `${method}:f(${JSON.stringify(method)})`).join(",");
  return (
    `exports.handler=()=>{const t=${JSON.stringify(typeName)},` +
    `f=m=>(...a)=>require(${JSON.stringify(RUNTIME_MODULE)}).dispatch(t,m,a);` +
    `return{${methods}}};`
  );
}
