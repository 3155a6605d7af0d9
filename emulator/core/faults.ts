/**
 * Fault injection for /api/** requests: answer with a chosen status/body/headers, add latency, or
 * drop the connection, for every matching request, a fraction of them (`rate`) or the next `count`.
 * Randomness comes from a PRNG seeded per fault, so a test run is reproducible.
 */
import type { Json } from "./contract";
import { apiError, type ErrorCode, reasonPhrase } from "./errors";
import { type HeaderMap, JSON_CONTENT_TYPE } from "./headers";
import type { Reply } from "./reply";

export interface FaultSpec {
  /** A pattern starting with `^` is a regular expression; anything else is a glob on the request
   * path (e.g. `/api/platform/v2/groups/*\/search/**`): `*` = within one segment, `**` = anything. */
  pathPattern: string;
  method?: string;
  status?: number;
  body?: Json;
  headers?: Record<string, string>;
  latencyMs?: number;
  drop?: boolean;
  /** Probability 0..1 that a matching request is faulted (default 1). */
  rate?: number;
  /** Fault only the next N matching requests, then the fault is removed. */
  count?: number;
  /**
   * Run the request first (it acts: a POST creates its object), then answer with the fault's status
   * or drop the connection: an answer lost after the service acted, which a client cannot tell from
   * a request that never arrived.
   */
  afterHandling?: boolean;
  /** Seed of this fault's random draws (default: derived from the fault's number). */
  seed?: number;
}

export interface Fault extends FaultSpec {
  id: string;
  /** Requests this fault has been applied to so far. */
  applied: number;
}

interface ActiveFault {
  fault: Fault;
  pattern: RegExp;
  random: () => number;
}

export function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index] as string;
    if (char === "*") {
      if (glob[index + 1] === "*") {
        source += ".*";
        index++;
      } else source += "[^/]*";
    } else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** mulberry32: tiny, fast and good enough to spread faults (and the crash moments of scripts/lib). */
export function seededRandom(seed: number): () => number {
  let value = seed >>> 0;
  return () => {
    value = (value + 0x6d2b79f5) >>> 0;
    let mixed = value;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

export class FaultInjector {
  private active: ActiveFault[] = [];
  private nextId = 1;

  /** Validates and adds a fault; throws an Error naming the bad field. */
  add(spec: FaultSpec): Fault {
    const pattern = spec.pathPattern.startsWith("^")
      ? new RegExp(spec.pathPattern)
      : globToRegExp(spec.pathPattern);
    if (spec.rate !== undefined && !(spec.rate >= 0 && spec.rate <= 1))
      throw new Error("rate must be within 0..1");
    if (spec.count !== undefined && !(Number.isInteger(spec.count) && spec.count >= 1)) {
      throw new Error("count must be an integer >= 1");
    }
    if (
      spec.status !== undefined &&
      !(Number.isInteger(spec.status) && spec.status >= 100 && spec.status <= 599)
    ) {
      throw new Error("status must be an HTTP status 100..599");
    }
    if (spec.latencyMs !== undefined && !(spec.latencyMs >= 0)) throw new Error("latencyMs must be >= 0");
    if (spec.seed !== undefined && !Number.isInteger(spec.seed)) throw new Error("seed must be an integer");
    // Each fault draws from its own stream, one draw per matching request: whether a request is
    // faulted does not depend on whether the one before it (a retry of the same call) was.
    const seed = spec.seed ?? this.nextId * 2654435761;
    const fault: Fault = {
      ...spec,
      method: spec.method?.toUpperCase(),
      id: `fault-${this.nextId++}`,
      applied: 0,
    };
    if (fault.method === undefined) delete fault.method;
    this.active.push({ fault, pattern, random: seededRandom(seed) });
    return fault;
  }

  list(): Fault[] {
    return this.active.map((entry) => ({ ...entry.fault }));
  }

  remove(id: string): boolean {
    const before = this.active.length;
    this.active = this.active.filter((entry) => entry.fault.id !== id);
    return this.active.length !== before;
  }

  clear(): void {
    this.active = [];
  }

  get size(): number {
    return this.active.length;
  }

  /** The fault to apply to this request, if any (consumes one of its `count`). */
  pick(method: string, path: string): Fault | undefined {
    for (const entry of this.active) {
      const { fault } = entry;
      if (fault.method !== undefined && fault.method !== method) continue;
      if (!entry.pattern.test(path)) continue;
      if (fault.rate !== undefined && entry.random() >= fault.rate) continue;
      fault.applied += 1;
      if (fault.count !== undefined) {
        fault.count -= 1;
        if (fault.count <= 0) this.remove(fault.id);
      }
      return { ...fault };
    }
    return undefined;
  }
}

const INJECTED_CODES: Record<number, ErrorCode> = {
  429: "RATE_LIMITED",
  500: "UNEXPECTED_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

/** The body of an injected error when the fault gives none: the service's error shape. */
function injectedErrorBody(status: number): Json {
  return {
    detail: apiError("INJECTED_FAULT", [status]).detail,
    error: status,
    errorCode: INJECTED_CODES[status] ?? "INJECTED_FAULT",
    parameters: [],
    reason: reasonPhrase(status),
  };
}

/** The answer of a fault with a status: its body (or the service's error shape) and its headers. */
export function injectedFaultReply(fault: Fault, status: number): Reply {
  const body = fault.body !== undefined ? fault.body : injectedErrorBody(status);
  const headers: HeaderMap = { "content-type": JSON_CONTENT_TYPE, ...(fault.headers ?? {}) };
  return { status, headers, payload: JSON.stringify(body) };
}
