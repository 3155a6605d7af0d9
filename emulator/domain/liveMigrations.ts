/**
 * Live migrations (push) into the platform, their validations, and the organization link they need.
 * A migration is NEW, then WORKING with readyForCutover true after the delay; cutover makes it
 * COMPLETE after another delay. A validation is PENDING, then SUCCESS (or FAILED when the destination
 * cluster does not exist). Creating a link token also registers one self-managed project as
 * migratable, so the available projects have something to list. Served by operations 64-71.
 */
import { dbVersionAtLeast } from "../../api/vocabulary";
import {
  type EmulatorState,
  type Failable,
  type Json,
  type JsonObject,
  type OperationRequest,
  param,
} from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
import { isForcedFailure } from "../core/forcedFailures";
import { mintId } from "../core/ids";
import { lifecyclePhase } from "../core/lifecycle";
import {
  arr,
  bool,
  custom,
  freeform,
  hex24,
  invalidAttribute,
  type ObjectSchema,
  obj,
  oneOf,
  required,
  str,
  validateBody,
} from "../core/validation";
import { findCluster, requireCluster } from "./clusters";
import { pathGroupId, requireOrg } from "./projects";

const migrationBody: ObjectSchema = {
  destination: required(
    obj({
      clusterName: required(str({ minLength: 1 })),
      groupId: required(hex24()),
      hostnameSchemaType: required(oneOf(["PUBLIC", "PRIVATE_LINK", "VPC_PEERING"])),
      privateLinkId: str(),
    }),
  ),
  source: required(
    obj({
      clusterName: required(str({ minLength: 1 })),
      groupId: required(hex24()),
      caCertificatePath: str(),
      managedAuthentication: bool(),
      password: str(),
      ssl: bool(),
      username: str(),
    }),
  ),
  dropDestinationData: bool(),
  migrationHosts: required(arr(str({ minLength: 1 }), { minItems: 1, maxItems: 1 })),
  sharding: obj({
    createSupportingIndexes: required(bool()),
    shardingEntries: arr(
      obj({
        collection: required(str({ minLength: 1 })),
        database: required(str({ minLength: 1 })),
        shardCollection: required(obj({ key: required(arr(freeform(), { minItems: 1 })) })),
      }),
    ),
  }),
};

/**
 * The body of the served version: 2024-05-30 (LiveMigrationRequest20240530) has the optional
 * `dropDestinationData`; 2023-01-01 (LiveMigrationRequest) names it `dropEnabled` and requires it.
 */
function migrationBodyOf(version: string): ObjectSchema {
  if (version !== VERSION_2023_01_01) return migrationBody;
  const { dropDestinationData: _newer, ...common } = migrationBody;
  return { ...common, dropEnabled: required(bool()) };
}

/** Validates a create/validate body; returns it with the destination cluster checked or not. */
function parseMigration(req: OperationRequest): {
  body: JsonObject;
  destination: JsonObject;
  source: JsonObject;
} {
  const groupId = param(req.params, "groupId");
  const body = validateBody(req.body, migrationBodyOf(req.version));
  const destination = body.destination as JsonObject;
  const source = body.source as JsonObject;
  if (destination.groupId !== groupId)
    invalidAttribute("destination.groupId", `must be the project in the path (${groupId})`);
  return { body, destination, source };
}

export interface LiveMigrationRecord extends JsonObject {
  _id: string;
  groupId: string;
  migrationHosts: string[];
  createdMs: number;
  cutoverRequestedMs: number | null;
}

const TABLE = "liveMigrations";

function migrationTable(state: EmulatorState): Record<string, LiveMigrationRecord> {
  return table<LiveMigrationRecord>(state, TABLE);
}

/** A live migration that failed: FAILED, not ready for cutover. */
export const liveMigrationFailure: Failable = {
  table: TABLE,
  groupField: "groupId",
  failureState: () => "FAILED",
};

function migrationStatus(
  m: LiveMigrationRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): string {
  if (isForcedFailure(m)) return "FAILED";
  if (m.cutoverRequestedMs !== null)
    return lifecyclePhase(["WORKING", "COMPLETE"], m.cutoverRequestedMs, req.now, req.asyncDelayMs);
  return lifecyclePhase(["NEW", "WORKING"], m.createdMs, req.now, req.asyncDelayMs);
}

/** A migration as the API shows it; readyForCutover while WORKING and no cutover was asked. */
export function renderMigration(
  m: LiveMigrationRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): JsonObject {
  const status = migrationStatus(m, req);
  const readyForCutover = status === "WORKING" && m.cutoverRequestedMs === null;
  const shown: JsonObject = { _id: m._id, migrationHosts: m.migrationHosts, readyForCutover, status };
  if (status !== "NEW") shown.lagTimeSeconds = status === "COMPLETE" ? 0 : 1;
  return shown;
}

export interface ValidationRecord extends JsonObject {
  _id: string;
  groupId: string;
  sourceGroupId: string;
  createdMs: number;
  /** The problem found, shown once the validation finishes; null when it succeeds. */
  problem: string | null;
}

function validationTable(state: EmulatorState): Record<string, ValidationRecord> {
  return table<ValidationRecord>(state, "migrationValidations");
}

export function renderValidation(
  v: ValidationRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): JsonObject {
  const status = lifecyclePhase(
    ["PENDING", v.problem ? "FAILED" : "SUCCESS"],
    v.createdMs,
    req.now,
    req.asyncDelayMs,
  );
  return {
    _id: v._id,
    groupId: v.groupId,
    sourceGroupId: v.sourceGroupId,
    status,
    errorMessage: status === "FAILED" ? v.problem : null,
  };
}

