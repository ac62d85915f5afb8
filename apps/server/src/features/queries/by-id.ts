/** One question looked up by its id. */
import type { Query } from '@campus/contract';
import type { Db } from '../../db/index';
import { selectQueries, toQueries, type Reader } from './rows';
import { tagsOf } from './tags';

/** The roll number of the student who asked a query; undefined when there is no such query. */
export const askerOf = async (db: Db, id: string): Promise<number | undefined> =>
  (await db.selectFrom('queries').select('roll_no').where('id', '=', id).executeTakeFirst())?.roll_no;

/** The query as `reader` is shown it (hidden ones too with `withHidden`, saying so). */
export const findById = async (
  db: Db,
  id: string,
  reader: Reader,
  withHidden = false,
): Promise<Query | undefined> => {
  const rows = await selectQueries(db, reader.accountId).where('q.id', '=', id).execute();
  const [query] = toQueries(
    rows,
    reader,
    withHidden,
    await tagsOf(
      db,
      rows.map((row) => row.id),
    ),
  );
  return query;
};
