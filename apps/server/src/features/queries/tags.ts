/** A question's tags, in the order they were given: read apart, or in a page's own statement. */
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { PagedQuery } from '../../lib/lists';
import type { PagedOf, Select, TaggedRow } from './rows';

/** The tags of every query on a page, in one query per thousand queries, in the order they were given. */
export const tagsOf = async (db: Db, ids: string[]): Promise<Map<string, string[]>> => {
  const tags = new Map<string, string[]>(ids.map((id) => [id, []]));
  await inChunks(ids, async (chunk) => {
    const rows = await db
      .selectFrom('query_tags')
      .select(['query_id', 'tag'])
      .where('query_id', 'in', chunk)
      .orderBy('query_id')
      .orderBy('position')
      .execute();
    for (const row of rows) tags.get(row.query_id)?.push(row.tag);
  });
  return tags;
};

/** Each question's tags as one JSON list a row: cheaper in the page's own statement (docs/performance.md). */
const TAG_LIST = {
  postgres: sql<
    string[] | string | null
  >`(select json_agg(t.tag order by t.position) from query_tags t where t.query_id = q.id)`,
  sqlite: sql<
    string[] | string | null
  >`(select json_group_array(t.tag order by t.position) from query_tags t where t.query_id = q.id)`,
};

const withTagList = (dialect: Dialect, rows: Select) => rows.select(TAG_LIST[dialect].as('tag_list'));
type Tagged = ReturnType<typeof withTagList>;

/** A page's query with each question's tags, in order, in its `tag_list` column. */
export function tagged(dialect: Dialect, query: Select | PagedOf<Select>): Tagged | PagedOf<Tagged> {
  return query instanceof PagedQuery
    ? query.map((rows) => withTagList(dialect, rows))
    : withTagList(dialect, query);
}

/** Each row's tags from `tagged`'s column (SQLite hands JSON over as text). */
export const tagListsOf = (rows: readonly TaggedRow[]): Map<string, string[]> =>
  new Map(
    rows.map((row) => [
      row.id,
      typeof row.tag_list === 'string' ? (JSON.parse(row.tag_list) as string[]) : (row.tag_list ?? []),
    ]),
  );

/** The tags a dialect hands over for a row written with `tags`, as `tagged` would read them. */
export const tagListAsRead = (dialect: Dialect, tags: readonly string[]): TaggedRow['tag_list'] =>
  dialect === 'postgres' ? (tags.length > 0 ? [...tags] : null) : JSON.stringify(tags);
