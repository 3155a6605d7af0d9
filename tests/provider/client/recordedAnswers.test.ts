/**
 * The client against the real service's recorded answers (issue 38): a loopback server answers with
 * the statuses, headers and bodies the vendor's recordings show (mongodb/mongodb-atlas-cli
 * test/e2e/atlas/**\/testdata/.snapshots, 2026-08-10; tests/contract/recordings/expectations.ts), and
 * the client takes each as the success it is.
 */
import { createClient, type PlatformClient } from "../../../provider/client";
import { json, startServer, TEST_PRIVATE_KEY, TEST_PUBLIC_KEY, type TestServer } from "./helpers";

const GROUP = "5f1a000000000000000000a1";
const CONFIG_ID = "6a793faec0eb9e7a177175e1";
/** Every recorded answer carries the service's counter. */
const RATE = { "ratelimit-limit": "1200", "ratelimit-remaining": "1199" };
const alertConfig = {
  created: "2026-08-10T03:04:14Z",
  enabled: true,
  eventTypeName: "NO_PRIMARY",
  groupId: GROUP,
  id: CONFIG_ID,
  matchers: [],
  notifications: [
    {
      delayMin: 0,
      emailEnabled: true,
      intervalMin: 5,
      notifierId: "6a793faec0eb9e7a177175dc",
      smsEnabled: false,
      typeName: "GROUP",
    },
  ],
  updated: "2026-08-10T03:04:14Z",
};
const auditing = {
  auditAuthorizationSuccess: true,
  auditFilter: '{"atype": "authenticate"}',
  configurationType: "FILTER_JSON",
  enabled: true,
};
const compliancePolicy = {
  authorizedEmail: "firstname.lastname@example.com",
  authorizedUserFirstName: "firstname",
  authorizedUserLastName: "lastname",
  copyProtectionEnabled: false,
  deletable: false,
  encryptionAtRestEnabled: false,
  onDemandPolicyItem: null,
  pitEnabled: false,
  projectId: GROUP,
  restoreWindowDays: 0,
  scheduledPolicyItems: [],
  state: "ENABLING",
  updatedDate: "2026-08-10T03:03:33Z",
  updatedUser: "nmtxqlkl",
};

/** Recorded with the service's names; the client reads ours (api/openapi/rename-map.json). */
const awsRole = {
  platformAWSAccountArn: "arn:aws:iam::299602853325:root",
  platformAssumedRoleExternalId: "b63a96a9-5e21-4eee-9902-a3cdc7a0d81e",
  authorizedDate: null,
  createdDate: "2026-08-10T03:03:36Z",
  featureUsages: [],
  iamAssumedRoleArn: null,
  providerName: "AWS",
  roleId: "6a793f88c0eb9e7a17716581",
};

let server: TestServer;
let client: PlatformClient | undefined;

beforeEach(async () => {
  server = await startServer((req, res) => {
    const route = `${req.method} ${(req.url ?? "").replace(/^\/api\/platform\/v2/, "").split("?")[0]}`;
    switch (route) {
      case `POST /groups/${GROUP}/alertConfigs`:
        return json(res, 201, alertConfig, {
          ...RATE,
          location: `${server.baseUrl}/groups/${GROUP}/alertConfigs/${CONFIG_ID}`,
        });
      case `PATCH /groups/${GROUP}/auditLog`:
        return json(res, 202, auditing, RATE);
      case `PATCH /groups/${GROUP}/awsCustomDNS`:
        return json(res, 202, { enabled: true }, RATE);
      case `POST /groups/${GROUP}/cloudProviderAccess`:
        return json(res, 200, awsRole, RATE);
      case `PUT /groups/${GROUP}/backupCompliancePolicy`:
      case `GET /groups/${GROUP}/backupCompliancePolicy`:
        return json(res, 200, compliancePolicy, RATE);
      default:
        return json(res, 404, { error: 404, errorCode: "RESOURCE_NOT_FOUND" });
    }
  });
  client = createClient({
    baseUrl: server.baseUrl,
    publicKey: TEST_PUBLIC_KEY,
    privateKey: TEST_PRIVATE_KEY,
    rateLimitPerMinute: 0,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
  });
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server.close();
});

function platform(): PlatformClient {
  if (!client) throw new Error("no client");
  return client;
}

test("alert configuration create: 201 Created with a Location is the created configuration", async () => {
  const created = await platform().alertConfigs.create(GROUP, {
    eventTypeName: "NO_PRIMARY",
    enabled: true,
    notifications: [
      { typeName: "GROUP", delayMin: 0, intervalMin: 5, emailEnabled: true, smsEnabled: false },
    ],
  });
  expect([created.id, created.enabled]).toEqual([CONFIG_ID, true]);
});

test("auditing and custom DNS updates: 202 Accepted carries the new settings", async () => {
  const updated = await platform().auditing.update(GROUP, {
    enabled: true,
    auditAuthorizationSuccess: true,
    auditFilter: '{"atype": "authenticate"}',
  });
  expect(updated).toMatchObject({ enabled: true, configurationType: "FILTER_JSON" });
  expect(await platform().customDns.update(GROUP, { enabled: true })).toMatchObject({ enabled: true });
  expect(server.requests.map((request) => request.method)).toEqual(["PATCH", "PATCH"]);
});

test("compliance policy: restoreWindowDays 0 and onDemandPolicyItem null read as the service means them", async () => {
  const policy = await platform().compliancePolicy.get(GROUP);
  expect(policy.restoreWindowDays).toBe(0);
  expect(policy.onDemandPolicyItem).toBeUndefined();
  expect(policy.state).toBe("ENABLING");
});

test("cloud provider access create: a role not yet authorized answers null dates, read as absent", async () => {
  const role = await platform().cloudProviderAccess.create(GROUP, { providerName: "AWS" });
  expect(role.roleId).toBe("6a793f88c0eb9e7a17716581");
  expect([role.authorizedDate, role.iamAssumedRoleArn]).toEqual([undefined, undefined]);
});
