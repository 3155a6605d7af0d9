import {
  createPageReader,
  PAGE_READ_GATHER_MS,
  PAGE_READ_THRESHOLD,
} from "../../../provider/framework/pageReads";

interface Item {
  id: string;
  value: string;
}

/**
 * A scope's objects, with the pages (by number) and single reads (by id) the reader asked for; a
 * snapshot is counted by its first page (`listAll`).
 */
function fakeService(items: Item[]) {
  const store = new Map(items.map((item) => [item.id, item]));
  const calls = { listAll: 0, getOne: [] as string[] };
  const pagesAsked: number[] = [];
  let failPages = 0;
  let pageGate: Promise<void> = Promise.resolve();
  return {
    store,
    calls,
    pagesAsked,
    failNextPages(times: number) {
      failPages = times;
    },
    /** Holds every page snapshot until the returned function is called. */
    holdPages(): () => void {
      let release = () => {};
      pageGate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    options: {
      listPage: async (scope: string, page: { pageNum: number; itemsPerPage: number }) => {
        if (page.pageNum === 1) calls.listAll += 1;
        pagesAsked.push(page.pageNum);
        // The page shows the objects as they were when it was asked for.
        const listed = [...store.values()];
        await pageGate;
        if (failPages > 0) {
          failPages -= 1;
          throw new Error(`page of ${scope} failed`);
        }
        const start = (page.pageNum - 1) * page.itemsPerPage;
        return { results: listed.slice(start, start + page.itemsPerPage), totalCount: listed.length };
      },
      getOne: async (_scope: string, id: string) => {
        calls.getOne.push(id);
        const item = store.get(id);
        if (item === undefined) throw new Error(`not found: ${id}`);
        return item;
      },
      idOf: (item: Item) => item.id,
    },
  };
}

const ITEMS: Item[] = Array.from({ length: 20 }, (_, index) => ({ id: `id-${index}`, value: `v${index}` }));
const ids = (count: number) => ITEMS.slice(0, count).map((item) => item.id);

describe("createPageReader", () => {
  test("the first threshold - 1 reads of a scope are single reads, no page is fetched", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 4 });
    const read = await Promise.all(ids(3).map((id) => reader.read("g", id)));
    expect(read).toEqual(ITEMS.slice(0, 3));
    expect(service.calls).toEqual({ listAll: 0, getOne: ["id-0", "id-1", "id-2"] });
  });

  test("reads that arrive together are counted together: all of them share one snapshot", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 4 });
    const read = await Promise.all(ids(20).map((id) => reader.read("g", id)));
    expect(read).toEqual(ITEMS);
    expect(service.calls).toEqual({ listAll: 1, getOne: [] });
  });

  test("reads that arrive apart: the first threshold - 1 are single reads, the later ones share a snapshot", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 4, gatherMs: 0 });
    const one = [];
    for (const id of ids(3)) one.push(await reader.read("g", id));
    const read = [
      ...one,
      ...(await Promise.all(
        ids(20)
          .slice(3)
          .map((id) => reader.read("g", id)),
      )),
    ];
    expect(read).toEqual(ITEMS);
    expect(service.calls).toEqual({ listAll: 1, getOne: ["id-0", "id-1", "id-2"] });
  });

  test("a read below the threshold waits gatherMs: a read arriving within it reaches the threshold for both", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 2, gatherMs: 50 });
    const first = reader.read("g", "id-0");
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(service.calls).toEqual({ listAll: 0, getOne: [] });
    const second = reader.read("g", "id-1");
    expect(await Promise.all([first, second])).toEqual(ITEMS.slice(0, 2));
    expect(service.calls).toEqual({ listAll: 1, getOne: [] });
  });

  test("a read arriving after the first's gatherMs finds it sent alone", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 2, gatherMs: 5 });
    const first = reader.read("g", "id-0");
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(service.calls).toEqual({ listAll: 0, getOne: ["id-0"] });
    expect(await Promise.all([first, reader.read("g", "id-1")])).toEqual(ITEMS.slice(0, 2));
    expect(service.calls).toEqual({ listAll: 1, getOne: ["id-0"] });
  });

  test("scopes are counted apart: a burst in one scope does not make another read pages", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 4 });
    await Promise.all(ids(10).map((id) => reader.read("g1", id)));
    await reader.read("g2", "id-11");
    expect(service.calls).toEqual({ listAll: 1, getOne: ["id-11"] });
  });

  test("an id the snapshot does not hold is read by itself: found when created since, not found when gone", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 1 });
    await reader.read("g", "id-0");
    service.store.set("late", { id: "late", value: "created after the snapshot" });
    await expect(reader.read("g", "late")).resolves.toEqual({
      id: "late",
      value: "created after the snapshot",
    });
    await expect(reader.read("g", "never")).rejects.toThrow("not found: never");
    expect(service.calls).toEqual({ listAll: 1, getOne: ["late", "never"] });
  });

  test("a write drops the snapshot: later reads take a new one and see the write", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 1 });
    await reader.read("g", "id-0");
    const written = await reader.writing("g", async () => {
      service.store.set("id-0", { id: "id-0", value: "changed" });
      return "done";
    });
    expect(written).toBe("done");
    await expect(reader.read("g", "id-0")).resolves.toEqual({ id: "id-0", value: "changed" });
    expect(service.calls).toEqual({ listAll: 2, getOne: [] });
  });

  test("a read waiting for a snapshot when a write starts is answered by its own read", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 1 });
    const release = service.holdPages();
    const waiting = reader.read("g", "id-1");
    await reader.writing("g", async () => {
      service.store.set("id-1", { id: "id-1", value: "changed" });
    });
    release();
    await expect(waiting).resolves.toEqual({ id: "id-1", value: "changed" });
    expect(service.calls.getOne).toEqual(["id-1"]);
  });

  test("a write that fails still drops the snapshot, and its error reaches the caller", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 1 });
    await reader.read("g", "id-0");
    await expect(
      reader.writing("g", async () => {
        throw new Error("500 after acting");
      }),
    ).rejects.toThrow("500 after acting");
    await reader.read("g", "id-0");
    expect(service.calls.listAll).toBe(2);
  });

  test("a snapshot older than maxAgeMs is taken again", async () => {
    const service = fakeService(ITEMS);
    let clock = 0;
    const reader = createPageReader({ ...service.options, threshold: 1, maxAgeMs: 1_000, now: () => clock });
    await reader.read("g", "id-0");
    clock = 1_000;
    await reader.read("g", "id-1");
    expect(service.calls.listAll).toBe(1);
    clock = 1_001;
    await reader.read("g", "id-2");
    expect(service.calls.listAll).toBe(2);
  });

  test("a failed snapshot leaves its lifetime's reads to single reads; once it is too old, pages are tried again", async () => {
    const service = fakeService(ITEMS);
    let clock = 0;
    const reader = createPageReader({ ...service.options, threshold: 1, maxAgeMs: 1_000, now: () => clock });
    service.failNextPages(1);
    const read = await Promise.all(ids(3).map((id) => reader.read("g", id)));
    expect(read).toEqual(ITEMS.slice(0, 3));
    await expect(reader.read("g", "id-3")).resolves.toEqual(ITEMS[3]);
    expect(service.calls).toEqual({ listAll: 1, getOne: ["id-0", "id-1", "id-2", "id-3"] });
    clock = 1_001;
    await expect(reader.read("g", "id-4")).resolves.toEqual(ITEMS[4]);
    expect(service.calls).toEqual({ listAll: 2, getOne: ["id-0", "id-1", "id-2", "id-3"] });
  });

  test("a snapshot reads every page, each once, however many reads wait for it", async () => {
    const service = fakeService(ITEMS);
    const reader = createPageReader({ ...service.options, threshold: 1, pageSize: 6 });
    const read = await Promise.all(ids(20).map((id) => reader.read("g", id)));
    expect(read).toEqual(ITEMS);
    expect(service.pagesAsked).toEqual([1, 2, 3, 4]);
    expect(service.calls.getOne).toEqual([]);
  });

  test("a snapshot stops at its first page when the scope needs more further pages than reads wait (a few objects among thousands)", async () => {
    const service = fakeService(ITEMS);
    // 20 objects in pages of 2: 9 further pages for the 3 reads waiting, so single reads are cheaper.
    const reader = createPageReader({ ...service.options, threshold: 1, pageSize: 2 });
    const read = await Promise.all(ids(3).map((id) => reader.read("g", id)));
    expect(read).toEqual(ITEMS.slice(0, 3));
    expect(service.pagesAsked).toEqual([1]);
    expect(service.calls.getOne).toEqual(["id-2"]);
    // The first page holds for the snapshot's lifetime: later reads do not ask for pages again.
    await reader.read("g", "id-1");
    await reader.read("g", "id-5");
    expect(service.pagesAsked).toEqual([1]);
    expect(service.calls.getOne).toEqual(["id-2", "id-5"]);
  });

  test("pages are taken when the further pages are no more than the reads waiting", async () => {
    const service = fakeService(ITEMS);
    // 20 objects in pages of 5: 3 further pages for the 3 reads waiting.
    const reader = createPageReader({ ...service.options, threshold: 1, pageSize: 5 });
    const read = await Promise.all(ids(3).map((id) => reader.read("g", id)));
    expect(read).toEqual(ITEMS.slice(0, 3));
    expect(service.pagesAsked).toEqual([1, 2, 3, 4]);
    expect(service.calls.getOne).toEqual([]);
  });

  test("the default threshold is 8 reads arriving within 5 ms", async () => {
    expect(PAGE_READ_THRESHOLD).toBe(8);
    expect(PAGE_READ_GATHER_MS).toBe(5);
    const few = fakeService(ITEMS);
    const fewReader = createPageReader(few.options);
    await Promise.all(ids(7).map((id) => fewReader.read("g", id)));
    expect(few.calls).toEqual({ listAll: 0, getOne: ids(7) });
    const many = fakeService(ITEMS);
    const reader = createPageReader(many.options);
    await Promise.all(ids(8).map((id) => reader.read("g", id)));
    expect(many.calls).toEqual({ listAll: 1, getOne: [] });
  });
});