const IP_OR_CIDR = /^((\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?|[0-9a-fA-F:]+(\/\d{1,3})?)$/;

interface LinkRecord extends JsonObject {
  orgId: string;
  linkToken: string;
  accessListIps: string[];
  created: string;
}

function linkTable(state: EmulatorState): Record<string, LinkRecord> {
  return table<LinkRecord>(state, "liveMigrationLinks");
}

function migratableProjectTable(state: EmulatorState): Record<string, JsonObject> {
  return table(state, "migratableProjects");
}

/** Creates a migration into the path's project (64); sharding only for a sharded destination on 6.0
 * or later. */
export function createMigration(
  state: EmulatorState,
  groupId: string,
  req: OperationRequest,
): LiveMigrationRecord {
  const { body, destination } = parseMigration(req);
  const cluster = requireCluster(state, groupId, destination.clusterName as string);
  if (body.sharding !== undefined && !(cluster.sharded && dbVersionAtLeast(cluster.dbVersion, "6.0"))) {
    invalidAttribute("sharding", "only for a sharded destination on database version 6.0 or later");
  }
  const record: LiveMigrationRecord = {
    _id: mintId(state),
    groupId,
    migrationHosts: body.migrationHosts as string[],
    createdMs: req.now,
    cutoverRequestedMs: null,
  };
  migrationTable(state)[record._id] = record;
  return record;
}

/** Validates a migration request (65): FAILED after the delay when the destination cluster is missing. */
export function createValidation(
  state: EmulatorState,
  groupId: string,
  req: OperationRequest,
): ValidationRecord {
  const { destination, source } = parseMigration(req);
  const clusterName = destination.clusterName as string;
  const record: ValidationRecord = {
    _id: mintId(state),
    groupId,
    sourceGroupId: source.groupId as string,
    createdMs: req.now,
    problem: findCluster(state, groupId, clusterName)
      ? null
      : `Destination cluster ${clusterName} does not exist in group ${groupId}.`,
  };
  validationTable(state)[record._id] = record;
  return record;
}

/** The project's validation `id`, or 404. */
export function requireValidation(state: EmulatorState, groupId: string, id: string): ValidationRecord {
  const record = validationTable(state)[id];
  if (!record || record.groupId !== groupId) {
    throw apiError("LIVE_MIGRATION_VALIDATION_NOT_FOUND", [id], { args: [id, groupId] });
  }
  return record;
}

/** Asks for the cutover (68): only while the migration is ready for it. */
export function requestCutover(
  record: LiveMigrationRecord,
  req: Pick<OperationRequest, "now" | "asyncDelayMs">,
): void {
  if (!renderMigration(record, req).readyForCutover) {
    throw apiError("LIVE_MIGRATION_NOT_READY_FOR_CUTOVER", [record._id], {
      args: [record._id, migrationStatus(record, req)],
    });
  }
  record.cutoverRequestedMs = req.now;
}

/** The organization's migratable projects (69), as the API lists them. */
export function migratableProjectsOf(state: EmulatorState, orgId: string): JsonObject[] {
  requireOrg(state, orgId);
  return Object.values(migratableProjectTable(state))
    .filter((p) => p.orgId === orgId)
    .map(({ orgId: _owner, ...shown }) => shown);
}

/** Deletes the organization's link (70) and the projects it made migratable. */
export function deleteLink(state: EmulatorState, orgId: string): void {
  requireOrg(state, orgId);
  if (!linkTable(state)[orgId]) {
    throw apiError("ORGANIZATION_LINK_NOT_FOUND", [orgId]);
  }
  delete linkTable(state)[orgId];
  const projects = migratableProjectTable(state);
  for (const [id, p] of Object.entries(projects)) if (p.orgId === orgId) delete projects[id];
}

/** Creates the organization's link token (71); one link per organization, so a new one replaces it. */
export function createLinkToken(
  state: EmulatorState,
  orgId: string,
  body: Json | undefined,
  nowMs: number,
): string {
  requireOrg(state, orgId);
  const valid = validateBody(body, {
    accessListIps: arr(
      custom((value, path) => {
        if (typeof value !== "string" || !IP_OR_CIDR.test(value))
          invalidAttribute(path, "expected an IP address or CIDR block");
      }),
    ),
  });
  // One link per organization: creating again replaces it (the previous token stops working).
  const nonce = mintId(state);
  const linkToken = Buffer.from(JSON.stringify({ orgId, linkId: nonce })).toString("base64");
  linkTable(state)[orgId] = {
    orgId,
    linkToken,
    accessListIps: (valid.accessListIps as string[] | undefined) ?? [],
    created: isoDate(nowMs),
  };
  const projects = migratableProjectTable(state);
  if (!Object.values(projects).some((p) => p.orgId === orgId)) {
    const projectId = mintId(state);
    projects[projectId] = {
      orgId,
      projectId,
      name: "self-managed-project",
      migrationHosts: ["migration-host-0.self-managed.local"],
      deployments: [
        {
          name: "self-managed-rs",
          clusterId: mintId(state),
          agentVersion: "13.10.0.8620-1",
          dbSizeBytes: 1_073_741_824,
          featureCompatibilityVersion: "7.0",
          managed: true,
          dbVersion: "7.0.12",
          oplogSizeMB: 990,
          sharded: false,
          shardsSize: 0,
          tlsEnabled: true,
        },
      ],
    };
  }
  return linkToken;
}

/** The migration the path names (groupId, liveMigrationId), or 404. */
export function requireMigration(state: EmulatorState, req: OperationRequest): LiveMigrationRecord {
  const groupId = pathGroupId(state, req);
  const id = param(req.params, "liveMigrationId");
  const record = migrationTable(state)[id];
  if (!record || record.groupId !== groupId) {
    throw apiError("LIVE_MIGRATION_NOT_FOUND", [id], { args: [id, groupId] });
  }
  return record;
}
