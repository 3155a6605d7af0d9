/**
 * The contract between the emulator's HTTP core (emulator/core/**), which knows no noun of the API,
 * and what is written against it: the operations (emulator/operations/**) and the domain they call
 * (emulator/domain/**). The core parses, authenticates, authorizes, rate-limits, injects faults,
 * applies conventions (envelope, pretty, pagination, versions, links) and renders errors; an
 * operation only sees a parsed request and returns an entity, a list or an error.
 */

import type { z } from "zod";
import type { ProjectRoleName } from "../../api/vocabulary";

/** Roles as the service names them in API payloads. Project roles are granted per project (the
 * vocabulary's PROJECT_ROLES); of the organization roles the emulator models these two. */
export type OrgRole = "ORG_OWNER" | "ORG_MEMBER";
export type ProjectRole = ProjectRoleName;
export type Role = OrgRole | ProjectRole;

/** Which API root an operation lives under. */
export type ApiRoot = "v2" | "v1.0";

/** A JSON value as stored and returned by the emulator. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The authenticated caller, resolved by the core before an operation runs. */
export interface Caller {
  kind: "apiKey" | "serviceAccount";
  /** Public key or client id; never the secret. */
  principal: string;
  orgId: string;
}

/**
 * The acting user as the contract names it (`updatedUser` of the compliance policy,
 * `acknowledgingUsername` of an alert: format email in api/openapi/openapi-v2.yml). A programmatic
 * caller has no mailbox, so it is named by its public key or client id in an address of the reserved
 * `.invalid` domain (RFC 2606): a valid email form that can never be mistaken for a person's address.
 */
export function actingUserEmail(caller: Caller): string {
  return `${caller.principal}@${caller.kind === "apiKey" ? "api-keys" : "service-accounts"}.platform.invalid`;
}

/** What an operation can read of the request. Path parameters are already pattern-checked by name
 * (groupId, orgId and every *Id are 24 hex; clusterName matches ^[a-zA-Z0-9][a-zA-Z0-9-]*$). */
export interface OperationRequest {
  method: string;
  params: Record<string, string>;
  /** Raw query values; pagination, envelope and pretty are handled by the core. */
  query: URLSearchParams;
  /** Parsed JSON body (undefined when none was sent). */
  body: Json | undefined;
  /** The resource version served, resolved from the Accept header's date (one of the operation's
   * `versions`, e.g. "2024-05-30"; "1.0" on the legacy root). */
  version: string;
  caller: Caller;
  /** Emulator time in epoch milliseconds (manual or real clock). */
  now: number;
  /** How long an asynchronous lifecycle takes (ms) before reaching its done state; 0 = at once.
   * Operations store start times in entities and derive the current state from `now`. */
  asyncDelayMs: number;
}

/** A path parameter the router guarantees by the path template. */
export function param(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new Error(`path parameter ${name} missing: route and operation disagree`);
  return value;
}

/** What an operation returns. The core renders status, envelope, pretty-printing and links.
 * `selfPath` / `itemSelfPath` name an entity's own URL path, either relative to the operation's root
 * ("/groups/x/alertConfigs/y") or absolute ("/api/platform/v2/..."); an entity without `selfPath` links
 * to the request path; `withoutLinks: true` renders the entity exactly as given, for answers that
 * stand for "nothing here" (search nodes' `{}`). List items get a self link only when `itemSelfPath`
 * is given. A "list" is paginated by the core when the operation is `paginated` (give it every item,
 * in order). `located: true` also names the entity's URL in a `Location` header (the service's 201
 * Created, docs/api-choices.md "Statuses the service answers"). */
export type OperationResult =
  | {
      kind: "entity";
      status: number;
      body: JsonObject;
      selfPath?: string;
      withoutLinks?: boolean;
      located?: boolean;
    }
  | { kind: "array"; status: number; body: Json[] }
  | { kind: "list"; status: number; items: JsonObject[]; itemSelfPath?: (item: JsonObject) => string }
  | { kind: "empty"; status: number };

