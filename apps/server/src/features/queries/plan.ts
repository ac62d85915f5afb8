/**
 * What a list of questions asks for, settled once per read: its filter and order, who reads, and
 * whether the page may be kept in memory for every reader.
 */
import type { QuerySort, SortOrder } from '@campus/contract';
import type { Dialect } from '../../db/index';
import type { MenteeRows, MenteeRowsOf } from '../../db/mentees';
import type { CachedRead } from '../../db/read-cache';
import type { Page } from '../../lib/lists';
import type { Reader } from './rows';
import { searchWords } from './search';

export interface ListFilter {
  /** Unsolved only, solved only, or both. */
  solved?: boolean;
  rollNo?: number;
  /** Words looked up in the full-text index of topic, tags and description (the boards), best first. */
  words?: string | undefined;
  /** One tag, whole, ignoring case. */
  tag?: string | undefined;
  /** Hidden queries too, each saying whether it is hidden; otherwise (the boards) they are left out. */
  withHidden?: boolean;
  /** One group's students only. */
  group?: string | undefined;
  /** Only students of the groups this teacher (account id) mentors. */
  mentoredBy?: string | undefined;
  sort?: QuerySort;
  order?: SortOrder;
}

/**
 * Keeps what `load` reads in memory under the read's key while its sources are unchanged (the read
 * cache, `queryKeys`), or loads afresh.
 */
export type Keeper = <T>(read: CachedRead, load: () => Promise<T>, outside?: number) => Promise<T>;

export interface ListPlan {
  filter: ListFilter;
  reader: Reader;
  sort: QuerySort;
  order: SortOrder;
  /** To a student, another's anonymous question has no group: a group filter or sort must not tell it. */
  masking: boolean;
  /** Whether the page is read with nobody's likes and kept in memory for every reader. */
  shared: boolean;
  /** A mentor's students, when their list follows only those students' rows. */
  mentees: MenteeRows | undefined;
  words: string[] | undefined;
  /** A mentor's or a group's questions, newest first: the page's ids come first from their students. */
  byStudentsFirst: boolean;
  /** Whether the page's rows carry its total (`withPageTotal`). */
  countsInPage: boolean;
  /** Whether the filter narrows through other tables, so that the page's own query is counted. */
  countItself: boolean;
  /** A whole board, whose count the database keeps as questions change (migration 0025). */
  wholeBoard: boolean;
}

/**
 * A page without words or a tag is the same for every reader but for their likes (and what
 * anonymity hides, applied to each reader): it is read with nobody's likes and kept in memory. A
 * board's page follows every question; one student's list (whole: it is short) and a mentor's work
 * list only the questions of those students.
 */
const sharedBy = (filter: ListFilter, page: Page, sort: QuerySort, masking: boolean): boolean =>
  (page.limit !== undefined || filter.rollNo !== undefined) &&
  filter.words === undefined &&
  filter.tag === undefined &&
  !(masking && (filter.group !== undefined || sort === 'name' || sort === 'group'));

/**
 * The plan of a read of `filter`'s page by `reader`; undefined when nothing can match (a search of
 * only punctuation, as a word that occurs nowhere would).
 */
export async function planOf(
  filter: ListFilter,
  page: Page,
  reader: Reader,
  dialect: Dialect,
  /** Whether pages may be kept in memory at all. */
  keeps: boolean,
  menteesOf: MenteeRowsOf | undefined,
  outside: number | undefined,
): Promise<ListPlan | undefined> {
  const { sort = 'createdAt', order = 'desc' } = filter;
  const masking = reader.role === 'student';
  const shared = keeps && sharedBy(filter, page, sort, masking);
  const mentees =
    shared && filter.mentoredBy !== undefined && filter.rollNo === undefined
      ? await menteesOf?.(filter.mentoredBy, outside)
      : undefined;
  const words = filter.words === undefined ? undefined : searchWords(filter.words);
  if (words?.length === 0) return undefined;
  const byStudentsFirst =
    (filter.mentoredBy !== undefined || filter.group !== undefined) &&
    sort === 'createdAt' &&
    words === undefined &&
    filter.tag === undefined;
  const countItself =
    filter.group !== undefined ||
    filter.mentoredBy !== undefined ||
    filter.words !== undefined ||
    filter.tag !== undefined;
  return {
    filter,
    reader,
    sort,
    order,
    masking,
    shared,
    mentees,
    words,
    byStudentsFirst,
    countItself,
    countsInPage: byStudentsFirst && dialect === 'postgres',
    wholeBoard:
      !countItself && filter.solved !== undefined && filter.rollNo === undefined && !filter.withHidden,
  };
}
