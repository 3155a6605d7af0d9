/**
 * The control API under /__emulator/ (no authentication; loopback callers only): inspect and seed
 * state, reset, move the clock, change settings, inject faults, read the request log, force records
 * into their failure states; and the endpoints the nouns add (ControlExtensions from the composition).
 * Documented with curl examples in emulator/README.md.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { compileAccessList, normalizeAddress } from "./auth/accessList";
import { ApiError, type ControlExtensions, type CredentialRecord, type JsonObject } from "./contract";
import type { FaultSpec } from "./faults";
import { type FailureRequest, forceFailure } from "./forcedFailures";
import { hex24Input, mintId } from "./ids";
import {
  addCluster,
  clusterSeedSchema,
  credentialSeedSchema,
  orgSeedSchema,
  projectSeedSchema,
} from "./seed";
import type { EmulatorCore } from "./server";

const orgInput = orgSeedSchema.extend({ id: hex24Input.optional() });
const projectInput = projectSeedSchema.extend({ id: hex24Input.optional() });
const credentialInput = credentialSeedSchema.extend({
  id: z.string().min(1).optional(),
  secret: z.string().min(8).optional(),
});
/** The inputs that depend on what the composition declared (ControlExtensions), built once per set. */
interface ExtensionInputs {
  /** The project fields the control API may change: the name and the flags the nouns read (e.g. the
   * compliance policy's support request). Ids and the organization are fixed once created. */
  projectPatch: z.ZodType<JsonObject>;
  failure: z.ZodType<FailureRequest>;
}
const extensionInputs = new WeakMap<ControlExtensions, ExtensionInputs>();

function inputsOf(extensions: ControlExtensions): ExtensionInputs {
  let inputs = extensionInputs.get(extensions);
  if (!inputs) {
    const flags = Object.fromEntries(extensions.projectFlags.map((flag) => [flag, z.boolean().optional()]));
    inputs = {
      // Optional fields are left out of zod's output, never undefined, so the output is JSON.
      projectPatch: z
        .object({ name: z.string().min(1).optional(), ...flags })
        .strict() as z.ZodType<JsonObject>,
      failure: z
        .object({
          kind: z.enum(Object.keys(extensions.failables)),
          groupId: hex24Input,
          id: z.string().min(1).optional(),
        })
        .strict(),
    };
    extensionInputs.set(extensions, inputs);
  }
  return inputs;
}

const advanceInput = z.object({ ms: z.number().finite().min(0) }).strict();
const settingsInput = z
  .object({
    asyncDelayMs: z.number().int().min(0).optional(),
    rateLimit: z
      .object({ limit: z.number().int().min(1), windowMs: z.number().int().min(1) })
      .strict()
      .optional(),
  })
  .strict();
const faultInput = z
  .object({
    pathPattern: z.string().min(1),
    method: z.string().min(1).optional(),
    status: z.number().int().min(100).max(599).optional(),
    body: z.json().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    latencyMs: z.number().min(0).optional(),
    drop: z.boolean().optional(),
    rate: z.number().min(0).max(1).optional(),
    count: z.number().int().min(1).optional(),
    afterHandling: z.boolean().optional(),
    seed: z.number().int().optional(),
  })
  .strict();

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function isLoopback(address: string): boolean {
  const normalized = normalizeAddress(address);
  return normalized === "::1" || normalized.startsWith("127.");
}

function parseInput<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ControlError(400, z.prettifyError(parsed.error));
  return parsed.data;
}

/** Credentials as the control API lists them: everything but the secret. */
function withoutSecret(credential: CredentialRecord): JsonObject {
  const { secret: _secret, ...rest } = credential;
  return rest;
}

export function handleControl(
  core: EmulatorCore,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): void {
  const reply = (status: number, body: unknown) => {
    const payload = body === undefined ? "" : `${JSON.stringify(body, null, 2)}\n`;
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(payload),
    });
    res.end(payload);
  };
  if (!isLoopback(req.socket.remoteAddress ?? "")) {
    req.resume();
    reply(403, { error: "The control API answers loopback callers only." });
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    try {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = text.trim() === "" ? undefined : JSON.parse(text);
      } catch {
        throw new ControlError(400, "The body is not valid JSON.");
      }
      const result = route(core, req.method ?? "GET", path.replace(/\/+$/, ""), body);
      reply(result.status, result.body);
    } catch (error) {
      if (error instanceof ControlError) reply(error.status, { error: error.message });
      // A domain rule refused (e.g. raising an alert for an unknown configuration): its status, its detail.
      else if (error instanceof ApiError) reply(error.status, { error: error.detail });
      else reply(400, { error: error instanceof Error ? error.message : String(error) });
    }
  });
}

