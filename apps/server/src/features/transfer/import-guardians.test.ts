/**
 * The guardians kind of the CSV import (decision record 0093): one row a link; two rows with one
 * email are one guardian with two children; bad rows are named by row and column and nothing is
 * written while any row is wrong.
 */
import type { ImportReport, OneTimeCredential } from '@campus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  bearer,
  createAdmin,
  createStudent,
  createTeacher,
  login,
  type StudentPerson,
} from '../../../test/fixtures';

let t: TestApp;
let token: string;
let childA: StudentPerson;
let childB: StudentPerson;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, (await createAdmin(t.handle.db)).loginId);
  childA = await createStudent(t.handle.db, { group: 'IG-1', name: 'Imran Kid' });
  childB = await createStudent(t.handle.db, { group: 'IG-2', name: 'Isha Kid' });
});
afterAll(() => t.close());

const HEADER = 'guardianId,name,email,phoneNo,relation,RollNo';
const post = (url: string, csv: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: csv,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
  });

const guardianByEmail = (email: string) =>
  t.handle.db
    .selectFrom('guardians as g')
    .innerJoin('accounts as a', 'a.id', 'g.account_id')
    .select(['a.id', 'a.login_id', 'a.role', 'g.name', 'g.phone_no'])
    .where('g.email', '=', email)
    .execute();
const linksOf = (accountId: string) =>
  t.handle.db
    .selectFrom('guardian_links')
    .select(['roll_no', 'relation'])
    .where('guardian_account_id', '=', accountId)
    .orderBy('roll_no')
    .execute();

describe('importing guardians', () => {
  it('checks, then makes one account for two rows with one email, linked to both children', async () => {
    const csv = [
      HEADER,
      `,Rekha Parent,Rekha.Parent@test.example,98765 43210,Mother,${childA.rollNo}`,
      `,Rekha Parent,rekha.parent@test.example,98765 43210,Mother,${childB.rollNo}`,
    ].join('\n');
    const dry = await post('/api/import/guardians/check', csv);
    expect(dry.statusCode).toBe(200);
    expect(dry.json<ImportReport>()).toMatchObject({ dryRun: true, errorCount: 0, counts: { created: 2 } });
    expect(await guardianByEmail('rekha.parent@test.example')).toEqual([]);

    const applied = await post('/api/import/guardians', csv);
    expect(applied.statusCode).toBe(200);
    const answer = applied.json<{ report: ImportReport; credentials: OneTimeCredential[] }>();
    expect(answer.report.counts).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(answer.credentials).toHaveLength(1);
    const [stored] = await guardianByEmail('rekha.parent@test.example');
    expect(stored).toMatchObject({
      role: 'guardian',
      name: 'Rekha Parent',
      login_id: answer.credentials[0]!.userId,
    });
    expect(stored!.login_id).toBeGreaterThan(800_000);
    expect(await linksOf(stored!.id)).toEqual([
      { roll_no: childA.rollNo, relation: 'Mother' },
      { roll_no: childB.rollNo, relation: 'Mother' },
    ]);
    // The one-time password signs the guardian in.
    await login(t.app, stored!.login_id, answer.credentials[0]!.oneTimePassword);

    // The same file again changes nothing; a new relation updates the link only.
    const again = await post(
      '/api/import/guardians',
      csv.replace(`Mother,${childB.rollNo}`, `Aunt,${childB.rollNo}`),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<{ report: ImportReport }>().report.counts).toEqual({
      created: 0,
      updated: 1,
      unchanged: 1,
    });
    expect(again.json<{ credentials: OneTimeCredential[] }>().credentials).toEqual([]);
    expect((await linksOf(stored!.id)).map((l) => l.relation)).toEqual(['Mother', 'Aunt']);
  });

  it('names each bad row by row and column, and writes nothing', async () => {
    const teacher = await createTeacher(t.handle.db);
    const csv = [
      HEADER,
      `,Good Parent,good.parent@test.example,,Father,${childA.rollNo}`, // row 2: fine alone
      `,No Child,nochild@test.example,,Father,999999990`, // row 3: no such student
      `${teacher.loginId},Clash Parent,clash@test.example,,Father,${childA.rollNo}`, // row 4: a teacher's id
      `,Bad Mail,not-an-email,,Father,${childA.rollNo}`, // row 5
      `,,noname@test.example,,Father,${childA.rollNo}`, // row 6: no name
      `,Good Parent,good.parent@test.example,,Father,${childA.rollNo}`, // row 7: the same link again
      `900001,Two Ids,twoids@test.example,,Father,${childA.rollNo}`, // row 8
      `900002,Two Ids,twoids@test.example,,Father,${childB.rollNo}`, // row 9: another id for one email
    ].join('\n');
    const res = await post('/api/import/guardians', csv);
    expect(res.statusCode).toBe(400);
    const report = res.json<{ report: ImportReport }>().report;
    const where = report.errors.map((e) => `${e.row}:${e.field}`);
    expect(where).toEqual(
      expect.arrayContaining(['3:RollNo', '4:guardianId', '5:email', '6:name', '7:RollNo', '9:guardianId']),
    );
    expect(report.errors.find((e) => e.row === 3)!.problem).toContain('no student has the roll number');
    expect(report.errors.find((e) => e.row === 4)!.problem).toContain('a teacher');
    expect(report.errors.find((e) => e.row === 9)!.problem).toContain('row 8');
    expect(await guardianByEmail('good.parent@test.example')).toEqual([]);
    expect(await guardianByEmail('twoids@test.example')).toEqual([]);
  });

  it('refuses a file without the required columns, naming them', async () => {
    const res = await post('/api/import/guardians/check', 'name,email\nA,a@test.example\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('relation');
    expect(res.json().message).toContain('RollNo');
  });
});
