/**
 * Handing a course in a group to another teacher brings all its periods to them: refused, with the
 * clash named and nothing written, when one of those periods falls on the new teacher's other
 * periods; through the period form's API and through a timetable file alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportApplyResponse, ImportRefusal, ImportReport, Period } from '@campus/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createAdmin, createTeacher, ensureGroup, login, type Person } from '../../../test/fixtures';
import { clashesOf, seededPeriods } from '../../../test/timetable-checks';

let t: TestApp;
let admin: string;
let meera: Person;
let arjun: Person;
let kavya: Person;
const ids: Record<string, string> = {};

const HEADER = 'course_code,course_name,credits,group,teacher_id,weekday,start,end,room';
const file = (...rows: string[]) => [HEADER, ...rows].join('\n');
const importFile = (url: string, csv: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: csv,
    headers: { ...bearer(admin), 'content-type': 'text/csv' },
  });

const writePeriod = (payload: object, id?: string) =>
  t.app.inject({
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/periods/${id}` : '/api/periods',
    headers: bearer(admin),
    payload,
  });

/** The group's week as "course day start teacher". */
async function weekOf(group: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/periods?group=${group}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Period[]>().map((p) => `${p.course} ${p.weekday} ${p.start} ${p.teacherName}`);
}

/** Adds a period and keeps its id under `key`. */
async function addPeriod(
  key: string,
  course: string,
  group: string,
  weekday: number,
  start: string,
  room: string,
  teacher: Person,
) {
  const end = `${start.slice(0, 2)}:50`;
  const res = await writePeriod({ course, group, weekday, start, end, room, teacherId: teacher.loginId });
  expect(res.statusCode, res.body).toBe(201);
  ids[key] = res.json<{ period: { _id: string } }>().period._id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  admin = await login(t.app, (await createAdmin(db)).loginId);
  meera = await createTeacher(db, { name: 'Meera Iyer' });
  arjun = await createTeacher(db, { name: 'Arjun Menon' });
  kavya = await createTeacher(db, { name: 'Kavya Nair' });
  for (const group of ['HO-X', 'HO-Y']) await ensureGroup(db, group);
  for (const [code, name] of [
    ['CS301', 'DBMS'],
    ['CS302', 'Operating Systems'],
    ['EC101', 'Economics'],
    ['MA201', 'Statistics'],
    ['MA202', 'Linear Algebra'],
  ]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: bearer(admin),
      payload: { code, name, credits: 4 },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // Meera teaches HO-X; Arjun teaches HO-Y at the same hours on Monday.
  await addPeriod('cs301Mon', 'CS301', 'HO-X', 1, '09:00', 'LH-101', meera);
  await addPeriod('cs301Wed', 'CS301', 'HO-X', 3, '10:00', 'LH-101', meera);
  await addPeriod('cs302Mon', 'CS302', 'HO-X', 1, '11:00', 'LH-101', meera);
  await addPeriod('cs302Thu', 'CS302', 'HO-X', 4, '14:00', 'LH-101', meera);
  await addPeriod('ec101Mon', 'EC101', 'HO-X', 1, '15:00', 'LH-101', meera);
  await addPeriod('ma201Mon', 'MA201', 'HO-Y', 1, '09:00', 'LH-102', arjun);
  await addPeriod('ma202Mon', 'MA202', 'HO-Y', 1, '11:00', 'LH-102', arjun);
  await addPeriod('ma202Mon2', 'MA202', 'HO-Y', 1, '15:00', 'LH-102', arjun);
});
afterAll(() => t.close());

const mondayClash = 'Clash: Arjun Menon already has MA201 (HO-Y) on Monday 09:00–09:50 in LH-102';

