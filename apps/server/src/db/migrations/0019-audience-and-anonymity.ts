/**
 * Who a notice is for, when it shows, anonymous questions, and search of notices and the syllabus
 * (decision record 0033).
 *
 * - Mentor notices, events and general notices get `audience` ('all', 'groups', 'students',
 *   'teachers'), `starts_at` (when it shows; its creation for the notices there are), `ends_at`
 *   (null: never leaves), `pinned` (0/1) and `notified_at` (when its people were told; a scheduled
 *   notice is told when it starts). A notice for groups names them in `notice_audience_groups`.
 *   The lists read (pinned, starts_at, id) and the groups' (group_name, notice_id) index.
 * - Queries get `anonymous` (0/1): other students see "Anonymous student".
 * - Search, kept in step by triggers as the Queries board's (migration 0016):
 *   SQLite: one FTS5 table `notices_fts` (kind unindexed, title, body) over the three kinds, keyed
 *   through `notice_search_keys`; `syllabus_fts` (course, topics) keyed through `syllabus_search_keys`.
 *   PostgreSQL: a `search` tsvector column on each table ('simple' configuration) with a GIN index.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow later table types
type AnyDb = Kysely<any>;

/** Each notice table, its title column and the text that is searched as its body. */
const NOTICE_TABLES = [
  {
    table: 'notices',
    kind: 'generalNotice',
    title: 'heading',
    columns: 'heading, description',
    body: (r: string) => `${r}description`,
  },
  {
    table: 'events',
    kind: 'eventNotice',
    title: 'event_name',
    columns: 'event_name, host_by, description',
    body: (r: string) => `${r}host_by || ' ' || ${r}description`,
  },
  {
    table: 'mentor_notices',
    kind: 'mentorNotice',
    title: 'heading',
    columns: 'heading, description',
    body: (r: string) => `${r}description`,
  },
] as const;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`
      create function campus_notice_starts() returns trigger language plpgsql as $$
      begin
        if new.starts_at is null then
          new.starts_at := new.created_at;
          new.notified_at := coalesce(new.notified_at, new.created_at);
        end if;
        return new;
      end
      $$`.execute(db);
  }
  for (const { table } of NOTICE_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
      .execute();
    await db.schema.alterTable(table).addColumn('starts_at', 'text').execute();
    await db.schema.alterTable(table).addColumn('ends_at', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable(table).addColumn('notified_at', 'text').execute();
    // The notices there are were shown and told when they were posted.
    await sql`update ${sql.table(table)} set starts_at = created_at, notified_at = created_at`.execute(db);
    // A notice written without a start (the seeders, an import) shows, and was told, at once.
    if (postgres) {
      await sql`
        create trigger ${sql.id(`${table}_starts`)} before insert on ${sql.table(table)}
        for each row execute function campus_notice_starts()`.execute(db);
    } else {
      await sql`
        create trigger ${sql.id(`${table}_starts`)} after insert on ${sql.table(table)}
        when new.starts_at is null begin
          update ${sql.table(table)} set starts_at = new.created_at,
            notified_at = coalesce(new.notified_at, new.created_at) where id = new.id;
        end`.execute(db);
    }
    await sql`create index ${sql.id(`${table}_list_idx`)} on ${sql.table(table)} (pinned, starts_at, id)`.execute(
      db,
    );
    await sql`create index ${sql.id(`${table}_unnotified_idx`)} on ${sql.table(table)} (starts_at) where notified_at is null`.execute(
      db,
    );
  }
  await db.schema
    .createTable('notice_audience_groups')
    .addColumn('notice_id', 'text', (c) => c.notNull())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_audience_groups_pk', ['notice_id', 'group_name'])
    .execute();
  await sql`create index notice_audience_groups_group_idx on notice_audience_groups (group_name, notice_id)`.execute(
    db,
  );
  await db.schema
    .alterTable('queries')
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (postgres) await searchPostgres(db);
  else await searchSqlite(db);
}

