/**
 * Reads answered from list pages when the engine reads many objects of one kind in one scope at once.
 *
 * `pulumi refresh` (and `up --refresh`) calls `read` on every resource of the stack together. For a
 * kind a project holds many of (alert configurations), one GET per resource costs one request of the
 * project's rate-limit budget (100 a minute on the service) and the per-request work of both sides;
 * one list page answers up to 500.
 *
 * Contract of {@link PageReader.read}:
 * - The first `threshold - 1` reads of a scope in this process are sent as single reads (`getOne`): a
 *   stack with a few objects pays no pages.
 * - From the `threshold`-th on, reads are answered from a snapshot of every page of the scope, taken
 *   once and shared by all reads that wait for it.
 * - Reads that arrive together are counted together: a read below the threshold waits `gatherMs`
 *   (5 ms) before it is sent, and if the scope has reached the threshold by then it is answered from
 *   the snapshot too. The engine sends its first reads of a refresh together (8 at a time), but the
 *   provider host takes them in one by one, the first while it is still loading the runtime; without
 *   the wait the first 7 of a refresh of hundreds were single reads, 7 requests of the budget for
 *   objects the page returns anyway.
 * - Pages must not cost more requests than single reads: when the first page's `totalCount` says the
 *   scope needs more further pages than there are reads waiting for the snapshot (a stack with some
 *   objects in a project of thousands), the snapshot stops at its first page, and the reads of
 *   objects not on it are single reads.
 * - An id the snapshot does not hold is read with `getOne`: only the object's own read may say it is
 *   gone (not found), and an object created after the snapshot by someone else is still found.
 * - A snapshot never answers for a state this process changed: every write of the kind runs through
 *   `writing(scope, write)`, which drops the scope's snapshot before the write is sent and again when
 *   it ends (a snapshot taken during the write may or may not show it; a failed write may have acted),
 *   and reads waiting for a dropped snapshot fall back to `getOne`. A snapshot never answers after
 *   `maxAgeMs` either: it serves one burst of reads, not a session.
 * - A snapshot that fails (after the client's own retries) leaves the reads of its lifetime to
 *   `getOne`, each with its own retries: a page fault never fails a refresh that single reads could
 *   finish, and no read starts another attempt until the snapshot is dropped or too old.
 */

import { sleep } from "../client";

/** The reads of a scope, in one process, after which reads come from pages. */
export const PAGE_READ_THRESHOLD = 8;

/**
 * How long a read below the threshold waits for the reads sent with it to arrive before it is sent
 * alone (milliseconds). A few turns of the event loop: long enough for the host to take in the reads
 * already on its connection, nothing beside a request's round trip.
 */
export const PAGE_READ_GATHER_MS = 5;

/** How long a snapshot answers reads: longer than one refresh's burst of reads, far shorter than a session. */
export const PAGE_SNAPSHOT_MAX_AGE_MS = 30_000;

/** Objects per page asked for: the API's maximum (operations' `itemsPerPage`, 1..500). */
export const PAGE_READ_PAGE_SIZE = 500;

/** One page of a scope's objects, as the list operation answers it. */
export interface ListedPage<Item> {
  results: Item[];
  /** The scope's number of objects (asked for with `includeCount`); undefined when not answered. */
  totalCount: number | undefined;
}

export interface PageReaderOptions<Item> {
  /** Page `pageNum` (1-based) of the scope, `itemsPerPage` objects per page, with the total count. */
  listPage: (scope: string, page: { pageNum: number; itemsPerPage: number }) => Promise<ListedPage<Item>>;
  /** One object by id; rejects with the client's not-found error when it does not exist. */
  getOne: (scope: string, id: string) => Promise<Item>;
  /** The id of a listed object, as `read` is asked for it. */
  idOf: (item: Item) => string;
  /** Defaults to {@link PAGE_READ_THRESHOLD}. */
  threshold?: number;
  /** Defaults to {@link PAGE_READ_GATHER_MS}. */
  gatherMs?: number;
  /** Defaults to {@link PAGE_SNAPSHOT_MAX_AGE_MS}. */
  maxAgeMs?: number;
  /** Defaults to {@link PAGE_READ_PAGE_SIZE}. */
  pageSize?: number;
  /** The clock (tests). */
  now?: () => number;
}

