/**
 * Live migrations (push) into the platform (64-68) and the organization link they need (69-71): the
 * routes. The migrations, validations, links and their lifecycles are emulator/domain/liveMigrations.ts.
 */
import { type OperationDef, param } from "../core/contract";
import {
  createLinkToken,
  createMigration,
  createValidation,
  deleteLink,
  migratableProjectsOf,
  renderMigration,
  renderValidation,
  requestCutover,
  requireMigration,
  requireValidation,
} from "../domain/liveMigrations";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity, noContent } from "./define";

const migrationPath = (groupId: string, id: string) => `/groups/${groupId}/liveMigrations/${id}`;
const validationPath = (groupId: string, id: string) => `/groups/${groupId}/liveMigrations/validate/${id}`;

export const liveMigrationOperations: OperationDef[] = [
  defineOperation({
    id: "64",
    name: "Create a live migration",
    method: "POST",
    path: "/groups/{groupId}/liveMigrations",
    roles: ["ORG_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const record = createMigration(state, groupId, req);
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
      const record = createValidation(state, groupId, req);
      return entity(renderValidation(record, req), validationPath(groupId, record._id));
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
      return entity(
        renderValidation(requireValidation(state, groupId, id), req),
        validationPath(groupId, id),
      );
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
      requestCutover(requireMigration(state, req), req);
      return noContent(202);
    },
  }),
  defineOperation({
    id: "69",
    name: "List migratable projects",
    method: "GET",
    path: "/orgs/{orgId}/liveMigrations/availableProjects",
    roles: ["ORG_OWNER"],
    handler: (req, state) => ({
      kind: "array",
      status: 200,
      body: migratableProjectsOf(state, param(req.params, "orgId")),
    }),
  }),
  defineOperation({
    id: "70",
    name: "Delete the organization link",
    method: "DELETE",
    path: "/orgs/{orgId}/liveMigrations/linkTokens",
    roles: ["ORG_OWNER"],
    pretty: false,
    handler: (req, state) => {
      deleteLink(state, param(req.params, "orgId"));
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
      const linkToken = createLinkToken(state, param(req.params, "orgId"), req.body, req.now);
      // 201 Created, as the service answers (docs/api-choices.md, "Statuses the service answers").
      return entity({ linkToken }, undefined, 201);
    },
  }),
];
