/**
 * The contract of a resource implementation: what a declaration (resource.ts `defineResource`,
 * singleton.ts, jobResource.ts) builds as its `provider`. It is Pulumi's dynamic ResourceProvider without `configure` (the framework receives the
 * configuration once, see settings.ts) and with `__provider` removed from every property bag before
 * the methods see it (runtime.ts strips it and puts it back where the host needs it).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CreatedLookup } from "./findCreated";

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
  /**
   * The id of the object a create with these inputs would have made, found by its natural key (the
   * function the resource folder's lifecycle.ts exports); undefined when there is none. Used by
   * create after a POST that may have acted (framework/adoption.ts createOrFind) and by
   * `pulumi-cluster-platform recover` for the pending creates of an interrupted run. `lookup`: ids
   * other resources of the stack already hold (never an answer), and when the create began (an
   * object the service dates earlier is not its). Throws AmbiguousCreateError (findCreated.ts) when
   * more than one object fits. Every declared resource has one (tests/provider/framework/findCreated.int.test.ts).
   */
  findCreated?(inputs: PropertyBag, lookup?: CreatedLookup): Promise<string | undefined>;
}

/** The methods the shim forwards; stable forever, since old state holds shims that call them. */
export type DispatchMethod = "configure" | "check" | "diff" | "create" | "read" | "update" | "delete";
