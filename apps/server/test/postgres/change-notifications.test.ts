/**
 * On PostgreSQL, servers hear of each other's writes by notification (decision record 0008): a
 * write is answered only once every server that keeps answers in memory has heard of it, or its
 * lease has run out; a server that cannot hear keeps nothing.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { BARRIER_CHANNEL } from '../../src/db/pg-changes';
import { CACHED_TABLES } from '../../src/db/read-cache';
import { rowsOf } from '../../src/db/changes';
import { createTestPair, type TestApp } from '../app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  noticeHeadings,
  publishNotice,
} from '../fixtures';

let pair: Awaited<ReturnType<typeof createTestPair>>;
let first: TestApp;
let second: TestApp;
let teacherToken: string;
let studentToken: string;
let authorId: string;

beforeAll(async () => {
  pair = await createTestPair();
  ({ first, second } = pair);
  const teacher = await createTeacher(first.handle.db);
  authorId = teacher.accountId;
  teacherToken = await login(first.app, teacher.loginId);
  studentToken = await login(second.app, (await createStudent(first.handle.db)).loginId);
});
afterAll(() => pair.close());

let published = 0;
const publish = (instance: TestApp) => {
  const heading = `Notice ${++published}`;
  return { heading, answer: publishNotice(instance.app, teacherToken, heading) };
};

const headings = (instance: TestApp) => noticeHeadings(instance.app, studentToken);

/** What the second server hears is held back until the test lets it through, or ends. */
function holdNotifications(instance: TestApp) {
  const changes = instance.handle.changes as unknown as { hear(message: pg.Notification): void };
  const hear = changes.hear.bind(changes);
  const held: pg.Notification[] = [];
  let onBarrier: (() => void) | undefined;
  changes.hear = (message) => {
    held.push(message);
    if (message.channel === BARRIER_CHANNEL) onBarrier?.();
  };
  const release = () => {
    changes.hear = hear;
    for (const message of held.splice(0)) hear(message);
  };
  // A test that fails while holding leaves the server hearing again for the next.
  onTestFinished(release);
  return {
    held,
    release,
    /** Resolves when a barrier has arrived (and is held). */
    barrier: () =>
      new Promise<void>((resolve) => {
        if (held.some((message) => message.channel === BARRIER_CHANNEL)) resolve();
        else onBarrier = resolve;
      }),
  };
}

