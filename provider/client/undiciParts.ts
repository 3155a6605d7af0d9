/**
 * The two parts of undici the transport uses, the connection `Agent` and the `request` API, loaded
 * from their own modules rather than through undici's index.
 *
 * Why: undici's index loads all of undici (fetch, WebSocket, EventSource, the mock and cache layers,
 * the proxy agents, the SQLite cache store): about 0.17 s of CPU on the build machine, paid by every
 * dynamic provider process on its first call (BENCHMARKS.md, "Provider overhead"). These two modules
 * with what they need cost about 0.06 s. They are the same module instances the index exports (Node
 * caches modules by file), so an Agent from here is an `undici.Agent`, and a dispatcher built from
 * undici's index (a test's MockAgent) works with this `request` too
 * (tests/provider/client/undiciParts.test.ts checks both).
 *
 * The index also copies `request` onto `Dispatcher.prototype`; that does not happen here, so callers
 * use `request(dispatcher, options)` instead of `dispatcher.request(options)`.
 *
 * undici has no "exports" map, so these paths are reachable; the version is pinned in package.json,
 * and the test above fails if a new version moves them.
 */
import type * as Undici from "undici";

/** undici's connection pool per origin (`undici.Agent`). */
// `require` with a type-only import of undici: the index must not load (see above).
export const Agent = require("undici/lib/dispatcher/agent") as typeof Undici.Agent;

export type Dispatcher = Undici.Dispatcher;

/** undici's `Dispatcher.prototype.request` (the promise form), called with the dispatcher as `this`. */
const requestApi = require("undici/lib/api/api-request") as (
  this: Dispatcher,
  options: Undici.Dispatcher.RequestOptions,
) => Promise<Undici.Dispatcher.ResponseData>;

/** `dispatcher.request(options)` of undici's index, for any dispatcher (an Agent, a MockAgent). */
export function request(
  dispatcher: Dispatcher,
  options: Undici.Dispatcher.RequestOptions,
): Promise<Undici.Dispatcher.ResponseData> {
  return requestApi.call(dispatcher, options);
}