export interface PageReader<Item> {
  /** The object `id` of `scope`, from a snapshot when the scope is read in bulk, else by its own read. */
  read(scope: string, id: string): Promise<Item>;
  /** Runs a write to `scope`: no snapshot taken before it ends answers again. */
  writing<T>(scope: string, write: () => Promise<T>): Promise<T>;
}

interface Snapshot<Item> {
  takenAt: number;
  /** The scope's generation when it was taken: a write since makes it stale. */
  generation: number;
  /** Reads waiting for it (the declining rule compares pages with them). */
  waiting: number;
  /** Undefined when a page failed: the reads fall back to single reads. */
  items: Promise<Map<string, Item> | undefined>;
}

interface ScopeState<Item> {
  reads: number;
  /** Bumped by every write: a snapshot of an older generation does not answer. */
  generation: number;
  snapshot?: Snapshot<Item>;
}

export function createPageReader<Item>(options: PageReaderOptions<Item>): PageReader<Item> {
  const threshold = options.threshold ?? PAGE_READ_THRESHOLD;
  const gatherMs = options.gatherMs ?? PAGE_READ_GATHER_MS;
  const maxAgeMs = options.maxAgeMs ?? PAGE_SNAPSHOT_MAX_AGE_MS;
  const itemsPerPage = options.pageSize ?? PAGE_READ_PAGE_SIZE;
  const now = options.now ?? Date.now;
  const scopes = new Map<string, ScopeState<Item>>();

  const stateOf = (scope: string): ScopeState<Item> => {
    let state = scopes.get(scope);
    if (state === undefined) {
      state = { reads: 0, generation: 0 };
      scopes.set(scope, state);
    }
    return state;
  };

  /**
   * Every object of the scope (only the first page's when more pages would cost more than the waiting
   * reads), or undefined when a page failed.
   */
  const takeSnapshot = async (
    scope: string,
    snapshot: Snapshot<Item>,
  ): Promise<Map<string, Item> | undefined> => {
    try {
      const items = new Map<string, Item>();
      const first = await options.listPage(scope, { pageNum: 1, itemsPerPage });
      for (const item of first.results) items.set(options.idOf(item), item);
      if (first.totalCount !== undefined) {
        const furtherPages = Math.ceil(first.totalCount / itemsPerPage) - 1;
        if (furtherPages > snapshot.waiting) return items;
      }
      let last = first;
      for (let pageNum = 2; last.results.length === itemsPerPage; pageNum++) {
        if (first.totalCount !== undefined && items.size >= first.totalCount) break;
        last = await options.listPage(scope, { pageNum, itemsPerPage });
        for (const item of last.results) items.set(options.idOf(item), item);
      }
      return items;
    } catch {
      return undefined;
    }
  };

  /** The scope's current snapshot, taken now when there is none, it is stale or too old. */
  const currentSnapshot = (scope: string, state: ScopeState<Item>): Snapshot<Item> => {
    const held = state.snapshot;
    if (held !== undefined && held.generation === state.generation && now() - held.takenAt <= maxAgeMs)
      return held;
    const snapshot: Snapshot<Item> = {
      takenAt: now(),
      generation: state.generation,
      waiting: 0,
      items: Promise.resolve(undefined),
    };
    snapshot.items = takeSnapshot(scope, snapshot);
    state.snapshot = snapshot;
    return snapshot;
  };

  return {
    async read(scope, id) {
      const state = stateOf(scope);
      state.reads += 1;
      if (state.reads < threshold) {
        await sleep(gatherMs);
        if (state.reads < threshold) return options.getOne(scope, id);
      }
      const generation = state.generation;
      const snapshot = currentSnapshot(scope, state);
      snapshot.waiting += 1;
      const items = await snapshot.items;
      const item = items?.get(id);
      if (item === undefined || state.generation !== generation) return options.getOne(scope, id);
      return item;
    },
    async writing(scope, write) {
      const state = stateOf(scope);
      const drop = () => {
        state.generation += 1;
        state.snapshot = undefined;
      };
      drop();
      try {
        return await write();
      } finally {
        drop();
      }
    },
  };
}
