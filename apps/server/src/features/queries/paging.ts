/**
 * The boards and lists of questions, one page at a time with its count; a page that every reader
 * sees alike is kept in memory and shown to each reader with their likes.
 */
import type { Query } from '@campus/contract';
import type { Db, Dialect } from '../../db/index';
import type { MenteeRowsOf } from '../../db/mentees';
import { listPage, type Listed, type Page } from '../../lib/lists';
import { totalOf } from './counts';
import type { KeptPage, KeptPagesOf } from './kept-pages';
import { queryKeys } from './cache-keys';
import { planOf, type Keeper, type ListFilter, type ListPlan } from './plan';
import { likesOf, pageReaders } from './readers';
import { readerOf, toQueries, type Reader } from './rows';
import { listStatements, type ListStatements } from './statements';
import { tagged, tagListsOf } from './tags';

export function pagingRepository(
  db: Db,
  dialect: Dialect,
  keep: Keeper | undefined,
  menteesOf: MenteeRowsOf | undefined,
  pages: KeptPagesOf,
) {
  const seenBy = pageReaders();

  /** A page read for its reader alone: a search, a tag, or a list the read cache does not keep. */
  const readAlone = async (
    plan: ListPlan,
    page: Page,
    statements: () => ListStatements,
    total: () => Promise<number>,
  ): Promise<Listed<Query>> => {
    const found = await listPage(
      tagged(dialect, statements().query),
      page,
      total,
      plan.countsInPage && 'in-page',
    );
    return {
      items: toQueries(found.items, plan.reader, plan.filter.withHidden, tagListsOf(found.items)),
      total: found.total,
    };
  };

  /**
   * A page read with nobody's likes, from memory while what it was read from is unchanged. On
   * PostgreSQL a whole board's kept count is read beside the page, saving a round trip; a mentor's
   * or a group's page counts their questions itself.
   */
  const readKept = async (
    plan: ListPlan,
    page: Page,
    statements: () => ListStatements,
    total: () => Promise<number>,
    { keep, outside }: { keep: Keeper; outside: number | undefined },
  ): Promise<Listed<Query>> => {
    const read = queryKeys.page(plan, page);
    pages.note(plan, page, read);
    const load = async (): Promise<KeptPage> => {
      const beside = plan.countsInPage ? 'in-page' : dialect === 'postgres' && plan.wholeBoard;
      const listed = await listPage(tagged(dialect, statements().query), page, total, beside);
      return { found: { items: listed.items, total: listed.total }, tags: tagListsOf(listed.items) };
    };
    const kept = await keep(read, load, outside);
    const liked = await likesOf(db, keep, plan.reader, outside);
    return { items: seenBy(kept, plan.reader, liked, plan.filter.withHidden), total: kept.found.total };
  };

  return {
    /**
     * Queries newest first unless sorted (ties: newest asked first, so pages never overlap), filtered,
     * one page; two queries for a page of up to a thousand (and its count).
     */
    async list(
      filter: ListFilter,
      page: Page,
      viewer: Reader | string,
      /** Where outside writes stood when the request began (the read cache's `outside`). */
      outside?: number,
    ): Promise<Listed<Query>> {
      const plan = await planOf(
        filter,
        page,
        readerOf(viewer),
        dialect,
        keep !== undefined,
        menteesOf,
        outside,
      );
      if (!plan) return { items: [], total: 0 };
      // Built only when a read goes to the database: building costs more than answering from memory.
      let built: ListStatements | undefined;
      const statements = () => (built ??= listStatements(db, dialect, plan));
      const total = totalOf(db, plan, statements, keep, outside);
      return plan.shared && keep
        ? readKept(plan, page, statements, total, { keep, outside })
        : readAlone(plan, page, statements, total);
    },
  };
}
