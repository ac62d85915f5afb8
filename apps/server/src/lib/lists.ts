/**
 * Lists: the whole list unless a `limit` is asked for, and always the number of matching rows, which
 * leaves in the `X-Total-Count` header.
 */
import { TOTAL_COUNT_HEADER } from '@campus/contract';
import type { FastifyReply } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';

export interface Page {
  /** Absent: every row from `offset` on. */
  limit?: number | undefined;
  offset: number;
}

/** Some of a list's rows, and how many rows match in all. */
export interface Listed<T> {
  items: T[];
  total: number;
}

/** What a list route answers: the body as the contract shapes it, and the total for the header. */
export interface ListAnswer<B> {
  body: B;
  total: number;
}

/**
 * Whether a list's answer may be kept by the read cache: a page (at most `limit` rows), or a whole
 * list that no free text narrows (one per route and exact filter). A whole list per search word, or
 * per offset, would let any client fill the server's memory with near-copies of the same rows.
 */
export function keepsInMemory(page: Page & { search?: string | undefined }): boolean {
  return page.limit !== undefined || (page.offset === 0 && !page.search);
}

/** SQLite reads no OFFSET without a LIMIT; this one is never reached. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/**
 * The total when the page itself shows it: the list ended within the page (no row was found past
 * it), and the page is not past the end (it holds a row, or starts at the top).
 */
function totalShownBy(found: number, { offset }: Page, ended: boolean): number | undefined {
  return ended && (found > 0 || offset === 0) ? offset + found : undefined;
}

/** `take` rows of `query` (all when undefined) from the `skip`th on. */
export function limited<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  take: number | undefined,
  skip: number,
): SelectQueryBuilder<DB, TB, O> {
  let rows = query;
  if (take !== undefined || skip > 0) rows = rows.limit(take ?? NO_LIMIT);
  if (skip > 0) rows = rows.offset(skip);
  return rows;
}

/**
 * The column in which a page's rows carry how many rows match in all, counted by the page's own
 * statement (`withPageTotal`, and `listPage` told `'in-page'`).
 */
export const PAGE_TOTAL = 'page_total';

/**
 * The page's query, each row also saying how many rows the query matches before its LIMIT: for a
 * list whose every matching row is read to order it anyway (a group's or a mentor's few hundred, each
 * student's looked up), the count then costs no second statement reading them all again.
 */
export function withPageTotal<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) {
  return query.select(sql<number | string>`count(*) over ()`.as(PAGE_TOTAL));
}

/**
 * A query that places its page itself, where LIMIT and OFFSET belong inside it (a page's ids chosen
 * first, then only those rows joined to what they show): `rows(take, skip)` reads `take` rows (all
 * when undefined) from the `skip`th on.
 */
export class PagedQuery<DB, TB extends keyof DB, O> {
  constructor(readonly rows: (take: number | undefined, skip: number) => SelectQueryBuilder<DB, TB, O>) {}

  /** The same page, each row with more columns (or any other change to the paged query). */
  map<DB2, TB2 extends keyof DB2, O2>(
    change: (rows: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB2, TB2, O2>,
  ): PagedQuery<DB2, TB2, O2> {
    return new PagedQuery((take, skip) => change(this.rows(take, skip)));
  }
}

/**
 * Runs `query` (filtered and ordered) for one page, and counts its matching rows with one more
 * query only when the page cannot tell. The page reads one row past its end, which it does not
 * answer: a whole list, a last page, or a list that ends exactly at the page's end (a group of 200
 * read 200 at a time) is never counted again.
 * `counted`, when given, is a cheaper query of the same rows to count: the base table alone with the
 * same filters, without the joins that only add columns (a pass or a query always has its student),
 * so that a count reads one index instead of joining thousands of rows.
 */
export async function listPage<DB, TB extends keyof DB, O, CDB, CTB extends keyof CDB, CO>(
  query: SelectQueryBuilder<DB, TB, O> | PagedQuery<DB, TB, O>,
  page: Page,
  counted?: SelectQueryBuilder<CDB, CTB, CO> | (() => Promise<number>),
  /**
   * Count beside the page instead of after it, whether or not the page tells the total: for a count
   * that costs less than the round trip it saves (a count the database keeps, on PostgreSQL).
   * `'in-page'`: the page's rows carry the total (`withPageTotal`); counted apart only for a page
   * past the end.
   */
  countAtOnce: boolean | 'in-page' = false,
): Promise<Listed<O>> {
  const { limit } = page;
  const take = limit === undefined ? undefined : limit + 1;
  const rows =
    query instanceof PagedQuery ? query.rows(take, page.offset) : limited(query, take, page.offset);
  const count =
    typeof counted === 'function'
      ? counted
      : counted
        ? () => countOf(counted)
        : () => countOf(query instanceof PagedQuery ? query.rows(undefined, 0) : query);
  const pageOf = (found: O[]) => {
    const more = limit !== undefined && found.length > limit;
    const items = more ? found.slice(0, limit) : found;
    return { items, shown: totalShownBy(items.length, page, !more) };
  };
  if (countAtOnce === 'in-page') {
    const found = await rows.execute();
    const { items, shown } = pageOf(found);
    const first = found[0] as Record<string, unknown> | undefined;
    if (first !== undefined) {
      const total = Number(first[PAGE_TOTAL]);
      // The rows are answered (and kept) as the list's other reads give them, without the count: a
      // page changed in memory by a write holds the same rows as one read afresh. The count is each
      // row's last column, whose delete V8 undoes in place.
      for (const row of items) delete (row as { [PAGE_TOTAL]?: unknown }).page_total;
      return { items, total };
    }
    return { items, total: shown ?? (await count()) };
  }
  if (countAtOnce) {
    const [found, counting] = await Promise.all([rows.execute(), count()]);
    const { items, shown } = pageOf(found);
    return { items, total: shown ?? counting };
  }
  const { items, shown } = pageOf(await rows.execute());
  return { items, total: shown ?? (await count()) };
}

/** How many rows `query` (filtered) matches, its selections and order aside. */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .executeTakeFirstOrThrow();
  // PostgreSQL's count is a bigint, which pg hands over as text.
  return Number((row as { total: number | string | bigint }).total);
}