function route(
  core: EmulatorCore,
  method: string,
  path: string,
  body: unknown,
): { status: number; body: unknown } {
  const state = core.state;
  const segments = path.split("/").slice(2); // "", "__emulator", ...
  const [noun = "", ...rest] = segments;
  const mutate = <T>(action: () => T, status = 201): { status: number; body: unknown } => {
    const result = action();
    core.persist();
    return { status, body: result };
  };
  const key = `${method} ${noun}${rest.length > 0 ? "/*".repeat(rest.length) : ""}`;
  switch (key) {
    case "GET ":
      return {
        status: 200,
        body: {
          service: core.serviceName,
          now: new Date(core.clock.now()).toISOString(),
          clock: core.clock.kind,
          endpoints: [
            "GET|POST orgs",
            "GET|POST projects",
            "PATCH projects/{id}",
            "GET|POST clusters",
            "DELETE clusters/{groupId}/{name}",
            "GET|POST credentials",
            "DELETE credentials/{id}",
            ...core.control.actions.map((action) => `POST ${action.name}`),
            "POST failures",
            "POST reset",
            "GET states",
            "PUT|DELETE states/{name}",
            "POST states/{name}/restore",
            "GET clock",
            "POST clock/advance",
            "GET|PUT settings",
            "GET|POST|DELETE faults",
            "DELETE faults/{id}",
            "GET|DELETE requests",
          ],
        },
      };
    case "GET orgs":
      return { status: 200, body: Object.values(state.orgs) };
    case "POST orgs": {
      const input = parseInput(orgInput, body);
      return mutate(() => {
        const id = input.id ?? mintId(state);
        if (state.orgs[id]) throw new ControlError(409, `Organization ${id} already exists.`);
        state.orgs[id] = { ...input, id };
        return state.orgs[id];
      });
    }
    case "GET projects":
      return { status: 200, body: Object.values(state.projects) };
    case "POST projects": {
      const input = parseInput(projectInput, body);
      if (!state.orgs[input.orgId])
        throw new ControlError(404, `Organization ${input.orgId} does not exist.`);
      return mutate(() => {
        const id = input.id ?? mintId(state);
        if (state.projects[id]) throw new ControlError(409, `Project ${id} already exists.`);
        state.projects[id] = { ...input, id };
        return state.projects[id];
      });
    }
    case "PATCH projects/*": {
      const id = decodeURIComponent(rest[0] ?? "");
      const project = state.projects[id];
      if (!project) throw new ControlError(404, `Project ${id} does not exist.`);
      const input = parseInput(inputsOf(core.control).projectPatch, body);
      return mutate(() => Object.assign(project, input), 200);
    }
    case "GET clusters":
      return { status: 200, body: Object.values(state.clusters) };
    case "POST clusters": {
      const input = parseInput(clusterSeedSchema, body);
      if (!state.projects[input.groupId])
        throw new ControlError(404, `Project ${input.groupId} does not exist.`);
      if (state.clusters[`${input.groupId}/${input.name}`]) {
        throw new ControlError(409, `Cluster ${input.name} already exists in project ${input.groupId}.`);
      }
      return mutate(() => addCluster(state, input, () => mintId(state)));
    }
    case "DELETE clusters/*/*": {
      const clusterKey = `${rest[0]}/${rest[1]}`;
      if (!state.clusters[clusterKey]) throw new ControlError(404, `Cluster ${clusterKey} does not exist.`);
      return mutate(() => {
        delete state.clusters[clusterKey];
        return undefined;
      }, 204);
    }
    case "GET credentials":
      return { status: 200, body: Object.values(state.credentials).map(withoutSecret) };
    case "POST credentials": {
      const input = parseInput(credentialInput, body);
      if (!state.orgs[input.orgId])
        throw new ControlError(404, `Organization ${input.orgId} does not exist.`);
      try {
        compileAccessList(input.accessList);
      } catch (error) {
        throw new ControlError(400, (error as Error).message);
      }
      const id =
        input.id ?? `${input.kind === "apiKey" ? "key" : "mdb_sa_id"}_${randomBytes(6).toString("hex")}`;
      if (state.credentials[id]) throw new ControlError(409, `Credential ${id} already exists.`);
      const secret = input.secret ?? randomBytes(18).toString("base64url");
      // The creator gets the secret once, as the service shows a new key's private part once.
      return mutate(() => {
        const record = { ...input, id, secret } as CredentialRecord;
        state.credentials[id] = record;
        return record;
      });
    }
    case "DELETE credentials/*": {
      const id = decodeURIComponent(rest[0] ?? "");
      if (!state.credentials[id]) throw new ControlError(404, `Credential ${id} does not exist.`);
      return mutate(() => {
        delete state.credentials[id];
        core.tokens.revokeClient(id);
        return undefined;
      }, 204);
    }
    case "POST failures": {
      const failables = core.control.failables;
      if (Object.keys(failables).length === 0) {
        throw new ControlError(404, "No records can be failed: the emulator was composed without any.");
      }
      const input = parseInput(inputsOf(core.control).failure, body);
      if (!state.projects[input.groupId])
        throw new ControlError(404, `Project ${input.groupId} does not exist.`);
      return mutate(() => forceFailure(failables, state, input), 200);
    }
    case "POST reset":
      core.reset();
      return { status: 200, body: { reset: true } };
    case "GET states":
      return { status: 200, body: core.savedStateNames() };
    case "PUT states/*": {
      const name = stateName(rest[0]);
      core.saveState(name);
      return { status: 201, body: { name } };
    }
    case "DELETE states/*": {
      const name = stateName(rest[0]);
      if (!core.deleteSavedState(name)) throw new ControlError(404, `No saved state ${name}.`);
      return { status: 204, body: undefined };
    }
    case "POST states/*/*": {
      if (rest[1] !== "restore") break;
      const name = stateName(rest[0]);
      if (!core.restoreState(name)) throw new ControlError(404, `No saved state ${name}.`);
      return { status: 200, body: { restored: name } };
    }
    case "GET clock":
      return { status: 200, body: clockBody(core) };
    case "POST clock/*": {
      if (rest[0] !== "advance") break;
      const input = parseInput(advanceInput, body);
      core.clock.advance(input.ms);
      return { status: 200, body: clockBody(core) };
    }
    case "GET settings":
      return { status: 200, body: core.settings };
    case "PUT settings": {
      const input = parseInput(settingsInput, body);
      return mutate(() => {
        if (input.asyncDelayMs !== undefined) core.settings.asyncDelayMs = input.asyncDelayMs;
        if (input.rateLimit !== undefined) core.settings.rateLimit = input.rateLimit;
        return core.settings;
      }, 200);
    }
    case "GET faults":
      return { status: 200, body: core.faults.list() };
    case "POST faults": {
      const input = parseInput(faultInput, body) as FaultSpec;
      try {
        return { status: 201, body: core.faults.add(input) };
      } catch (error) {
        throw new ControlError(400, (error as Error).message);
      }
    }
    case "DELETE faults":
      core.faults.clear();
      return { status: 204, body: undefined };
    case "DELETE faults/*":
      if (!core.faults.remove(rest[0] ?? "")) throw new ControlError(404, `Fault ${rest[0]} does not exist.`);
      return { status: 204, body: undefined };
    case "GET requests":
      return { status: 200, body: core.requestLog.list() };
    case "DELETE requests":
      core.requestLog.clear();
      return { status: 204, body: undefined };
  }
  const action =
    method === "POST" && rest.length === 0 ? core.control.actions.find((a) => a.name === noun) : undefined;
  if (action) {
    const input = parseInput(action.input, body);
    if (!state.projects[input.groupId])
      throw new ControlError(404, `Project ${input.groupId} does not exist.`);
    return mutate(() => action.run(state, input, core.clock.now()));
  }
  throw new ControlError(404, `No control endpoint ${method} ${path}.`);
}

/** A saved state's name from its path segment: letters, digits, `.`, `_` and `-`. */
function stateName(segment: string | undefined): string {
  const name = decodeURIComponent(segment ?? "");
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(name))
    throw new ControlError(400, `state name ${JSON.stringify(name)}: use 1 to 100 of A-Z a-z 0-9 . _ -`);
  return name;
}

function clockBody(core: EmulatorCore): { kind: string; now: number; iso: string } {
  const now = core.clock.now();
  return { kind: core.clock.kind, now, iso: new Date(now).toISOString() };
}
