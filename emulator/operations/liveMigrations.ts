/**
 * Live migrations (push) into the platform (64-68) and the organization link they need (69-71).
 * A migration is NEW, then WORKING with readyForCutover true after the delay; cutover makes it
 * COMPLETE after another delay. A validation is PENDING, then SUCCESS (or FAILED when the
 * destination cluster does not exist). Creating a link token also registers one self-managed
 * project as migratable, so operation 69 has something to list.
 */

import { dbVersionAtLeast } from "../../api/vocabulary";
import {
  type EmulatorState,
  type JsonObject,
  type OperationDef,
  type OperationRequest,
  param,
} from "../core/contract";
import { VERSION_2023_01_01 } from "../core/conventions";
import { isoDate } from "../core/dates";
import { table } from "../core/entities";
import { apiError } from "../core/errors";
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
import { findCluster, requireCluster } from "../domain/clusters";
import { isForcedFailure } from "../domain/failures";
import { pathGroupId, requireOrg } from "../domain/projects";
import { defineOperation, entity, noContent } from "./define";

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

function migrationTable(state: EmulatorState): Record<string, LiveMigrationRecord> {
  return table<LiveMigrationRecord>(state, "liveMigrations");
}

function migrationStatus(m: LiveMigrationRecord, req: OperationRequest): string {
  if (isForcedFailure(m)) return "FAILED";
  if (m.cutoverRequestedMs !== null)
    return lifecyclePhase(["WORKING", "COMPLETE"], m.cutoverRequestedMs, req.now, req.asyncDelayMs);
  return lifecyclePhase(["NEW", "WORKING"], m.createdMs, req.now, req.asyncDelayMs);
}

function renderMigration(m: LiveMigrationRecord, req: OperationRequest): JsonObject {
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

function renderValidation(v: ValidationRecord, req: OperationRequest): JsonObject {
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

const migrationPath = (groupId: string, id: string) => `/groups/${groupId}/liveMigrations/${id}`;

export const liveMigrationOperations: OperationDef[] = [
  defineOperation({
    id: "64",
    name: "Create a live migration",
    method: "POST",
    path: "/groups/{groupId}/liveMigrations",
    roles: ["ORG_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
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
      return entity(renderMigration(record, req), migrationPath(groupId, record._id), 201);
    },
  }),
  defineOperation({
    id: "65",
    name: "Validate a live migration",
    method: "POST",
    path: "/groups/{groupId}/liveMigrations/validate",
    roles: ["ORG_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
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
      return entity(
        renderValidation(record, req),
        `/groups/${groupId}/liveMigrations/validate/${record._id}`,
      );
    },
  }),
  defineOperation({
    id: "66",
    name: "Get a live migration validation",
    method: "GET",
    path: "/groups/{groupId}/liveMigrations/validate/{validationId}",
    roles: ["ORG_OWNER"],
    pretty: false,
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const id = param(req.params, "validationId");
      const record = validationTable(state)[id];
      if (!record || record.groupId !== groupId) {
        throw apiError("LIVE_MIGRATION_VALIDATION_NOT_FOUND", [id], { args: [id, groupId] });
      }
      return entity(renderValidation(record, req), `/groups/${groupId}/liveMigrations/validate/${id}`);
    },
  }),
  defineOperation({
    id: "67",
    name: "Get a live migration",
    method: "GET",
    path: "/groups/{groupId}/liveMigrations/{liveMigrationId}",
    roles: ["ORG_MEMBER"],
    handler: (req, state) => {
      const record = requireMigration(state, req);
      return entity(renderMigration(record, req), migrationPath(record.groupId, record._id));
    },
  }),
  defineOperation({
    id: "68",
    name: "Cut over a live migration",
    method: "PUT",
    path: "/groups/{groupId}/liveMigrations/{liveMigrationId}/cutover",
    roles: ["ORG_OWNER"],
    handler: (req, state) => {
      const record = requireMigration(state, req);
      if (!renderMigration(record, req).readyForCutover) {
        throw apiError("LIVE_MIGRATION_NOT_READY_FOR_CUTOVER", [record._id], {
          args: [record._id, migrationStatus(record, req)],
        });
      }
      record.cutoverRequestedMs = req.now;
      return noContent(202);
    },
  }),
  defineOperation({
    id: "69",
    name: "List migratable projects",
    method: "GET",
    path: "/orgs/{orgId}/liveMigrations/availableProjects",
    roles: ["ORG_OWNER"],
    handler: (req, state) => {
      const orgId = param(req.params, "orgId");
      requireOrg(state, orgId);
      const projects = Object.values(migratableProjectTable(state))
        .filter((p) => p.orgId === orgId)
        .map(({ orgId: _owner, ...shown }) => shown);
      return { kind: "array", status: 200, body: projects };
    },
  }),
  defineOperation({
    id: "70",
    name: "Delete the organization link",
    method: "DELETE",
    path: "/orgs/{orgId}/liveMigrations/linkTokens",
    roles: ["ORG_OWNER"],
    pretty: false,
    handler: (req, state) => {
      const orgId = param(req.params, "orgId");
      requireOrg(state, orgId);
      if (!linkTable(state)[orgId]) {
        throw apiError("ORGANIZATION_LINK_NOT_FOUND", [orgId]);
      }
      delete linkTable(state)[orgId];
      const projects = migratableProjectTable(state);
      for (const [id, p] of Object.entries(projects)) if (p.orgId === orgId) delete projects[id];
      return noContent();
    },
  }),
  defineOperation({
    id: "71",
    name: "Create a link token",
    method: "POST",
    path: "/orgs/{orgId}/liveMigrations/linkTokens",
    roles: ["ORG_OWNER"],
    handler: (req, state) => {
      const orgId = param(req.params, "orgId");
      requireOrg(state, orgId);
      const body = validateBody(req.body, {
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
        accessListIps: (body.accessListIps as string[] | undefined) ?? [],
        created: isoDate(req.now),
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
      return entity({ linkToken });
    },
  }),
];

function requireMigration(state: EmulatorState, req: OperationRequest): LiveMigrationRecord {
  const groupId = pathGroupId(state, req);
  const id = param(req.params, "liveMigrationId");
  const record = migrationTable(state)[id];
  if (!record || record.groupId !== groupId) {
    throw apiError("LIVE_MIGRATION_NOT_FOUND", [id], { args: [id, groupId] });
  }
  return record;
}
