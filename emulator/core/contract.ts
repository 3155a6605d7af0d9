/**
 * The contract between the emulator's HTTP core (emulator/core/**) and its operations
 * (emulator/operations/**). The core parses, authenticates, authorizes, rate-limits, injects faults,
 * applies conventions (envelope, pretty, pagination, versions, links) and renders errors; an
 * operation only sees a parsed request and returns an entity, a list or an error.
 */

import type { AlertStatusName, ProjectRoleName } from "../../api/vocabulary";

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
 * in order). */
export type OperationResult =
  | { kind: "entity"; status: number; body: JsonObject; selfPath?: string; withoutLinks?: boolean }
  | { kind: "array"; status: number; body: Json[] }
  | { kind: "list"; status: number; items: JsonObject[]; itemSelfPath?: (item: JsonObject) => string }
  | { kind: "empty"; status: number };

/** Thrown by operations (and the core) to answer with the service's error body. `code` comes from
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

/** Raises an alert for an alert configuration as the service would; no API operation creates alerts.
 * The operations implement it (`raiseAlert`); the control API's POST /__emulator/alerts calls it.
 * Throws ApiError (404) for an unknown project or configuration. Returns the stored alert. */
export type AlertRaiser = (
  state: EmulatorState,
  input: { groupId: string; alertConfigId: string; status?: AlertStatusName },
  nowMs: number,
) => JsonObject;

/** The objects the control API can drive into a failure state (POST /__emulator/failures). */
export const FAILURE_TARGETS = [
  "searchIndex",
  "snapshot",
  "exportJob",
  "restoreJob",
  "compliancePolicy",
  "liveMigration",
] as const;
export type FailureTarget = (typeof FAILURE_TARGETS)[number];

/** Drives an existing object into its failure state as the service might (a search index FAILED, a
 * snapshot failed, an export job Failed, a restore job failed, a compliance policy stuck in its
 * pending state, a live migration FAILED), so clients' failure paths can be tested. The operations
 * implement it; throws ApiError (404) for an unknown object. Returns `{kind, groupId, id, state}`. */
export type FailureForcer = (
  state: EmulatorState,
  input: { kind: FailureTarget; groupId: string; id?: string },
) => JsonObject;

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

/** In-memory state shared by the core and the operations. Persistence (with --data-dir) writes the
 * whole object atomically; keep it plain JSON. */
export interface EmulatorState {
  orgs: Record<string, JsonObject & { id: string; name: string }>;
  projects: Record<string, JsonObject & { id: string; name: string; orgId: string }>;
  clusters: Record<string, ClusterRecord>; // key: `${groupId}/${clusterName}`
  credentials: Record<string, CredentialRecord>; // key: public key or client id
  /** Per-noun entity tables owned by the operations, e.g. entities.alertConfigs[id]. */
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