/** Thrown by the domain, the operations and the core to answer with the service's error body. `code` comes from
 * emulator/core/errors.ts, the single list of error codes. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly parameters: Json[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/**
 * An endpoint of the control API that acts on the nouns, POST /__emulator/<name> (e.g. raising an
 * alert, which no API operation does). The domain declares it and the composition
 * (emulator/composition.ts) hands it to the core, so the core serves it without knowing the noun.
 * Every action acts in a project: the core answers 400 for a body `input` refuses (naming the field)
 * and 404 for a `groupId` that names no project, before `run`; `run` may throw ApiError (its status
 * and detail are the answer). The answer is `run`'s result with status 201.
 */
export interface ControlAction<Input extends { groupId: string } = { groupId: string }> {
  name: string;
  input: z.ZodType<Input>;
  // Method syntax on purpose: the core holds actions of different inputs in one list and only ever
  // passes `run` what the same action's `input` parsed.
  run(state: EmulatorState, input: Input, nowMs: number): JsonObject;
}

/**
 * A table whose records the control API's POST /__emulator/failures can drive into a failure state
 * the service can reach but no client request can (an index build that failed, a job that failed, a
 * policy stuck pending). The domain declares one per noun; the composition names them by kind.
 */
export interface Failable {
  /** The entity table (state.entities) and the field naming a record's project. */
  table: string;
  groupField: string;
  /** One record per project, keyed by the project id (the compliance policy): no id is sent. */
  keyedByProject?: boolean;
  /** The failure state the record shows from now on (its status derivation reads the flag). */
  failureState(record: JsonObject): string;
}

/** What the control API serves of the nouns, handed to the core by the composition. */
export interface ControlExtensions {
  /** Endpoints acting on the nouns, listed after the core's state endpoints. */
  actions: readonly ControlAction[];
  /** The records POST /__emulator/failures can fail, by the kind its body names. */
  failables: Readonly<Record<string, Failable>>;
  /** Boolean project fields the nouns read, which PATCH /__emulator/projects/{id} may set. */
  projectFlags: readonly string[];
}

/** One operation of the API. */
export interface OperationDef {
  /** The spec's number ("1".."78", "74a", "74b", "76a") and a short name. */
  id: string;
  name: string;
  root: ApiRoot;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path template relative to the root, e.g. "/groups/{groupId}/alertConfigs/{alertConfigId}". */
  path: string;
  /** Any one of these roles allows the call ("ANY" = any authenticated caller). Org roles are
   * checked against the organization owning the project in the path (or orgId). GROUP_OWNER and
   * ORG_OWNER imply every project role; every project role implies GROUP_READ_ONLY. */
  roles: Role[] | "ANY";
  /** The resource versions the contract declares for it (api/versions.ts), newest first; a request
   * for a date is served with the newest of these on or before it. */
  versions: string[];
  /** Whether the per-project rate limit applies. */
  rateLimited: boolean;
  /** Whether `pretty` is accepted (see the spec's list of exceptions). */
  pretty: boolean;
  /** Whether the list is paginated (PAGE parameters apply). */
  paginated?: boolean;
  handler(req: OperationRequest, state: EmulatorState): OperationResult;
}

/** In-memory state shared by the core, the domain and the operations. Persistence (with --data-dir) writes the
 * whole object atomically; keep it plain JSON. */
export interface EmulatorState {
  orgs: Record<string, JsonObject & { id: string; name: string }>;
  projects: Record<string, JsonObject & { id: string; name: string; orgId: string }>;
  clusters: Record<string, ClusterRecord>; // key: `${groupId}/${clusterName}`
  credentials: Record<string, CredentialRecord>; // key: public key or client id
  /** Per-noun entity tables owned by the domain, e.g. entities.alertConfigs[id] (core/entities.ts). */
  entities: Record<string, Record<string, JsonObject>>;
  /** Monotonic counter used to mint 24-hex ids deterministically. */
  idCounter: number;
}

export interface ClusterRecord extends JsonObject {
  id: string;
  groupId: string;
  name: string;
  /** M0, M2, M5, M10, M30, ... or SERVERLESS / FLEX */
  tier: string;
  dbVersion: string;
  provider: string;
  sharded: boolean;
}

export interface CredentialRecord extends JsonObject {
  kind: "apiKey" | "serviceAccount";
  id: string; // public key or client id
  secret: string;
  orgId: string;
  orgRoles: OrgRole[];
  /** projectId -> roles */
  projectRoles: { [projectId: string]: ProjectRole[] };
  /** IPs and CIDRs; empty means no restriction. */
  accessList: string[];
}
