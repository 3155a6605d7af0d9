/**
 * The provider object serialized into every resource's `__provider`.
 *
 * Pulumi serializes a dynamic resource's provider by closure capture and stores the text in state
 * (as an input and an output of every resource); `delete` and `refresh` later run the text from
 * state, not the current code. So the shim is tiny and carries no code of ours and no credentials:
 * each method `require`s the installed package's runtime at call time and dispatches by type name.
 * The only captured value is the type name string (plus the helper that holds the `require`).
 *
 * The provider host evaluates the text with `require-from-string` and an empty file name, so the
 * `require` resolves from the process's working directory: the Pulumi program's folder. The program
 * must therefore have `pulumi-cluster-platform` installed in its own node_modules (it does when it
 * imports this package's sdk).
 *
 * Contract (never change; old state calls it): module `pulumi-cluster-platform/runtime` (the package's
 * "exports" map points it at dist/provider/framework/runtime.js), export `dispatch(typeName, method, args)`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type * as runtime from "./runtime";
import type { DispatchMethod } from "./types";

type Runtime = typeof runtime;

const shims = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * The provider object for a resource type. The same object is returned for the same type, so Pulumi
 * (which caches serialization per provider object) serializes it once per type and program.
 *
 * Shape, chosen for size: Pulumi wraps every serialized function in about 150 bytes of scaffolding,
 * so the `require` lives in one captured helper (`r`) and each method is a one-line forwarder
 * (`a` = the host's arguments, passed through as given).
 * Serialized size: under 2,000 bytes for every resource type (asserted in tests/provider/framework/shim.test.ts).
 */
export function providerShim(typeName: string): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(typeName);
  if (shim === undefined) {
    // Resolved at call time in the provider process, from the Pulumi program's node_modules. Short
    // names on purpose: the serialized text repeats them (t = type name, m = method, a = arguments).
    const t = typeName;
    const r = (m: DispatchMethod, a: unknown[]): Promise<never> =>
      (require("pulumi-cluster-platform/runtime") as Runtime).dispatch(t, m, a) as Promise<never>;
    shim = {
      configure: (...a) => r("configure", a),
      check: (...a) => r("check", a),
      diff: (...a) => r("diff", a),
      create: (...a) => r("create", a),
      read: (...a) => r("read", a),
      update: (...a) => r("update", a),
      delete: (...a) => r("delete", a),
    };
    shims.set(typeName, shim);
  }
  return shim;
}
