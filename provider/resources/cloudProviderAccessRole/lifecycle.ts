/**
 * What waits for an access role: create reads back at once (the role has no state field), but
 * authorizing it is retried while AWS propagates the new IAM role (the service refuses with
 * CANNOT_ASSUME_ROLE until the role and its trust policy are visible to it, which can take a minute
 * or two), within `timeouts.create` or `timeouts.update`; delete (deauthorize) waits until reading
 * the role answers 404.
 */
import { hasErrorCode, type PlatformClient } from "../../client";
import { asynchronous, type PhaseWaitOptions, readIfExists, waitUntilDone } from "../../framework/lifecycle";
import { fromApi, type LiveAccessRole } from "./model";
import { ACCESS_ROLE_PROVIDER } from "./schema";

/** Where the role is. */
export interface AccessRoleLocation {
  groupId: string;
  roleId: string;
}

/** The service's answer while it cannot assume the IAM role yet (docs/spec/operations.md, error codes). */
export const CANNOT_ASSUME_ROLE = "CANNOT_ASSUME_ROLE";

export const lifecycle = asynchronous<AccessRoleLocation, LiveAccessRole>({
  // No states: a role is created at once; only authorization retries and delete waits.
  stateOf: (live) => (live.authorizedDate === undefined ? "created (not authorized)" : "authorized"),
  read: (client, where) =>
    readIfExists(async () =>
      fromApi(await client.cloudProviderAccess.get(where.groupId, where.roleId), where.roleId),
    ),
  gone: { target: "deauthorized (404)", state: "deauthorized" },
  defaultTimeouts: { create: "10m", update: "10m", delete: "5m" },
});

/**
 * Authorizes the role with the IAM role ARN, retrying while the service answers CANNOT_ASSUME_ROLE
 * (AWS still propagating the role), with progress, until the phase's timeout; returns the authorized role.
 * @throws WaitTimeoutError naming the role and the last refusal; any other error of the API at once
 */
export async function authorizeWhenAssumable(
  client: PlatformClient,
  where: AccessRoleLocation,
  iamAssumedRoleArn: string,
  options: PhaseWaitOptions,
): Promise<LiveAccessRole> {
  return waitUntilDone(options, `authorized with ${iamAssumedRoleArn}`, async () => {
    try {
      const answer = await client.cloudProviderAccess.authorize(where.groupId, where.roleId, {
        providerName: ACCESS_ROLE_PROVIDER,
        iamAssumedRoleArn,
      });
      return { result: { state: "authorized", done: true }, live: fromApi(answer, where.roleId) };
    } catch (error) {
      if (!hasErrorCode(error, CANNOT_ASSUME_ROLE)) throw error;
      const state = `${CANNOT_ASSUME_ROLE} (AWS may still be propagating the IAM role)`;
      return { result: { state, done: false }, live: undefined };
    }
  });
}
