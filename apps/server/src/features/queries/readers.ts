/** A page kept for every reader, as each reader is shown it: with their likes, and anonymity's masks. */
import type { Query } from '@campus/contract';
import type { Db } from '../../db/index';
import { shareValue } from '../../db/read-cache';
import { queryKeys } from './cache-keys';
import type { KeptPage } from './kept-pages';
import type { Keeper } from './plan';
import { toQueries, type Reader } from './rows';

/** Every query `accountId` likes (an account likes tens, not thousands). */
const everyLikeOf = async (db: Db, accountId: string): Promise<string[]> =>
  (await db.selectFrom('query_likes').select('query_id').where('account_id', '=', accountId).execute()).map(
    (row) => row.query_id,
  );

/** The reader's likes, from memory until someone likes or unlikes a question. */
export const likesOf = async (
  db: Db,
  keep: Keeper,
  reader: Reader,
  outside: number | undefined,
): Promise<Set<string>> =>
  new Set(await keep(queryKeys.liked(reader.accountId), () => everyLikeOf(db, reader.accountId), outside));

/** A reader who liked none of the page, and (a student) asked none of its anonymous questions. */
const seesPlain = ({ found }: KeptPage, reader: Reader, liked: ReadonlySet<string>): boolean =>
  !found.items.some((row) => liked.has(row.id)) &&
  !(
    reader.role === 'student' &&
    found.items.some((row) => row.anonymous === 1 && row.roll_no === reader.rollNo)
  );

/**
 * The items of kept pages as readers see them. A plain reader sees a page as every such reader
 * does: those items are built once per page (as a student, and as staff) and kept beside it.
 */
export function pageReaders() {
  /** Per page kept in memory: its items as seen by a student, and by staff, who liked none of them. */
  const plainItems = new WeakMap<object, Map<'student' | 'staff', Query[]>>();

  const plainOf = (kept: KeptPage, as: 'student' | 'staff', withHidden: boolean | undefined): Query[] => {
    let seen = plainItems.get(kept);
    if (!seen) {
      seen = new Map();
      plainItems.set(kept, seen);
    }
    let items = seen.get(as);
    if (!items) {
      const nobody: Reader = { accountId: '', role: as === 'student' ? 'student' : 'admin', rollNo: null };
      const unliked = kept.found.items.map((row) => ({ ...row, liked_by_me: false }));
      items = shareValue(toQueries(unliked, nobody, withHidden, kept.tags));
      seen.set(as, items);
    }
    return items;
  };

  return (
    kept: KeptPage,
    reader: Reader,
    liked: ReadonlySet<string>,
    withHidden: boolean | undefined,
  ): Query[] => {
    if (seesPlain(kept, reader, liked)) {
      return plainOf(kept, reader.role === 'student' ? 'student' : 'staff', withHidden);
    }
    const mine = kept.found.items.map((row) => ({ ...row, liked_by_me: liked.has(row.id) }));
    return toQueries(mine, reader, withHidden, kept.tags);
  };
}
