/**
 * Who a notice is for and when it shows: a student of another group never sees a notice for one
 * group (lists, counts, live updates, notifications); scheduled notices show and are told when they
 * start, expired ones leave; pinned first; search of notices and the syllabus, ranked and marked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HIGHLIGHT_END as E,
  HIGHLIGHT_START as S,
  TOTAL_COUNT_HEADER,
  type GeneralNotice,
  type NoticeSearchHit,
  type Notification,
} from '@campus/contract';
import { createTestApp, testClock, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createStudent, createTeacher, login } from '../../../test/fixtures';
import { openEvents } from '../../../test/live-stream';

const clock = testClock();
let t: TestApp;
const token: Record<string, string> = {};
const people: Record<string, { accountId: string; loginId: number }> = {};
/** Groups of this file only, so that no other test's people are in them. */
const A = `Aud-A-${Date.now()}`;
const B = `Aud-B-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const { db } = t.handle;
  people.teacher = await createTeacher(db, { groups: [A] });
  people.otherTeacher = await createTeacher(db, { groups: [B] });
  people.inA = await createStudent(db, { group: A });
  people.inB = await createStudent(db, { group: B });
  people.admin = await createAdmin(db);
  for (const [name, person] of Object.entries(people)) token[name] = await login(t.app, person.loginId);
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.app.inject({ url, headers: bearer(token[who]!) });
const post = (data: Record<string, unknown>, type = 'generalNotice', who = 'teacher') =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-notice',
    headers: bearer(token[who]!),
    payload: { type, data },
  });
const general = (heading: string, extra: Record<string, unknown> = {}) => ({
  heading,
  contactEmail: 'office@campus.example.edu',
  description: `About ${heading}.`,
  ...extra,
});
const headings = async (who: string, url = '/api/get-notices') =>
  (await get(url, who)).json<GeneralNotice[]>().map((n) => n.heading);
const notes = async (who: string) => (await get('/api/notifications', who)).json<Notification[]>();
const iso = (ms: number) => new Date(clock.now() + ms).toISOString();

describe('audiences', () => {
  it("a mentor notice pings only its author's groups: a student of another group hears nothing", async () => {
    const { db } = t.handle;
    const [C, D] = [`Aud-C-${Date.now()}`, `Aud-D-${Date.now()}`];
    const mentor = await login(t.app, (await createTeacher(db, { groups: [C] })).loginId);
    const inC = await openEvents(t.app, await login(t.app, (await createStudent(db, { group: C })).loginId));
    const inDToken = await login(t.app, (await createStudent(db, { group: D })).loginId);
    const inD = await openEvents(t.app, inDToken);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-notice',
        headers: bearer(mentor),
        payload: { type: 'mentorNotice', data: { heading: 'Viva on Monday', description: 'Room 4.' } },
      });
      expect(res.statusCode).toBe(201);
      await inC.next('notices');
      const ask = await t.app.inject({
        method: 'POST',
        url: '/api/submit-query',
        headers: bearer(inDToken),
        payload: { topic: 'Sentinel', tags: 'x', query: 'Ordering marker for the mentor notice.' },
      });
      expect(ask.statusCode).toBe(201);
      const marker = await inD.next('queries');
      expect(
        inD.events.slice(0, inD.events.indexOf(marker) + 1).some((e) => e.topics.includes('notices')),
      ).toBe(false);
    } finally {
      inC.close();
      inD.close();
    }
  });

  it('a notice for one group reaches its students, never another group’s: lists, counts, live updates, notifications', async () => {
    const inA = await openEvents(t.app, token.inA!);
    const inB = await openEvents(t.app, token.inB!);
    let id: string;
    try {
      const res = await post(general('Lab A closes early', { audience: 'groups', groups: [A] }));
      expect(res.statusCode).toBe(201);
      expect(res.json().notice.audience).toEqual({ kind: 'groups', groups: [A] });
      id = res.json().notice._id;

      await inA.next('notices');
      // A change everyone hears of comes after: had B been sent the notice, it would be before it.
      const ask = await t.app.inject({
        method: 'POST',
        url: '/api/submit-query',
        headers: bearer(token.inA!),
        payload: { topic: 'Sentinel', tags: 'x', query: 'Ordering marker.' },
      });
      expect(ask.statusCode).toBe(201);
      const marker = await inB.next('queries');
      expect(
        inB.events.slice(0, inB.events.indexOf(marker) + 1).some((e) => e.topics.includes('notices')),
      ).toBe(false);
    } finally {
      inA.close();
      inB.close();
    }

    expect(await headings('inA')).toContain('Lab A closes early');
    expect(await headings('inB')).not.toContain('Lab A closes early');
    const countOf = async (who: string) =>
      Number((await get('/api/get-notices?limit=1', who)).headers[TOTAL_COUNT_HEADER.toLowerCase()]);
    expect(await countOf('inA')).toBe((await headings('inA')).length);
    expect(await countOf('inB')).toBe((await headings('inB')).length);
    expect((await notes('inA')).map((n) => n.text)).toContain('New notice: Lab A closes early');
    expect(JSON.stringify(await notes('inB'))).not.toContain('Lab A');
    // Search is filtered the same way.
    const search = async (who: string) =>
      (await get('/api/notices/search?q=closes', who)).json<NoticeSearchHit[]>().map((h) => h._id);
    expect(await search('inA')).toContain(id);
    expect(await search('inB')).not.toContain(id);
    // Its author and admins see whom it is for; a reader does not.
    const shown = async (who: string) =>
      (await get('/api/get-notices', who))
        .json<GeneralNotice[]>()
        .find((n) => n.heading === 'Lab A closes early');
    expect((await shown('admin'))?.audience).toEqual({ kind: 'groups', groups: [A] });
    expect((await shown('teacher'))?.audience).toEqual({ kind: 'groups', groups: [A] });
    expect((await shown('inA'))?.audience).toBeUndefined();
    // The mentor of B (not the author) does not see a notice for A.
    expect(await headings('otherTeacher')).not.toContain('Lab A closes early');
  });

  it('a notice for a role: students or teachers only', async () => {
    expect((await post(general('Exam forms', { audience: 'students' }))).statusCode).toBe(201);
    expect((await post(general('Staff meeting', { audience: 'teachers' }))).statusCode).toBe(201);
    expect(await headings('inB')).toContain('Exam forms');
    expect(await headings('inB')).not.toContain('Staff meeting');
    expect(await headings('otherTeacher')).toContain('Staff meeting');
    expect(await headings('otherTeacher')).not.toContain('Exam forms');
    expect(await headings('admin')).toEqual(expect.arrayContaining(['Exam forms', 'Staff meeting']));
  });

  it('events and mentor notices follow their audience too', async () => {
    const event = {
      eventName: 'Robotics demo',
      hostBy: 'Robotics Club',
      contactEmail: 'club@campus.example.edu',
      date: '2030-04-01',
      time: '10:00',
      description: 'Robots.',
      audience: 'groups',
      groups: [B],
    };
    expect((await post(event, 'eventNotice')).statusCode).toBe(201);
    const events = async (who: string) =>
      (await get('/api/get-events', who)).json<{ eventName: string }[]>().map((e) => e.eventName);
    expect(await events('inB')).toContain('Robotics demo');
    expect(await events('inA')).not.toContain('Robotics demo');

    const mentor = { heading: 'Only for teachers', description: 'Not for students.', audience: 'teachers' };
    expect((await post(mentor, 'mentorNotice')).statusCode).toBe(201);
    expect(await headings('inA', '/api/get-mentor-notices')).not.toContain('Only for teachers');
    expect(JSON.stringify(await notes('inA'))).not.toContain('mentor notice');
  });

  it('refuses a bad audience with 400 naming the problem', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ audience: 'groups' }, /groups must name at least one group/],
      [{ audience: 'groups', groups: ['No such group'] }, /no such group: No such group/],
      [{ audience: 'all', groups: [A] }, /only when the audience is groups/],
      [{ audience: 'everyone' }, /audience/],
      [{ startsAt: 'tomorrow' }, /startsAt/],
      [{ startsAt: iso(60_000), endsAt: iso(30_000) }, /endsAt must be after/],
      [{ endsAt: iso(-60_000) }, /endsAt must be in the future/],
      [{ pinned: 'yes' }, /pinned/],
      [{ groups: 'A' }, /groups/],
    ];
    for (const [extra, message] of cases) {
      const res = await post(general('Bad', extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('scheduling', () => {
  it('a scheduled notice shows and is told when it starts, once; an expired one leaves', async () => {
    const res = await post(
      general('Sports day moved', {
        audience: 'groups',
        groups: [A],
        startsAt: iso(60_000),
        endsAt: iso(600_000),
      }),
    );
    expect(res.statusCode).toBe(201);
    // Before its start: its author and admins see it; its students neither see nor hear of it.
    expect(await headings('inA')).not.toContain('Sports day moved');
    expect(await headings('teacher')).toContain('Sports day moved');
    expect(await headings('admin')).toContain('Sports day moved');
    expect(JSON.stringify(await notes('inA'))).not.toContain('Sports day');

    const stream = await openEvents(t.app, token.inA!);
    try {
      clock.advance(61_000);
      expect(await headings('inA')).toContain('Sports day moved');
      await stream.next('notices');
    } finally {
      stream.close();
    }
    expect(await headings('inB')).not.toContain('Sports day moved');
    await headings('inA');
    const told = (await notes('inA')).filter((n) => n.text === 'New notice: Sports day moved');
    expect(told).toHaveLength(1);
    expect(JSON.stringify(await notes('inB'))).not.toContain('Sports day');

    clock.advance(600_000);
    expect(await headings('inA')).not.toContain('Sports day moved');
    expect(await headings('admin')).not.toContain('Sports day moved');
  });

  it('a list read again comes from memory until a notice starts or ends, then shows the change at once', async () => {
    const hits = async () =>
      (await get('/api/health/cache', 'admin')).json<{ answers: { hits: number } }>().answers.hits;
    const res = await post(general('Library hours', { startsAt: iso(30_000), endsAt: iso(90_000) }));
    expect(res.statusCode).toBe(201);
    expect(await headings('inB')).not.toContain('Library hours');
    expect(await headings('inB')).not.toContain('Library hours');
    // Read again: when the next notice to tell starts, the moments notices start and end, and the
    // list, all from memory.
    const before = await hits();
    expect(await headings('inB')).not.toContain('Library hours');
    expect(await hits()).toBe(before + 3);
    // Past its start: the notice is told (its row written to), so the list is read afresh.
    clock.advance(31_000);
    expect(await headings('inB')).toContain('Library hours');
    expect(await hits()).toBe(before + 4);
    clock.advance(60_000);
    expect(await headings('inB')).not.toContain('Library hours');
  });

  it('pinned notices come first, then the latest to start', async () => {
    expect((await post(general('Pinned rules', { pinned: true }))).statusCode).toBe(201);
    clock.advance(1000);
    expect((await post(general('Newer plain notice'))).statusCode).toBe(201);
    const list = await get('/api/get-notices', 'inB');
    const items = list.json<GeneralNotice[]>();
    expect(items[0]).toMatchObject({ heading: 'Pinned rules', pinned: true });
    expect(items[1]?.heading).toBe('Newer plain notice');
  });
});

describe('search', () => {
  it('finds notices and events by words, best first, the words marked', async () => {
    await post(general('Scholarship deadline', { description: 'Forms go to the office.' }));
    await post(general('Office hours', { description: 'The scholarship desk opens at nine.' }));
    const res = await get('/api/notices/search?q=scholarship', 'inB');
    expect(res.statusCode).toBe(200);
    const hits = res.json<NoticeSearchHit[]>();
    expect(hits.map((h) => h.title.replaceAll(S, '').replaceAll(E, ''))).toEqual([
      'Scholarship deadline',
      'Office hours',
    ]);
    expect(hits[0]!.title).toBe(`${S}Scholarship${E} deadline`);
    expect(hits[1]!.snippet).toContain(`${S}scholarship${E}`);
    // A word it begins is found; punctuation alone finds nothing; a kind narrows.
    expect((await get('/api/notices/search?q=scholar', 'inB')).json<unknown[]>().length).toBe(2);
    expect((await get('/api/notices/search?q=%25%25', 'inB')).json()).toEqual([]);
    expect((await get('/api/notices/search?q=scholarship&type=eventNotice', 'inB')).json()).toEqual([]);
    expect((await get('/api/notices/search?q=', 'inB')).statusCode).toBe(400);
    expect((await get('/api/notices/search?q=x&type=memo', 'inB')).statusCode).toBe(400);
  });

  it('finds syllabus entries by course and topic, the words marked', async () => {
    const add = (courseName: string, topics: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/syllabus-add',
        headers: bearer(token.teacher!),
        payload: { courseName, semester: '3', topics },
      });
    expect((await add('Thermodynamics', 'Entropy, Heat engines')).statusCode).toBeLessThan(300);
    expect((await add('Chemistry', 'Entropy of mixing, Bonds')).statusCode).toBeLessThan(300);
    const res = await get('/api/syllabus/search?q=entropy', 'inA');
    expect(res.statusCode).toBe(200);
    const hits = res.json<{ course: string; topics: string }[]>();
    expect(hits).toHaveLength(2);
    for (const hit of hits) expect(hit.topics).toContain(`${S}Entropy${E}`);
    const byCourse = (await get('/api/syllabus/search?q=thermo', 'inA')).json<{ course: string }[]>();
    expect(byCourse.map((h) => h.course)).toEqual([`${S}Thermodynamics${E} 3`]);
  });
});