export const mapItems = <T, U>(listed: Listed<T>, map: (item: T) => U): Listed<U> => ({
  items: listed.items.map(map),
  total: listed.total,
});

/** The answer of a list route that answers its rows as an array. */
export const arrayAnswer = <T>(listed: Listed<T>): ListAnswer<T[]> => ({
  body: listed.items,
  total: listed.total,
});

function send<B>(reply: FastifyReply, answer: ListAnswer<B>): B {
  void reply.header(TOTAL_COUNT_HEADER, answer.total);
  return answer.body;
}

/** Sets `X-Total-Count` and gives the body to answer; an answer at hand (a cached one) goes at once. */
export function answerList<B>(
  reply: FastifyReply,
  answer: ListAnswer<B> | Promise<ListAnswer<B>>,
): B | Promise<B> {
  return answer instanceof Promise ? answer.then((ready) => send(reply, ready)) : send(reply, answer);
}

/**
 * A newest-first page with `item` put in its place (before the first item it is `newer` than) and
 * cut to `limit`; undefined when that place is past a full page, where whether the page's total
 * counts the item already cannot be told.
 */
export function withNewest<T>(
  items: readonly T[],
  item: T,
  newer: (a: T, b: T) => boolean,
  limit: number | 'all',
): T[] | undefined {
  const at = items.findIndex((other) => newer(item, other));
  const place = at === -1 ? items.length : at;
  if (limit !== 'all' && place >= limit) return undefined;
  const all = [...items.slice(0, place), item, ...items.slice(place)];
  return limit === 'all' ? all : all.slice(0, limit);
}

/**
 * Which first pages of each owner's lists are kept in memory, so that a write of the owner's can
 * change them in place (`ReadCache.keepChanged`, decision record 0060). A page is noted under its
 * slot, what it shows (its filter and size): a slot's newer key (another day's, say) replaces the
 * older one. Past `size` slots an owner's slot noted longest ago is forgotten, so the pages noted
 * last are the ones kept up to date.
 */
export class KeptPages<Owner, Shape> {
  private readonly owners = new Map<Owner, Map<string, { key: string; shape: Shape }>>();

  constructor(private readonly size: number) {}

  note(owner: Owner, slot: string, key: string, shape: Shape): void {
    let pages = this.owners.get(owner);
    if (!pages) this.owners.set(owner, (pages = new Map<string, { key: string; shape: Shape }>()));
    if (pages.get(slot)?.key === key) return;
    pages.delete(slot);
    pages.set(slot, { key, shape });
    if (pages.size > this.size) pages.delete(pages.keys().next().value!);
  }

  /** The owner's pages noted, by key, with what each shows. */
  of(owner: Owner): Iterable<{ key: string; shape: Shape }> {
    return this.owners.get(owner)?.values() ?? [];
  }

  /** Every owner's pages noted. */
  *all(): Iterable<{ key: string; shape: Shape }> {
    for (const pages of this.owners.values()) yield* pages.values();
  }
}
