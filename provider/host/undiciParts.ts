/**
 * The two parts of undici the client's transport uses, the connection `Agent` and the `request` API,
 * loaded from their own modules rather than through undici's index.
 *
 * Why: undici's index loads all of undici (fetch, WebSocket, EventSource, the mock and cache layers,
 * the proxy agents, the SQLite cache store), and every provider host pays for that on its first call;
 * these two modules load only what they need. What it saves: BENCHMARKS.md, "Provider host
 * measures". Unlike the measures provider/host/index.ts applies, this one is imported (by
 * provider/client/transport.ts) and holds in every process that uses the client; to remove it,
 * transport.ts imports `Agent` from "undici" and calls `dispatcher.request(options)`.
 *
 * They are the same module instances the index exports (Node caches modules by file), so an Agent from
 * here is an `undici.Agent`, and a dispatcher built from undici's index (a test's MockAgent) works with
 * this `request` too. The index also copies `request` onto `Dispatcher.prototype`; that does not
 * happen here, so callers use `request(dispatcher, options)` instead of `dispatcher.request(options)`.
 *
 * This reaches into undici's file layout: undici has no "exports" map, so these paths are reachable,
 * and its version is pinned in package.json; tests/provider/host/undiciParts.test.ts fails if a new
 * version moves them or they stop being the index's own.
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
