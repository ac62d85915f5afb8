/**
 * The Q&A board's repository, composed of its parts: the lists (paging.ts), search (search.ts),
 * the writes (writes.ts), and the pages a new question changes in memory (kept-pages.ts).
 */
import type { Db, Dialect } from '../../db/index';
import type { MenteeRowsOf } from '../../db/mentees';
import type { ReadCache } from '../../db/read-cache';
import { findById } from './by-id';
import { keptPages } from './kept-pages';
import { pagingRepository } from './paging';
import type { Keeper } from './plan';
import type { Reader } from './rows';
import { similarQueries } from './search';
import { writesRepository } from './writes';

export function queryRepository(
  db: Db,
  dialect: Dialect,
  keep?: Keeper,
  menteesOf?: MenteeRowsOf,
  /** The read cache itself, for keeping the lists' first pages as questions are asked. */
  cache?: ReadCache,
) {
  const pages = keptPages(dialect, cache);
  return {
    findById: (id: string, reader: Reader, withHidden = false) => findById(db, id, reader, withHidden),
    ...pagingRepository(db, dialect, keep, menteesOf, pages),
    similar: (text: string, limit: number) => similarQueries(db, dialect, text, limit),
    ...writesRepository(db, dialect, pages),
  };
}

export type QueryRepository = ReturnType<typeof queryRepository>;
