/**
 * Project-level singletons: auditing (33, 34) and custom DNS for AWS (35, 36): the routes. The
 * settings, their defaults and rules are emulator/domain/projectSettings.ts.
 */
import type { OperationDef } from "../core/contract";
import {
  auditingOf,
  customDnsOf,
  renderAuditing,
  updateAuditing,
  updateCustomDns,
} from "../domain/projectSettings";
import { pathGroupId } from "../domain/projects";
import { defineOperation, entity } from "./define";

export const projectSettingOperations: OperationDef[] = [
  defineOperation({
    id: "33",
    name: "Get the auditing configuration",
    method: "GET",
    path: "/groups/{groupId}/auditLog",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      return entity(renderAuditing(auditingOf(state, groupId)), `/groups/${groupId}/auditLog`);
    },
  }),
  defineOperation({
    id: "34",
    name: "Update the auditing configuration",
    method: "PATCH",
    path: "/groups/{groupId}/auditLog",
    roles: ["GROUP_OWNER"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const record = updateAuditing(state, groupId, req.body);
      // 202 Accepted with the new settings, as the service answers (docs/api-choices.md, "Statuses
      // the service answers"); the settings apply at once, so the next read shows them.
      return entity(renderAuditing(record), `/groups/${groupId}/auditLog`, 202);
    },
  }),
  defineOperation({
    id: "35",
    name: "Get the custom DNS configuration",
    method: "GET",
    path: "/groups/{groupId}/awsCustomDNS",
    roles: ["GROUP_READ_ONLY"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      return entity({ ...customDnsOf(state, groupId) }, `/groups/${groupId}/awsCustomDNS`);
    },
  }),
  defineOperation({
    id: "36",
    name: "Update the custom DNS configuration",
    method: "PATCH",
    path: "/groups/{groupId}/awsCustomDNS",
    roles: ["GROUP_PLATFORM_ADMIN"],
    handler: (req, state) => {
      const groupId = pathGroupId(state, req);
      const record = updateCustomDns(state, groupId, req.body);
      return entity({ ...record }, `/groups/${groupId}/awsCustomDNS`, 202); // as operation 34
    },
  }),
];