describe('change notifications on PostgreSQL', () => {
  it('are sent by exactly the tables a cached read may name, one trigger per kind of change', async () => {
    const { rows } = await sql<{ table_name: string; events: string }>`
      select t.table_name, coalesce(string_agg(g.event_manipulation, ',' order by g.event_manipulation), '') as events
      from information_schema.tables t
      left join information_schema.triggers g
        on g.event_object_schema = t.table_schema and g.event_object_table = t.table_name
          and g.action_statement like '%campus_notify_%'
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and t.table_name not like 'kysely_%' and t.table_name <> 'cache_members'
      group by t.table_name`.execute(first.handle.db);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    const notifying = rows.filter((row) => row.events !== '');
    expect(notifying.map((row) => row.table_name).sort()).toEqual([...CACHED_TABLES].sort());
    // information_schema lists no truncate triggers; those are checked by the writes below.
    for (const row of notifying) expect(row.events).toBe('DELETE,INSERT,UPDATE');
  });

  it('are not sent for a statement that changed no row, nor by a table no cached read names', async () => {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(first.handle.db))
      .rows[0]!.schema;
    const hold = holdNotifications(second);
    const heard = () =>
      hold.held
        .filter((m) => m.channel === 'campus_changes' && m.payload?.startsWith(`${schema}.`))
        .map((m) => m.payload);
    await sql`update notices set heading = heading where id = 'no such notice'`.execute(first.handle.db);
    await sql`delete from events where id = 'no such event'`.execute(first.handle.db);
    await sql`insert into faq (id, position, question, answer) values ('unheard', 99, 'Q?', 'A.')`.execute(
      first.handle.db,
    );
    await sql`truncate rate_limits`.execute(first.handle.db);
    await sql`insert into notices (id, author_id, heading, contact_email, description, created_at)
              values ('heard', ${authorId}, 'Heard', 'office@campus.example.edu', 'From psql.', ${new Date().toISOString()})`.execute(
      first.handle.db,
    );
    await sql`truncate query_likes`.execute(first.handle.db);
    // Notifications arrive in commit order: once the last has arrived, every earlier one has.
    await vi.waitFor(() => expect(heard()).toContain(`${schema}.query_likes`));
    const payloads = heard();
    hold.release();
    expect(payloads).toEqual([`${schema}.notices`, `${schema}.query_likes`]);
  });

  it("name the students whose attendance changed, and another server keeps the others' history in memory", async () => {
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(first.handle.db))
      .rows[0]!.schema;
    const marked = await createStudent(first.handle.db);
    const other = await createStudent(first.handle.db);
    const teacher = await createTeacher(first.handle.db);
    const token = await login(first.app, teacher.loginId);
    const otherToken = await login(second.app, other.loginId);
    const adminToken = await login(second.app, (await createAdmin(first.handle.db)).loginId);
    const hits = async () =>
      (
        await second.app.inject({ method: 'GET', url: '/api/health/cache', headers: bearer(adminToken) })
      ).json<{ answers: { hits: number } }>().answers.hits;
    const history = async () =>
      (
        await second.app.inject({
          method: 'GET',
          url: `/api/attendance/${other.rollNo}?limit=20`,
          headers: bearer(otherToken),
        })
      ).json<unknown[]>();
    expect(await history()).toEqual([]);
    const hold = holdNotifications(second);
    const marking = first.app.inject({
      method: 'POST',
      url: '/api/mark-attendance',
      headers: bearer(token),
      payload: {
        date: new Date().toISOString().slice(0, 10),
        attendanceRecords: [{ studentId: marked.rollNo, status: 'Present' }],
      },
    });
    await hold.barrier();
    const payloads = hold.held.filter((m) => m.channel === 'campus_changes').map((m) => m.payload);
    expect(payloads).toContain(`${schema}.attendance#${marked.rollNo}`);
    hold.release();
    expect((await marking).statusCode).toBe(200);
    // The other student's history is still answered from memory on the second server; the marked
    // student's is read afresh there.
    const before = await hits();
    expect(await history()).toEqual([]);
    expect(await hits()).toBe(before + 1);
    const markedToken = await login(second.app, marked.loginId);
    const markedHistory = await second.app.inject({
      method: 'GET',
      url: `/api/attendance/${marked.rollNo}?limit=20`,
      headers: bearer(markedToken),
    });
    expect(markedHistory.json<{ status: string }[]>().map((r) => r.status)).toEqual(['Present']);
  });

  it('answer at once a write that changed no cached row, and wait for the others', async () => {
    const student = await createStudent(first.handle.db);
    const teacher = await createTeacher(first.handle.db);
    const token = await login(first.app, teacher.loginId);
    const mark = (status: string) =>
      first.app.inject({
        method: 'POST',
        url: '/api/mark-attendance',
        headers: bearer(token),
        payload: {
          date: new Date().toISOString().slice(0, 10),
          attendanceRecords: [{ studentId: student.rollNo, status }],
        },
      });
    expect((await mark('Present')).statusCode).toBe(200);
    // The second server hears nothing from here on: a write that waited for it would never be answered.
    const hold = holdNotifications(second);
    expect((await mark('Present')).statusCode).toBe(200);
    const added = await first.app.inject({
      method: 'POST',
      url: '/api/syllabus-add',
      headers: bearer(token),
      payload: { courseName: 'Optics', semester: '3', topics: ['Lenses'] },
    });
    expect(added.statusCode).toBe(201);
    expect(hold.held.filter((m) => m.channel === BARRIER_CHANNEL)).toEqual([]);
    // A mark that changes a status waits until the second server has said it heard.
    let answered = false;
    const changed = mark('Absent').then((response) => {
      answered = true;
      return response;
    });
    await hold.barrier();
    expect(answered).toBe(false);
    hold.release();
    expect((await changed).statusCode).toBe(200);
  });

  it('answer a write only once the other server has heard of it', async () => {
    await headings(second);
    await headings(second);
    const hold = holdNotifications(second);
    const { heading, answer } = publish(first);
    let answered = false;
    void answer.then(() => (answered = true));
    // The second server has heard the write and the barrier after it, but not yet said so.
    await hold.barrier();
    expect(answered).toBe(false);
    hold.release();
    expect((await answer).statusCode).toBe(201);
    expect(await headings(second)).toContain(heading);
  });

  it('wait for a server that holds a lease but does not answer, only until its lease runs out', async () => {
    await sql`insert into cache_members (id, lease_until) values ('silent', now() + interval '1 second')`.execute(
      first.handle.db,
    );
    const started = performance.now();
    const { heading, answer } = publish(first);
    expect((await answer).statusCode).toBe(201);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThan(800);
    expect(waited).toBeLessThan(2500);
    expect(await headings(second)).toContain(heading);
    // Once its lease has run out, nobody waits for it.
    const again = performance.now();
    expect((await publish(first).answer).statusCode).toBe(201);
    expect(performance.now() - again).toBeLessThan(800);
  });

  it('are counted once by the server that wrote, as the write commits, and not again when they come back', async () => {
    const changes = first.handle.changes;
    const stamp = (name: string) => changes.stamp([name], changes.outside()!).local;
    const student = await createStudent(first.handle.db);
    const token = await login(first.app, (await createTeacher(first.handle.db)).loginId);
    const history = rowsOf('attendance', student.rollNo);
    const before = stamp(history);
    const marked = await first.app.inject({
      method: 'POST',
      url: '/api/mark-attendance',
      headers: bearer(token),
      payload: {
        date: new Date().toISOString().slice(0, 10),
        attendanceRecords: [{ studentId: student.rollNo, status: 'Present' }],
      },
    });
    expect(marked.statusCode).toBe(200);
    expect(stamp(history)).toBe(before + 1);
    // A question is asked in a transaction: counted at its commit.
    const questions = stamp('queries');
    const asked = await first.app.inject({
      method: 'POST',
      url: '/api/submit-query',
      headers: bearer(studentToken),
      payload: { topic: 'Lab hours', tags: 'labs', query: 'When does the lab open?' },
    });
    expect(asked.statusCode).toBe(201);
    expect(stamp('queries')).toBe(questions + 1);
    // Every change committed before this has now been heard, this server's own among them.
    await changes.settle?.(true);
    expect(stamp(history)).toBe(before + 1);
    expect(stamp('queries')).toBe(questions + 1);
  });

  it('hear of writes made outside any server', async () => {
    await headings(second);
    await sql`insert into notices (id, author_id, heading, contact_email, description, created_at)
              values ('outside', ${authorId}, 'Written by hand', 'office@campus.example.edu', 'From psql.', ${new Date().toISOString()})`.execute(
      first.handle.db,
    );
    // Every change committed before this is heard of once it resolves.
    await second.handle.changes.settle?.(true);
    expect(await headings(second)).toContain('Written by hand');
  });

  it('keep nothing in memory while the connection that hears is lost, and start again when it is back', async () => {
    expect(second.handle.changes.outside()).toBeDefined();
    const { id } = second.handle.changes as unknown as { id: string };
    await headings(second);
    const { rows } = await sql<{ stopped: boolean }>`
      select pg_terminate_backend(pid) as stopped from pg_stat_activity
      where application_name = ${`campus-changes ${id}`}`.execute(first.handle.db);
    expect(rows).toEqual([{ stopped: true }]);
    await vi.waitFor(() => expect(second.handle.changes.outside()).toBeUndefined(), { timeout: 5000 });
    // Nothing can be heard now, yet nothing stale is served: a write by hand shows at once.
    await sql`insert into notices (id, author_id, heading, contact_email, description, created_at)
              values ('unheard', ${authorId}, 'While deaf', 'office@campus.example.edu', 'From psql.', ${new Date().toISOString()})`.execute(
      first.handle.db,
    );
    expect(await headings(second)).toContain('While deaf');
    await vi.waitFor(() => expect(second.handle.changes.outside()).toBeDefined(), {
      timeout: 10_000,
      interval: 100,
    });
    const { heading, answer } = publish(first);
    expect((await answer).statusCode).toBe(201);
    expect(await headings(second)).toContain(heading);
  });
});
