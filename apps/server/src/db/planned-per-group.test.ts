import { describe, expect, it } from 'vitest';
import { postgresCompiler } from '../../test/postgres-compiler';
import { plannedPerGroup } from './index';
import { rollNosOf } from './mentees';

const db = postgresCompiler();

const TEACHER = '00000000-0000-4000-9002-000000000001';

describe('statements planned for their group every time (PostgreSQL)', () => {
  it("plans a group's passes, joined and newest first, for the group at hand", () => {
    const page = db
      .selectFrom('gate_passes as g')
      .innerJoin('students as s', 's.roll_no', 'g.roll_no')
      .select('g.id')
      .where('g.status', '=', 'approved')
      .where('s.group_name', '=', 'CSE-A')
      .orderBy('g.created_at', 'desc')
      .limit(51);
    expect(plannedPerGroup(page.compile().sql)).toBe(true);
    const mentors = db
      .selectFrom('gate_passes as g')
      .innerJoin('students as s', 's.roll_no', 'g.roll_no')
      .select('g.id')
      .where('s.group_name', 'in', (eb) =>
        eb
          .selectFrom('teacher_groups')
          .select('teacher_groups.group_name')
          .where('teacher_groups.teacher_account_id', '=', TEACHER),
      );
    expect(plannedPerGroup(mentors.compile().sql)).toBe(true);
  });

  it("keeps one plan for rows looked up by a group's or a mentor's students", () => {
    for (const of of [{ group: 'CSE-A' }, { mentoredBy: TEACHER }]) {
      const ids = db
        .selectFrom('queries as q')
        .select('q.id')
        .where('q.roll_no', 'in', rollNosOf(db, of))
        .where('q.solved_at', 'is', null)
        .orderBy('q.created_at', 'desc')
        .limit(51);
      const page = db.selectFrom('queries as q').select(['q.id', 'q.topic']).where('q.id', 'in', ids);
      expect(plannedPerGroup(page.compile().sql)).toBe(false);
      expect(plannedPerGroup(rollNosOf(db, of).orderBy('fs.roll_no').compile().sql)).toBe(false);
    }
  });

  it('still plans per group a statement that also filters by group elsewhere', () => {
    const both = db
      .selectFrom('queries as q')
      .innerJoin('students as s', 's.roll_no', 'q.roll_no')
      .select('q.id')
      .where('q.roll_no', 'in', rollNosOf(db, { mentoredBy: TEACHER }))
      .where('s.group_name', '=', 'CSE-A');
    expect(plannedPerGroup(both.compile().sql)).toBe(true);
  });
});
