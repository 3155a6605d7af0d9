/**
 * The contract of a resource implementation: what provider/resources/<name>/provider.ts exports as
 * `provider`. It is Pulumi's dynamic ResourceProvider without `configure` (the framework receives the
 * configuration once, see settings.ts) and with `__provider` removed from every property bag before
 * the methods see it (runtime.ts strips it and puts it back where the host needs it).
 */
import type * as pulumi from "@pulumi/pulumi";

/** A property bag (inputs or outputs) as Pulumi passes it: plain JSON values. */
export type PropertyBag = Record<string, unknown>;

/**
 * A resource implementation. `check`, `diff`, `read` and `delete` are required: every resource
 * validates its inputs, classifies its diffs, supports refresh and cleans up. `update` is left out
 * only when every input is replace-on-change.
 */
export interface PlatformProvider {
  check(olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.CheckResult<PropertyBag>>;
  diff(id: string, olds: PropertyBag, news: PropertyBag): Promise<pulumi.dynamic.DiffResult>;
  create(inputs: PropertyBag): Promise<pulumi.dynamic.CreateResult<PropertyBag>>;
  read(id: string, props: PropertyBag): Promise<pulumi.dynamic.ReadResult<PropertyBag>>;
  update?(
    id: string,
    olds: PropertyBag,
    news: PropertyBag,
  ): Promise<pulumi.dynamic.UpdateResult<PropertyBag>>;
  delete(id: string, props: PropertyBag): Promise<void>;
}

/** The methods the shim forwards; stable forever, since old state holds shims that call them. */
export type DispatchMethod = "configure" | "check" | "diff" | "create" | "read" | "update" | "delete";
