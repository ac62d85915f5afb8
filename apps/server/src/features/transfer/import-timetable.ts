/**
 * A timetable file's plan: checked by the timetable's own rules (timetable/import.ts), then its new
 * courses, teachings and periods written in batches, in that order, as the others' references need.
 */
import { checkTimetableFile } from '../timetable/import';
import type { Planner } from './import-plans';

export const planTimetable: Planner<'timetable'> = async (rows, repo, context) => {
  const batch = await checkTimetableFile(repo.db, rows);
  return {
    counts: batch.counts,
    newGroups: [],
    newCourses: batch.courses.map((c) => c.code).sort(),
    problems: batch.problems,
    writes: batch.courses.length + batch.teachings.length + batch.periods.length,
    async write(repo, progress) {
      const now = new Date(context.now).toISOString();
      const courses = await repo.writer(
        'courses',
        ['code', 'name', 'credits', 'min_percent', 'created_at'],
        (n) => progress('courses', n),
      );
      for (const c of batch.courses) await courses.add(c.code, c.name, c.credits, null, now);
      await courses.flush();
      // A teaching handed to the file's teacher is written again with its new teacher.
      const teachings = await repo.writer(
        'teachings',
        ['id', 'course_code', 'group_name', 'teacher_account_id'],
        (n) => progress('teachings', n),
        { key: ['id'], action: 'update' },
      );
      for (const t of batch.teachings) await teachings.add(t.id, t.course, t.group, t.teacherAccountId);
      await teachings.flush();
      const periods = await repo.writer(
        'periods',
        ['id', 'teaching_id', 'weekday', 'starts', 'ends', 'room'],
        (n) => progress('periods', n),
      );
      for (const p of batch.periods) await periods.add(p.id, p.teachingId, p.weekday, p.start, p.end, p.room);
      await periods.flush();
      return [];
    },
  };
};
