/**
 * The Queries board is searched by words in a query's topic, tags and description, ranked, and
 * filtered by a tag: a full-text index kept in step by triggers, so that a search reads the index
 * and never scans every query (ARCHITECTURE "Search"). Decision record 0028.
 *
 * - SQLite: an FTS5 table `queries_fts` (topic, tags, description). Its rowid is the integer key of
 *   `query_search_keys`, one row per query: a text id cannot key an FTS5 row, and the queries' own
 *   rowid may change on VACUUM.
 * - PostgreSQL: a `search` tsvector column on queries (topic weight A, tags B, description C) with a
 *   GIN index; the 'simple' configuration (no stemming) so that both databases match the same words.
 *
 * Tags are written after their query (in the same transaction), so the tags' triggers fill them in.
 * A tag filter reads the (lower(tag), query_id) index.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`create index query_tags_tag_idx on query_tags (lower(tag), query_id)`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgres(db);
  else await sqlite(db);
}

async function sqlite(db: AnyDb): Promise<void> {
  await sql`
    create table query_search_keys (
      key integer primary key,
      query_id text not null unique references queries (id) on delete cascade
    )`.execute(db);
  await sql`
    create virtual table queries_fts using fts5(
      topic, tags, description, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  const keyOf = (id: string) => sql.raw(`(select key from query_search_keys where query_id = ${id})`);
  const tagsOf = (id: string) =>
    sql.raw(
      `coalesce((select group_concat(tag, ' ') from (select tag from query_tags where query_id = ${id} order by position)), '')`,
    );
  await sql`
    create trigger queries_search_insert after insert on queries begin
      insert into query_search_keys (query_id) values (new.id);
      insert into queries_fts (rowid, topic, tags, description)
        values (${keyOf('new.id')}, new.topic, ${tagsOf('new.id')}, new.description);
    end`.execute(db);
  await sql`
    create trigger queries_search_update after update of topic, description on queries begin
      update queries_fts set topic = new.topic, description = new.description
        where rowid = ${keyOf('new.id')};
    end`.execute(db);
  await sql`
    create trigger queries_search_delete before delete on queries begin
      delete from queries_fts where rowid = ${keyOf('old.id')};
      delete from query_search_keys where query_id = old.id;
    end`.execute(db);
  for (const [event, row] of [
    ['insert', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`
      create trigger ${sql.id(`query_tags_search_${event}`)} after ${sql.raw(event)} on query_tags begin
        update queries_fts set tags = ${tagsOf(`${row}.query_id`)}
          where rowid = ${keyOf(`${row}.query_id`)};
      end`.execute(db);
  }
  // The queries there are already: one key and one index row each.
  await sql`insert into query_search_keys (query_id) select id from queries order by created_at`.execute(db);
  await sql`
    insert into queries_fts (rowid, topic, tags, description)
      select k.key, q.topic, ${tagsOf('q.id')}, q.description
      from queries q join query_search_keys k on k.query_id = q.id`.execute(db);
}

async function postgres(db: AnyDb): Promise<void> {
  await sql`alter table queries add column search tsvector`.execute(db);
  await sql`
    create function campus_query_document(topic text, description text, query_id text)
    returns tsvector language sql stable as $$
      select setweight(to_tsvector('simple', topic), 'A')
        || setweight(to_tsvector('simple', coalesce(
             (select string_agg(tag, ' ' order by position) from query_tags where query_tags.query_id = $3),
             '')), 'B')
        || setweight(to_tsvector('simple', description), 'C')
    $$`.execute(db);
  await sql`
    create function campus_query_search() returns trigger language plpgsql as $$
    begin
      new.search := campus_query_document(new.topic, new.description, new.id);
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger queries_search before insert or update of topic, description on queries
    for each row execute function campus_query_search()`.execute(db);
  // One update per statement, however many tags it writes (the large seed writes thousands at once).
  await sql`
    create function campus_query_tags_search() returns trigger language plpgsql as $$
    begin
      update queries q set search = campus_query_document(q.topic, q.description, q.id)
      where q.id in (select query_id from changed_tags);
      return null;
    end
    $$`.execute(db);
  for (const [event, table] of [
    ['insert', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`
      create trigger ${sql.id(`query_tags_search_${event}`)} after ${sql.raw(event)} on query_tags
      referencing ${sql.raw(table)} table as changed_tags
      for each statement execute function campus_query_tags_search()`.execute(db);
  }
  await sql`update queries set search = campus_query_document(topic, description, id)`.execute(db);
  await sql`create index queries_search_idx on queries using gin (search)`.execute(db);
}