async function searchSqlite(db: AnyDb): Promise<void> {
  await sql`
    create table notice_search_keys (
      key integer primary key,
      kind text not null,
      notice_id text not null,
      unique (kind, notice_id)
    )`.execute(db);
  await sql`
    create virtual table notices_fts using fts5(
      kind unindexed, title, body, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  for (const { table, kind, title, columns, body } of NOTICE_TABLES) {
    const keyOf = (id: string) =>
      sql.raw(`(select key from notice_search_keys where kind = '${kind}' and notice_id = ${id})`);
    const newBody = sql.raw(body('new.'));
    await sql`
      create trigger ${sql.id(`${table}_search_insert`)} after insert on ${sql.table(table)} begin
        insert into notice_search_keys (kind, notice_id) values (${sql.lit(kind)}, new.id);
        insert into notices_fts (rowid, kind, title, body)
          values (${keyOf('new.id')}, ${sql.lit(kind)}, ${sql.raw(`new.${title}`)}, ${newBody});
      end`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_search_update`)} after update of ${sql.raw(columns)} on ${sql.table(table)} begin
        update notices_fts set title = ${sql.raw(`new.${title}`)}, body = ${newBody}
          where rowid = ${keyOf('new.id')};
      end`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_search_delete`)} before delete on ${sql.table(table)} begin
        delete from notices_fts where rowid = ${keyOf('old.id')};
        delete from notice_search_keys where kind = ${sql.lit(kind)} and notice_id = old.id;
      end`.execute(db);
    await sql`insert into notice_search_keys (kind, notice_id) select ${sql.lit(kind)}, id from ${sql.table(table)} order by created_at`.execute(
      db,
    );
    await sql`
      insert into notices_fts (rowid, kind, title, body)
        select k.key, ${sql.lit(kind)}, ${sql.raw(`n.${title}`)}, ${sql.raw(body('n.'))}
        from ${sql.table(table)} n join notice_search_keys k on k.kind = ${sql.lit(kind)} and k.notice_id = n.id`.execute(
      db,
    );
  }

  await sql`
    create table syllabus_search_keys (
      key integer primary key,
      syllabus_id text not null unique
    )`.execute(db);
  await sql`
    create virtual table syllabus_fts using fts5(
      course, topics, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  const syllabusKey = (id: string) =>
    sql.raw(`(select key from syllabus_search_keys where syllabus_id = ${id})`);
  // Topics are a JSON array of texts: indexed as the texts, one after another.
  const topicsOf = (row: string) =>
    sql.raw(`coalesce((select group_concat(value, ', ') from json_each(${row}.topics)), '')`);
  await sql`
    create trigger syllabus_search_insert after insert on syllabus begin
      insert into syllabus_search_keys (syllabus_id) values (new.id);
      insert into syllabus_fts (rowid, course, topics)
        values (${syllabusKey('new.id')}, new.course_name || ' ' || new.semester, ${topicsOf('new')});
    end`.execute(db);
  await sql`
    create trigger syllabus_search_update after update of course_name, semester, topics on syllabus begin
      update syllabus_fts set course = new.course_name || ' ' || new.semester, topics = ${topicsOf('new')}
        where rowid = ${syllabusKey('new.id')};
    end`.execute(db);
  await sql`
    create trigger syllabus_search_delete before delete on syllabus begin
      delete from syllabus_fts where rowid = ${syllabusKey('old.id')};
      delete from syllabus_search_keys where syllabus_id = old.id;
    end`.execute(db);
  await sql`insert into syllabus_search_keys (syllabus_id) select id from syllabus order by created_at`.execute(
    db,
  );
  await sql`
    insert into syllabus_fts (rowid, course, topics)
      select k.key, s.course_name || ' ' || s.semester, ${topicsOf('s')}
      from syllabus s join syllabus_search_keys k on k.syllabus_id = s.id`.execute(db);
}

async function searchPostgres(db: AnyDb): Promise<void> {
  for (const { table, title, columns, body } of NOTICE_TABLES) {
    await sql`alter table ${sql.table(table)} add column search tsvector`.execute(db);
    const fn = `campus_${table}_search`;
    const newBody = body('new.');
    await sql`
      create function ${sql.id(fn)}() returns trigger language plpgsql as $$
      begin
        new.search := setweight(to_tsvector('simple', ${sql.raw(`new.${title}`)}), 'A')
          || setweight(to_tsvector('simple', ${sql.raw(newBody)}), 'C');
        return new;
      end
      $$`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_search`)} before insert or update of ${sql.raw(columns)} on ${sql.table(table)}
      for each row execute function ${sql.id(fn)}()`.execute(db);
    await sql`
      update ${sql.table(table)} set search = setweight(to_tsvector('simple', ${sql.raw(title)}), 'A')
        || setweight(to_tsvector('simple', ${sql.raw(body(''))}), 'C')`.execute(db);
    await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(table)} using gin (search)`.execute(
      db,
    );
  }
  await sql`alter table syllabus add column search tsvector`.execute(db);
  await sql`
    create function campus_syllabus_search() returns trigger language plpgsql as $$
    begin
      new.search := setweight(to_tsvector('simple', new.course_name || ' ' || new.semester), 'A')
        || setweight(to_tsvector('simple', coalesce(
             (select string_agg(value, ', ') from json_array_elements_text(new.topics::json) value), '')), 'B');
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger syllabus_search before insert or update of course_name, semester, topics on syllabus
    for each row execute function campus_syllabus_search()`.execute(db);
  await sql`
    update syllabus set search = setweight(to_tsvector('simple', course_name || ' ' || semester), 'A')
      || setweight(to_tsvector('simple', coalesce(
           (select string_agg(value, ', ') from json_array_elements_text(topics::json) value), '')), 'B')`.execute(
    db,
  );
  await sql`create index syllabus_search_idx on syllabus using gin (search)`.execute(db);
}
