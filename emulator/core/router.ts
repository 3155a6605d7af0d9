/**
 * Routing: operation path templates compiled once into per-(root, segment count) buckets, most
 * specific first (a literal segment beats a parameter at the same position, so
 * `/liveMigrations/validate` wins over `/liveMigrations/{liveMigrationId}`).
 */
import type { ApiRoot, OperationDef } from "./contract";
import { apiError } from "./errors";
import { CLUSTER_NAME, HEX24 } from "./ids";

type Segment = { literal: string } | { param: string };

interface Template {
  root: ApiRoot;
  path: string;
  segments: Segment[];
  byMethod: Map<string, OperationDef>;
}

export type RouteResult =
  | { kind: "match"; op: OperationDef; params: Record<string, string> }
  | { kind: "methodNotAllowed"; allow: string[] }
  | { kind: "notFound" };

function parseTemplate(path: string): Segment[] {
  if (!path.startsWith("/")) throw new Error(`Operation path ${path} must start with /`);
  return path
    .slice(1)
    .split("/")
    .map((part) => {
      const param = /^\{([A-Za-z][A-Za-z0-9_-]*)\}$/.exec(part);
      if (param?.[1]) return { param: param[1] };
      if (part === "" || part.includes("{")) throw new Error(`Operation path ${path}: bad segment "${part}"`);
      return { literal: part };
    });
}

/** Negative when `a` is more specific than `b` (first differing position: literal before parameter). */
function bySpecificity(a: Template, b: Template): number {
  for (let index = 0; index < a.segments.length; index++) {
    const aLiteral = "literal" in (a.segments[index] as Segment);
    const bLiteral = "literal" in (b.segments[index] as Segment);
    if (aLiteral !== bLiteral) return aLiteral ? -1 : 1;
  }
  return 0;
}

export class Router {
  private readonly buckets = new Map<string, Template[]>();
  readonly operations: readonly OperationDef[];

  constructor(operations: readonly OperationDef[]) {
    this.operations = operations;
    const templates = new Map<string, Template>();
    for (const op of operations) {
      const key = `${op.root} ${op.path}`;
      let template = templates.get(key);
      if (!template) {
        template = { root: op.root, path: op.path, segments: parseTemplate(op.path), byMethod: new Map() };
        templates.set(key, template);
      }
      if (template.byMethod.has(op.method)) {
        throw new Error(`Two operations answer ${op.method} ${op.root}${op.path}: ${op.id} and another`);
      }
      template.byMethod.set(op.method, op);
    }
    for (const template of templates.values()) {
      const bucketKey = `${template.root}:${template.segments.length}`;
      const bucket = this.buckets.get(bucketKey) ?? [];
      bucket.push(template);
      this.buckets.set(bucketKey, bucket);
    }
    for (const bucket of this.buckets.values()) bucket.sort(bySpecificity);
  }

  /** `segments` are the already-decoded path segments after the root. */
  match(root: ApiRoot, method: string, segments: readonly string[]): RouteResult {
    const bucket = this.buckets.get(`${root}:${segments.length}`);
    if (!bucket) return { kind: "notFound" };
    let allow: Set<string> | undefined;
    for (const template of bucket) {
      const params = matchTemplate(template, segments);
      if (!params) continue;
      const op = template.byMethod.get(method);
      if (op) return { kind: "match", op, params };
      allow ??= new Set();
      for (const known of template.byMethod.keys()) allow.add(known);
    }
    return allow ? { kind: "methodNotAllowed", allow: [...allow].sort() } : { kind: "notFound" };
  }
}

function matchTemplate(template: Template, segments: readonly string[]): Record<string, string> | undefined {
  let params: Record<string, string> | undefined;
  for (let index = 0; index < segments.length; index++) {
    const segment = template.segments[index] as Segment;
    const value = segments[index] as string;
    if ("literal" in segment) {
      if (segment.literal !== value) return undefined;
    } else {
      if (value === "") return undefined;
      params ??= {};
      params[segment.param] = value;
    }
  }
  return params ?? {};
}

/** Splits and decodes the path after the root; undefined when a segment is not valid percent-encoding. */
export function splitPath(rest: string): string[] | undefined {
  let trimmed = rest.startsWith("/") ? rest.slice(1) : rest;
  // One trailing slash is tolerated (`/groups/x/alertConfigs/`), as most HTTP frameworks do.
  if (trimmed.endsWith("/")) trimmed = trimmed.slice(0, -1);
  if (trimmed === "") return [];
  try {
    return trimmed.split("/").map((part) => (part.includes("%") ? decodeURIComponent(part) : part));
  } catch {
    return undefined;
  }
}

/** Pattern checks by parameter name: groupId, orgId and every *Id are 24 hex; clusterName has its
 * own pattern. Other names (hostname, databaseName, ...) are free text checked by the operation. */
export function checkPathParams(params: Record<string, string>): void {
  for (const [name, value] of Object.entries(params)) {
    if (name === "groupId" || name === "orgId" || name.endsWith("Id")) {
      if (!HEX24.test(value))
        throw apiError("INVALID_PATH_PARAMETER", [name, "must be 24 hexadecimal digits"]);
    } else if (name === "clusterName" && !CLUSTER_NAME.test(value)) {
      throw apiError("INVALID_PATH_PARAMETER", [name, "must match ^[a-zA-Z0-9][a-zA-Z0-9-]*$"]);
    }
  }
}
