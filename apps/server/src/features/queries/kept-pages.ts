/**
 * The first pages kept in memory that a new question changes in place instead of dropping them
 * (decision record 0060): the unsolved board's, each student's own list's and each mentor's.
 */
import type { Dialect } from '../../db/index';
import type { MenteeRows } from '../../db/mentees';
import type { CachedRead, ReadCache } from '../../db/read-cache';
import { KeptPages, withNewest, type Page } from '../../lib/lists';
import { isCurrentCard, type StudentCard } from '../people/cards';
import type { ListPlan } from './plan';
import type { Row, TaggedRow } from './rows';
import { tagListAsRead, tagListsOf } from './tags';

/** A list's page as it is kept: its rows (with their tags' column) and total, and the tags. */
export interface KeptPage {
  found: { items: TaggedRow[]; total: number };
  tags: Map<string, string[]>;
}

/** At most this many page sizes of the unsolved board's first page are kept up to date as questions come. */
const FIRST_PAGE_SIZES = 8;
/** At most this many first pages of one student's own questions are kept up to date as they ask. */
const OWN_PAGE_KEYS = 6;
/** At most this many first pages of one mentor's list of their mentees' questions are kept up to date. */
const MENTOR_PAGE_KEYS = 4;

/** Newest first, ties by id, as the lists are ordered. */
const newer = (a: Row, b: Row) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

/** Whether the plan's page is a first page, newest first, that a new question can be put in. */
const newestFirst = ({ sort, order }: ListPlan, page: Page) =>
  sort === 'createdAt' && order === 'desc' && page.offset === 0;

export function keptPages(dialect: Dialect, cache: ReadCache | undefined) {
  /** The unsolved board's first page (newest first, no filter) by its size. */
  const firstPages = new KeptPages<'board', { limit: number; read: CachedRead }>(FIRST_PAGE_SIZES);
  /** Each student's own list's first pages, by key: their size and whether solved ones only. */
  const ownPages = new KeptPages<
    number,
    { limit: number | 'all'; solved: boolean | undefined; read: CachedRead }
  >(OWN_PAGE_KEYS);
  /** Each mentor's list of their mentees' questions, first pages (newest first), by key. */
  const mentorPages = new KeptPages<string, { mentees: MenteeRows; read: CachedRead; limit: number | 'all' }>(
    MENTOR_PAGE_KEYS,
  );

  /** Notes a page kept by `read` (`queryKeys.page`) when a new question can be put in it. */
  const note = (plan: ListPlan, page: Page, read: CachedRead): void => {
    const { filter, mentees } = plan;
    const { key } = read;
    const first = newestFirst(plan, page);
    if (filter.solved === false && plan.wholeBoard && first && page.limit !== undefined) {
      firstPages.note('board', String(page.limit), key, { limit: page.limit, read });
    }
    if (
      filter.rollNo !== undefined &&
      filter.group === undefined &&
      filter.mentoredBy === undefined &&
      first
    ) {
      ownPages.note(filter.rollNo, key, key, { limit: page.limit ?? 'all', solved: filter.solved, read });
    }
    if (
      mentees &&
      filter.mentoredBy !== undefined &&
      filter.solved !== true &&
      filter.group === undefined &&
      filter.words === undefined &&
      filter.tag === undefined &&
      first
    ) {
      mentorPages.note(filter.mentoredBy, key, key, { mentees, read, limit: page.limit ?? 'all' });
    }
  };

  /**
   * After a question: each noted page in memory with the question in its place and its total one
   * more, when nothing but the question changed what the page was read from (`keepChanged`);
   * otherwise the next reader reads the page. `row` is what a read would give; `moves` how many
   * times the question moved the page's tables.
   */
  const keepAsked = (row: Row, student: StudentCard, tags: readonly string[], moves: number): void => {
    if (!cache) return;
    const asked: TaggedRow = { ...row, tag_list: tagListAsRead(dialect, tags) };
    const keepIn = (
      read: CachedRead,
      limit: number | 'all',
      /** Whether the list holds unsolved questions (a solved list never holds a new one). */
      holdsNew: boolean,
    ) =>
      cache.keepChanged<KeptPage>(read, moves, (kept) => {
        const { items, total } = kept.found;
        // Read after the question was written: the page holds it already.
        if (!holdsNew || items.some((item) => item.id === asked.id)) return kept;
        // The asker's name and group are from their card: it must be the student as they are now.
        if (!isCurrentCard(cache, row.roll_no, student)) return undefined;
        const shown = withNewest(items, asked, newer, limit);
        return shown && { found: { items: shown, total: total + 1 }, tags: tagListsOf(shown) };
      });
    for (const { shape: board } of firstPages.of('board')) keepIn(board.read, board.limit, true);
    for (const { shape: own } of ownPages.of(row.roll_no)) keepIn(own.read, own.limit, own.solved !== true);
    for (const { shape: page } of mentorPages.all()) {
      if (page.mentees.has(row.roll_no)) keepIn(page.read, page.limit, true);
    }
  };

  return { note, keepAsked };
}

export type KeptPagesOf = ReturnType<typeof keptPages>;
