/**
 * Calls operations directly (no HTTP, no core) with a fabricated state and request, so the
 * operations' contract is tested on its own. Ids and names below mirror the default seed.
 */
import {
  ApiError,
  type ClusterRecord,
  type EmulatorState,
  type Json,
  type JsonObject,
  type OperationDef,
  type OperationResult,
} from "../../../emulator/core/contract";
import { operations } from "../../../emulator/operations";

export const ORG = "5f1a00000000000000000001";
export const PROJECT = "5f1a000000000000000000a1";
export const OTHER_PROJECT = "5f1a000000000000000000a2";
export const MISSING_PROJECT = "5f1a0000000000000000ffff";
export const MISSING_ID = "5f1a00000000000000000fff";
export const AWS_ROLE = "5f1a000000000000000000c1";
export const UNAUTHORIZED_AWS_ROLE = "5f1a000000000000000000c2";
/** A fixed emulator time: 2026-01-01T00:00:00Z. */
export const T0 = Date.UTC(2026, 0, 1);

function cluster(
  id: string,
  name: string,
  tier: string,
  dbVersion: string,
  sharded = false,
  groupId = PROJECT,
): ClusterRecord {
  return { id, groupId, name, tier, dbVersion, provider: "AWS", sharded };
}

export function makeState(): EmulatorState {
  const clusters = [
    cluster("5f1a000000000000000000b1", "demo-cluster", "M10", "7.0"),
    cluster("5f1a000000000000000000b2", "sharded-cluster", "M30", "7.0", true),
    cluster("5f1a000000000000000000b3", "free-cluster", "M0", "7.0"),
    cluster("5f1a000000000000000000b4", "old-cluster", "M10", "4.0"),
    cluster("5f1a000000000000000000b5", "serverless-instance", "SERVERLESS", "7.0"),
    cluster("5f1a000000000000000000b6", "other-cluster", "M10", "7.0", false, OTHER_PROJECT),
  ];
  return {
    orgs: { [ORG]: { id: ORG, name: "demo-org" } },
    projects: {
      [PROJECT]: { id: PROJECT, name: "demo-project", orgId: ORG },
      [OTHER_PROJECT]: { id: OTHER_PROJECT, name: "other-project", orgId: ORG },
    },
    clusters: Object.fromEntries(clusters.map((c) => [`${c.groupId}/${c.name}`, c])),
    credentials: {},
    entities: {
      cloudProviderAccess: {
        [AWS_ROLE]: {
          roleId: AWS_ROLE,
          groupId: PROJECT,
          providerName: "AWS",
          createdDate: "2025-01-01T00:00:00Z",
          authorizedDate: "2025-01-01T00:00:00Z",
          iamAssumedRoleArn: "arn:aws:iam::123456789012:role/export",
          platformAssumedRoleExternalId: null,
          platformAzureAppId: null,
          servicePrincipalId: null,
          tenantId: null,
        },
        [UNAUTHORIZED_AWS_ROLE]: {
          roleId: UNAUTHORIZED_AWS_ROLE,
          groupId: PROJECT,
          providerName: "AWS",
          createdDate: "2025-01-01T00:00:00Z",
          authorizedDate: null,
          iamAssumedRoleArn: null,
          platformAssumedRoleExternalId: null,
          platformAzureAppId: null,
          servicePrincipalId: null,
          tenantId: null,
        },
      },
    },
    idCounter: 0,
  };
}

export interface CallOptions {
  params?: Record<string, string>;
  body?: Json;
  query?: Record<string, string>;
  version?: string;
  now?: number;
  asyncDelayMs?: number;
}

export function operation(id: string): OperationDef {
  const found = operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** Calls operation `id`; groupId defaults to the demo project and clusterName to demo-cluster. */
export function call(state: EmulatorState, id: string, options: CallOptions = {}): OperationResult {
  const op = operation(id);
  const defaults: Record<string, string> = {};
  if (op.path.includes("{groupId}")) defaults.groupId = PROJECT;
  if (op.path.includes("{clusterName}")) defaults.clusterName = "demo-cluster";
  if (op.path.includes("{orgId}")) defaults.orgId = ORG;
  return op.handler(
    {
      method: op.method,
      params: { ...defaults, ...options.params },
      query: new URLSearchParams(options.query ?? {}),
      body: options.body,
      version: options.version ?? op.versions[0] ?? "2025-03-12",
      caller: { kind: "apiKey", principal: "demo-public-key", orgId: ORG },
      now: options.now ?? T0,
      asyncDelayMs: options.asyncDelayMs ?? 0,
    },
    state,
  );
}

/** The body of an entity result (fails the test on any other kind). */
export function bodyOf(result: OperationResult): JsonObject {
  if (result.kind !== "entity") throw new Error(`expected an entity, got ${result.kind}`);
  return result.body;
}

export function itemsOf(result: OperationResult): JsonObject[] {
  if (result.kind !== "list") throw new Error(`expected a list, got ${result.kind}`);
  return result.items;
}

export function arrayOf(result: OperationResult): Json[] {
  if (result.kind !== "array") throw new Error(`expected an array, got ${result.kind}`);
  return result.body;
}

/** Runs `fn` and returns the ApiError it throws, checking status and code. */
export function expectError(fn: () => unknown, status: number, code: string): ApiError {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect({ status: error.status, code: error.code }).toEqual({ status, code });
    return error;
  }
  throw new Error(`expected ${status} ${code}, but the call succeeded`);
}
