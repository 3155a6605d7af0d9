/**
 * Seeds: the JSON document the emulator starts from (and returns to on reset). The format is
 * documented in emulator/README.md. A seed is validated once at load, never on the hot path.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { PROJECT_ROLES } from "../../api/vocabulary";
import defaultSeedJson from "../seed/default.json";
import type { ClusterRecord, CredentialRecord, EmulatorState, JsonObject } from "./contract";
import { CLUSTER_NAME, hex24Input } from "./ids";

const ORG_ROLES = ["ORG_OWNER", "ORG_MEMBER"] as const;

const jsonObject = z.record(z.string(), z.json());

export const orgSeedSchema = z.object({ id: hex24Input, name: z.string().min(1) }).catchall(z.json());
export const projectSeedSchema = z
  .object({ id: hex24Input, name: z.string().min(1), orgId: hex24Input })
  .catchall(z.json());
export const clusterSeedSchema = z
  .object({
    id: hex24Input.optional(),
    groupId: hex24Input,
    name: z.string().regex(CLUSTER_NAME, "must match ^[a-zA-Z0-9][a-zA-Z0-9-]*$"),
    tier: z.string().min(1).default("M10"),
    dbVersion: z.string().min(1).default("7.0"),
    provider: z.string().min(1).default("AWS"),
    sharded: z.boolean().default(false),
  })
  .catchall(z.json());
export const credentialSeedSchema = z.object({
  kind: z.enum(["apiKey", "serviceAccount"]),
  id: z.string().min(1),
  secret: z.string().min(8),
  orgId: hex24Input,
  orgRoles: z.array(z.enum(ORG_ROLES)).default([]),
  projectRoles: z.record(hex24Input, z.array(z.enum(PROJECT_ROLES))).default({}),
  accessList: z.array(z.string()).default([]),
});

export const seedSchema = z.object({
  orgs: z.array(orgSeedSchema).default([]),
  projects: z.array(projectSeedSchema).default([]),
  clusters: z.array(clusterSeedSchema).default([]),
  credentials: z.array(credentialSeedSchema).default([]),
  /** Entity tables of the domain, noun -> id -> entity (copied as is). */
  entities: z.record(z.string(), z.record(z.string(), jsonObject)).default({}),
  idCounter: z.number().int().min(0).default(0),
});

export type Seed = z.input<typeof seedSchema>;
export type SeedSource = "default" | "empty" | Seed | string;

/** Resolves a seed source (name, object or file path) to a validated seed. */
export function loadSeed(source: SeedSource): z.output<typeof seedSchema> {
  let raw: unknown;
  if (source === "default") raw = defaultSeedJson;
  else if (source === "empty") raw = {};
  else if (typeof source === "string") raw = JSON.parse(readFileSync(source, "utf8"));
  else raw = source;
  const parsed = seedSchema.safeParse(raw);
  if (!parsed.success) {
    const origin = typeof source === "string" ? source : "seed object";
    throw new Error(`Invalid seed (${origin}): ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Builds a fresh state from a seed; cluster ids are minted from the counter when not given. */
export function stateFromSeed(seed: z.output<typeof seedSchema>): EmulatorState {
  const state: EmulatorState = {
    orgs: {},
    projects: {},
    clusters: {},
    credentials: {},
    entities: structuredClone(seed.entities),
    idCounter: seed.idCounter,
  };
  for (const org of seed.orgs) state.orgs[org.id] = structuredClone(org);
  for (const project of seed.projects) {
    if (!state.orgs[project.orgId])
      throw new Error(`Seed project ${project.id}: unknown orgId ${project.orgId}`);
    state.projects[project.id] = structuredClone(project);
  }
  for (const cluster of seed.clusters) addCluster(state, cluster);
  for (const credential of seed.credentials) {
    if (!state.orgs[credential.orgId]) {
      throw new Error(`Seed credential ${credential.id}: unknown orgId ${credential.orgId}`);
    }
    state.credentials[credential.id] = structuredClone(credential) as CredentialRecord;
  }
  return state;
}

/** Adds a cluster record (shared by the seed loader and the control API). */
export function addCluster(
  state: EmulatorState,
  input: z.output<typeof clusterSeedSchema>,
  mint?: () => string,
): ClusterRecord {
  if (!state.projects[input.groupId])
    throw new Error(`Cluster ${input.name}: unknown groupId ${input.groupId}`);
  const key = `${input.groupId}/${input.name}`;
  if (state.clusters[key]) throw new Error(`Cluster ${input.name} already exists in group ${input.groupId}`);
  const id = input.id ?? (mint ? mint() : syntheticClusterId(state));
  const record: ClusterRecord = { ...(structuredClone(input) as JsonObject), id } as ClusterRecord;
  state.clusters[key] = record;
  return record;
}

function syntheticClusterId(state: EmulatorState): string {
  // Seeds without cluster ids get stable ones derived from their position, not from idCounter,
  // so adding a cluster to a seed never shifts the ids later requests mint.
  const index = Object.keys(state.clusters).length + 1;
  return `5f1c${index.toString(16).padStart(20, "0")}`;
}

/** Replaces the contents of `target` with `source` in place, so references held by callers stay valid. */
export function replaceState(target: EmulatorState, source: EmulatorState): void {
  target.orgs = source.orgs;
  target.projects = source.projects;
  target.clusters = source.clusters;
  target.credentials = source.credentials;
  target.entities = source.entities;
  target.idCounter = source.idCounter;
}
