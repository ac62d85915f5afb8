/**
 * News of many students for their guardians at once (a lecture's mark that puts several students at
 * risk, an overdue sweep): each family hears of its own child only, as each guardian chose, and the
 * guardians are read with the same few statements however many students there are.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testClock, type TestApp } from '../../../test/app';
import {
  createGuardian,
  createStudent,
  login,
  type Person,
  type StudentPerson,
} from '../../../test/fixtures';
import { createMailTestApp, type MailTestApp } from '../../../test/mail-app';
import type { SmtpSink } from '../../../test/smtp-sink';

// 10:00 UTC: before the digest hour, so nothing kept for a digest is sent in this file.
const clock = testClock(Date.parse('2026-03-02T10:00:00.000Z'));
let server: MailTestApp;
let smtp: SmtpSink;
let t: TestApp;
const families: { child: StudentPerson; parent: Person }[] = [];
/** A student whose only guardian is the contact on their record. */
let recorded: StudentPerson;

beforeAll(async () => {
  server = await createMailTestApp({ now: clock.now });
  ({ t, smtp } = server);
  const db = t.handle.db;
  for (let i = 0; i < 6; i++) {
    const child = await createStudent(db, { group: 'MAO-1', name: `Child ${i}` });
    families.push({ child, parent: await createGuardian(db, [child.rollNo]) });
  }
  recorded = await createStudent(db, { group: 'MAO-1', name: 'Child Recorded' });
  await db
    .updateTable('students')
    .set({ guardian_email: 'recorded-guardian@test.example', guardian_name: 'Recorded Parent' })
    .where('roll_no', '=', recorded.rollNo)
    .execute();
  // Half of the families chose a daily digest for attendance news.
  for (const { child, parent } of families.slice(3)) {
    const res = await server.inject(
      'PUT',
      '/api/guardian/notification-settings',
      await login(t.app, parent.loginId),
      { rollNo: child.rollNo, modes: { attendance: 'digest' } },
    );
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => server.close());

describe("many students' news for their guardians", () => {
  it('reaches each family about its own child, as chosen, with one read of each table', async () => {
    const students = [...families.map((f) => f.child), recorded];
    const selectFrom = vi.spyOn(t.handle.db, 'selectFrom');
    let mailed: Set<number>;
    try {
      mailed = await t.app.mail.notifyGuardians(
        'attendanceBelowWarning',
        students.map((s) => ({ rollNo: s.rollNo, details: `${s.name} is at 70 % in Physics.` })),
      );
      const reads = selectFrom.mock.calls.map(([table]) => table as unknown);
      // The students and their linked guardians are one read.
      for (const table of ['students as s', 'guardian_optouts', 'guardian_mail_modes']) {
        expect(
          reads.filter((read) => read === table),
          table,
        ).toHaveLength(1);
      }
      expect(reads.filter((read) => read === 'students' || read === 'guardian_links as l')).toEqual([]);
    } finally {
      selectFrom.mockRestore();
    }
    expect([...mailed].sort()).toEqual(students.map((s) => s.rollNo).sort());

    await server.deliver();
    for (const [i, { child, parent }] of families.entries()) {
      const texts = smtp.to(parent.email).map((m) => m.text);
      if (i < 3) {
        expect(texts).toHaveLength(1);
        expect(texts[0]).toContain(`${child.name} is at 70 % in Physics.`);
        // Another family's child is never named.
        for (const other of families.filter((f) => f.child !== child)) {
          expect(texts[0]).not.toContain(`${other.child.name} is at`);
        }
      } else {
        // Kept for the evening's digest, not mailed at once.
        expect(texts).toHaveLength(0);
        const kept = await t.handle.db
          .selectFrom('guardian_digest_items')
          .select('text')
          .where('guardian_account_id', '=', parent.accountId)
          .execute();
        expect(kept.map((k) => k.text)).toEqual([expect.stringContaining(`${child.name} is at 70 %`)]);
      }
    }
    const contact = smtp.to('recorded-guardian@test.example');
    expect(contact).toHaveLength(1);
    expect(contact[0]!.text).toContain('Dear Recorded Parent');
    expect(contact[0]!.text).toContain('Child Recorded is at 70 % in Physics.');
  });

  it("tells a student's recorded contact, but not a guardian whose account was deactivated", async () => {
    const child = await createStudent(t.handle.db, { group: 'MAO-2', name: 'Child Deactivated' });
    const parent = await createGuardian(t.handle.db, [child.rollNo]);
    await t.handle.db
      .updateTable('accounts')
      .set({ deactivated_at: new Date(clock.now()).toISOString() })
      .where('id', '=', parent.accountId)
      .execute();
    const alone = await createStudent(t.handle.db, { group: 'MAO-2', name: 'Child Alone' });
    await t.handle.db
      .updateTable('students')
      .set({ guardian_name: 'Alone Parent', guardian_email: 'alone-contact@test.example' })
      .where('roll_no', '=', alone.rollNo)
      .execute();
    const mailed = await t.app.mail.notifyGuardians(
      'attendanceBelowWarning',
      [child, alone].map((s) => ({ rollNo: s.rollNo, details: `${s.name} is at 60 % in Physics.` })),
    );
    expect([...mailed]).toEqual([alone.rollNo]);
    await server.deliver();
    expect(smtp.to(parent.email)).toHaveLength(0);
    expect(smtp.to('alone-contact@test.example')).toHaveLength(1);
  });
});
