/**
 * Paginated lists: one page (`{results, totalCount, links}`) and an async iterator over every
 * item of every page. Written once; each noun only says how to fetch a page.
 */
import { z } from "zod";

export interface PageOptions {
  /** 1-based page number (default 1). */
  pageNum?: number;
  /** 1..500 (server default 100). */
  itemsPerPage?: number;
  /** Whether the server should count all items (server default true). */
  includeCount?: boolean;
}

export const LinkSchema = z.looseObject({ rel: z.string().optional(), href: z.string().optional() });
export type Link = z.infer<typeof LinkSchema>;

export interface Page<T> {
  results: T[];
  totalCount: number | undefined;
  links: Link[];
}

/** The schema of one page of `item`s. Unknown extra fields are kept. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z
    .looseObject({
      results: z.array(item),
      totalCount: z.number().int().optional(),
      links: z.array(LinkSchema).optional(),
    })
    .transform(
      (page): Page<z.output<Item>> => ({
        results: page.results,
        totalCount: page.totalCount,
        links: page.links ?? [],
      }),
    );
}

/** The query parameters of a page request (undefined values are left out of the URL). */
export function pageQuery(options: PageOptions = {}): Record<string, number | boolean | undefined> {
  return { pageNum: options.pageNum, itemsPerPage: options.itemsPerPage, includeCount: options.includeCount };
}

/** Items per page used when iterating over all pages: the API's maximum, fewest round trips. */
export const ITERATION_PAGE_SIZE = 500;

/**
 * Every item of every page, fetching the next page only when the caller gets there. Stops at an
 * empty or short page, or when totalCount items were seen.
 */
export async function* iterateAllPages<T>(
  fetchPage: (options: PageOptions) => Promise<Page<T>>,
  options: Pick<PageOptions, "itemsPerPage"> = {},
): AsyncGenerator<T, void, undefined> {
  const itemsPerPage = options.itemsPerPage ?? ITERATION_PAGE_SIZE;
  let seen = 0;
  for (let pageNum = 1; ; pageNum++) {
    const page = await fetchPage({ pageNum, itemsPerPage, includeCount: true });
    for (const item of page.results) yield item;
    seen += page.results.length;
    if (page.results.length === 0 || page.results.length < itemsPerPage) return;
    if (page.totalCount !== undefined && seen >= page.totalCount) return;
  }
}

/** Collect an async iterable into an array (convenience for small lists). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