describe('handing a course to another teacher through the period form', () => {
  it("refuses a teacher who already has a period at the time of one of the course's other periods, and changes nothing", async () => {
    const before = await weekOf('HO-X');
    // The Wednesday period is free for Arjun; the Monday one, which goes to him too, is not.
    const wednesday = {
      course: 'CS301',
      group: 'HO-X',
      weekday: 3,
      start: '10:00',
      end: '10:50',
      room: 'LH-101',
    };
    const moved = await writePeriod({ ...wednesday, teacherId: arjun.loginId }, ids.cs301Wed);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(mondayClash);

    const added = await writePeriod({ ...wednesday, weekday: 5, teacherId: arjun.loginId });
    expect(added.statusCode).toBe(409);
    expect(added.json().message).toBe(mondayClash);

    expect(await weekOf('HO-X')).toEqual(before);
    expect(before.filter((p) => p.startsWith('CS301'))).toEqual([
      'CS301 1 09:00 Meera Iyer',
      'CS301 3 10:00 Meera Iyer',
    ]);
    expect(clashesOf(await seededPeriods(t.handle.db))).toEqual([]);
  });

  it('hands the course with all its periods to a teacher who is free then', async () => {
    const res = await writePeriod(
      {
        course: 'CS301',
        group: 'HO-X',
        weekday: 3,
        start: '10:00',
        end: '10:50',
        room: 'LH-101',
        teacherId: kavya.loginId,
      },
      ids.cs301Wed,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ period: Period }>().period.teacherName).toBe('Kavya Nair');
    expect((await weekOf('HO-X')).filter((p) => p.startsWith('CS301'))).toEqual([
      'CS301 1 09:00 Kavya Nair',
      'CS301 3 10:00 Kavya Nair',
    ]);
  });

  it('checks the period being moved where it goes, not where it was', async () => {
    // EC101's only period moves off Arjun's busy Monday 15:00 as he takes it over.
    const res = await writePeriod(
      {
        course: 'EC101',
        group: 'HO-X',
        weekday: 2,
        start: '15:00',
        end: '15:50',
        room: 'LH-101',
        teacherId: arjun.loginId,
      },
      ids.ec101Mon,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await weekOf('HO-X')).filter((p) => p.startsWith('EC101'))).toEqual([
      'EC101 2 15:00 Arjun Menon',
    ]);
    expect(clashesOf(await seededPeriods(t.handle.db))).toEqual([]);
  });
});

describe('handing a course to another teacher in a timetable file', () => {
  const mondayEleven = 'Clash: Arjun Menon already has MA202 (HO-Y) on Monday 11:00–11:50 in LH-102';

  it('refuses the whole file, naming the clash on the row that names the new teacher', async () => {
    const csv = file(
      `PH101,Physics,3,HO-Y,${kavya.loginId},Fri,09:00,09:50,LH-103`,
      // Thursday is free for Arjun, but CS302's Monday period would clash with his MA202.
      `CS302,,,HO-X,${arjun.loginId},Thu,14:00,14:50,LH-101`,
    );
    const stored = async () => (await seededPeriods(t.handle.db)).sort((a, b) => a.id.localeCompare(b.id));
    const before = await stored();
    const checked = await importFile('/api/import/timetable/check', csv);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<ImportReport>().errors).toEqual([
      { row: 3, field: 'teacher_id', problem: mondayEleven, value: String(arjun.loginId) },
    ]);

    const refused = await importFile('/api/import/timetable', csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ImportRefusal>().report.errors).toEqual([
      expect.objectContaining({ row: 3, field: 'teacher_id', problem: mondayEleven }),
    ]);
    expect(await stored()).toEqual(before);
    expect((await weekOf('HO-X')).filter((p) => p.startsWith('CS302'))).toEqual([
      'CS302 1 11:00 Meera Iyer',
      'CS302 4 14:00 Meera Iyer',
    ]);
    const courses = await t.app.inject({ url: '/api/courses', headers: bearer(admin) });
    expect(courses.json<{ code: string }[]>().map((c) => c.code)).not.toContain('PH101');
  });

  it("hands it over when the file frees the teacher's clashing periods too", async () => {
    const csv = file(
      `CS302,,,HO-X,${arjun.loginId},Thu,14:00,14:50,LH-101`,
      `MA202,,,HO-Y,${kavya.loginId},Mon,11:00,11:50,LH-102`,
    );
    const res = await importFile('/api/import/timetable', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportApplyResponse>().report.counts).toEqual({ created: 0, updated: 2, unchanged: 0 });
    expect((await weekOf('HO-X')).filter((p) => p.startsWith('CS302'))).toEqual([
      'CS302 1 11:00 Arjun Menon',
      'CS302 4 14:00 Arjun Menon',
    ]);
    expect((await weekOf('HO-Y')).filter((p) => p.startsWith('MA202'))).toEqual([
      'MA202 1 11:00 Kavya Nair',
      'MA202 1 15:00 Kavya Nair',
    ]);
    expect(clashesOf(await seededPeriods(t.handle.db))).toEqual([]);
  });
});
