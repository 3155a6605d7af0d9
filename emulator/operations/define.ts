/**
 * Building OperationDefs with the defaults most operations share, so each definition states only
 * what is particular to it (and every particular is visible in one line), and the results their
 * handlers return.
 */
import { isLegacyOperation, OPERATION_VERSIONS } from "../../api/versions";
import type { ApiRoot, JsonObject, OperationDef, OperationResult } from "../core/contract";
import { LEGACY_VERSION } from "../core/conventions";

type Defaults = "root" | "versions" | "rateLimited" | "pretty";

/**
 * The versions an operation answers: on v2 exactly those the contract declares for it
 * (api/versions.ts, newest first); on the legacy root, 1.0. An id the table does not know, or a
 * method or path that differs from the table's, is a startup error: the emulator serves the table.
 */
function servedVersions(id: string, root: ApiRoot, method: string, path: string): string[] {
  if (root === "v1.0") {
    if (!isLegacyOperation(id)) throw new Error(`Operation ${id} is not a legacy v1.0 operation.`);
    return [LEGACY_VERSION];
  }
  if (!Object.hasOwn(OPERATION_VERSIONS, id)) throw new Error(`Operation ${id} is not in api/versions.ts.`);
  const declared = OPERATION_VERSIONS[id as keyof typeof OPERATION_VERSIONS];
  if (declared.method !== method || declared.path !== path) {
    throw new Error(
      `Operation ${id} is ${method} ${path} here but ${declared.method} ${declared.path} in api/versions.ts.`,
    );
  }
  return [...declared.versions].reverse();
}

export function defineOperation(
  def: Omit<OperationDef, Defaults> & {
    root?: ApiRoot;
    rateLimited?: boolean;
    pretty?: boolean;
  },
): OperationDef {
  const root = def.root ?? "v2";
  return {
    ...def,
    root,
    versions: servedVersions(def.id, root, def.method, def.path),
    rateLimited: def.rateLimited ?? false,
    pretty: def.pretty ?? true,
  };
}

// Results -------------------------------------------------------------------------------------

export function entity(body: JsonObject, selfPath?: string, status = 200): OperationResult {
  return selfPath === undefined
    ? { kind: "entity", status, body }
    : { kind: "entity", status, body, selfPath };
}

/** 201 Created naming the new entity's URL in a `Location` header, as the service answers a create
 * where its recordings show it (docs/api-choices.md, "Statuses the service answers"). */
export function created(body: JsonObject, selfPath: string): OperationResult {
  return { kind: "entity", status: 201, body, selfPath, located: true };
}

/** 200 with `{}` exactly (no links): the service's answer for "there is nothing here" where it does
 * not answer 404 (search nodes of a cluster without any, docs/spec/operations.md 21). */
export function emptyEntity(): OperationResult {
  return { kind: "entity", status: 200, body: {}, withoutLinks: true };
}

export function list(items: JsonObject[], itemSelfPath?: (item: JsonObject) => string): OperationResult {
  return itemSelfPath
    ? { kind: "list", status: 200, items, itemSelfPath }
    : { kind: "list", status: 200, items };
}

export function noContent(status = 204): OperationResult {
  return { kind: "empty", status };
}
