/**
 * The default seed's credentials and ids, read from emulator/seed/default.json (the one source), for
 * the demo, the benchmarks and tests. They are public by design: the emulator serves them on loopback.
 */
import defaultSeed from "./default.json";

function credential(id: string): { id: string; secret: string } {
  const found = defaultSeed.credentials.find((entry) => entry.id === id);
  if (found === undefined) throw new Error(`the default seed has no credential ${id}`);
  return { id: found.id, secret: found.secret };
}

const orgOwnerKey = credential("demo-public-key");
const readOnlyKey = credential("demo-readonly-key");
const serviceAccount = credential("mdb_sa_id_demo");
const secondOrgKey = credential("second-org-public-key");

export const DEFAULT_SEED = {
  orgId: "5f1a00000000000000000001",
  projectId: "5f1a000000000000000000a1",
  clusterName: "demo-cluster",
  awsRoleId: "5f1a000000000000000000c1",
  /** API key with Organization Owner. */
  orgOwnerKey: { publicKey: orgOwnerKey.id, privateKey: orgOwnerKey.secret },
  /** API key with Project Read Only on the demo project. */
  readOnlyKey: { publicKey: readOnlyKey.id, privateKey: readOnlyKey.secret },
  /** Service account with Organization Owner. */
  serviceAccount: { clientId: serviceAccount.id, clientSecret: serviceAccount.secret },
  /** Organization Owner of the second organization ("second-org") only: no access to demo-org. */
  secondOrgKey: { publicKey: secondOrgKey.id, privateKey: secondOrgKey.secret },
} as const;
