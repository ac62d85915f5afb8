/**
 * Lectures as people meet them: a day's lectures of the signed-in student or teacher, a lecture's
 * roster and its marks, and where a student stands in each course.
 */
import {
  CourseRiskQuerySchema,
  CourseRiskRowSchema,
  CourseStandingsSchema,
  ErrorSchema,
  LEAVE_SOURCE_WORDS,
  LectureMarkAnswerSchema,
  LectureMarkConflictSchema,
  LectureMarkRequestSchema,
  LectureParamsSchema,
  LectureRosterSchema,
  MESSAGES,
  RollNoParamsSchema,
  TimetableDayQuerySchema,
  TimetableDaySchema,
  instantAt,
  requiredText,
  wallClock,
  type LectureMarkConflict,
  type LectureMarkInput,
  type Period,
  type TermSettings,
} from '@campus/contract';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { assertOwnRollNo, principalOf } from '../../plugins/access';
import type { Principal } from '../../types';
import type { Feature } from '../deps';
import { notHeld } from './calendar';
import { applyAway, awayFor, lectureRoster, writeLectureMarks, type LectureAt } from './lectures';
import { lectureMarkValidator } from './mark-check';
import { timetableRepository } from './repository';
import { timetableReads, type TimetableReads } from './reads';
import { groupRisks, markedStandings, standingsOf } from './standing';
import { riskChanges, type RiskAlert } from './risk-alerts';
import { alongside } from '../../plugins/settle-writes';
import { countedWrite } from '../../plugins/write-limits';
import { entriesWithWrite } from '../audit/entries';
import { answerList } from '../../lib/lists';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
const STAFF = ['teacher', 'admin'] as const;

function listed(rollNos: number[]): string {
  const shown = rollNos.slice(0, 10).join(', ');
  return rollNos.length > 10 ? `${shown} and ${rollNos.length - 10} more` : shown;
}

/** Which of these lectures of a day have marks: each group's, from memory until it is marked. */
async function markedOf(reads: TimetableReads, held: readonly Period[], date: string): Promise<Set<string>> {
  const groups = [...new Set(held.map((p) => p.group))];
  const sets = await Promise.all(groups.map((group) => reads.markedOn(group, date)));
  return new Set(held.filter((p) => sets.some((marked) => marked.has(p._id))).map((p) => p._id));
}

/** Whether the person may mark the lecture: its teacher, the group's mentors and admins. */
async function mayMark(reads: TimetableReads, who: Principal, period: Period): Promise<boolean> {
  if (who.role === 'admin') return true;
  if (who.role !== 'teacher') return false;
  if (period.teacherId === who.loginId) return true;
  return (await reads.mentorsOf(period.group)).includes(who.accountId);
}

/** The lecture of a period on a date, or the refusal that says why there is none. */
async function lectureOf(
  reads: TimetableReads,
  term: TermSettings,
  periodId: string,
  date: string,
): Promise<LectureAt> {
  const period = await reads.period(periodId);
  if (!period) throw notFound('There is no such period');
  const holiday = (await reads.holidays()).find((h) => h.date === date);
  const why = notHeld(period, date, term, holiday?.name);
  if (why) throw badRequest(why);
  return { period, date, zone: term.timeZone };
}

/** Refuses a mark that lists a student twice or one outside the lecture's group. */
async function checkRoster(reads: TimetableReads, group: string, records: readonly { studentId: number }[]) {
  const seen = new Set<number>();
  const twice = records.filter((r) => seen.size === seen.add(r.studentId).size).map((r) => r.studentId);
  if (twice.length > 0) throw badRequest(`records: each student once; listed twice: ${listed(twice)}`);
  const students = await reads.studentsOf(group);
  const outside = records.filter((r) => !students.has(r.studentId)).map((r) => r.studentId);
  if (outside.length > 0) {
    throw badRequest(`records: not students of ${group}: ${listed(outside)}; nothing was marked`);
  }
}

/**
 * The marks sent with the mark the sender saw (`was`, a mark made offline) whose student holds
 * another one now, neither the one seen nor the one sent: someone else marked them meanwhile. A
 * repeat of the same marks (an answer lost on the way back) is no conflict.
 */
async function conflictsOf(
  db: Parameters<Feature>[1]['db'],
  lecture: LectureAt,
  records: readonly LectureMarkInput[],
): Promise<LectureMarkConflict['conflicts']> {
  const checked = records.filter((r) => r.was !== undefined);
  if (checked.length === 0) return [];
  const held = new Map(
    (
      await db
        .selectFrom('lecture_marks')
        .select(['roll_no', 'status', 'late_minutes', 'marked_at'])
        .where('period_id', '=', lecture.period._id)
        .where('date', '=', lecture.date)
        .execute()
    ).map((m) => [m.roll_no, m]),
  );
  return checked.flatMap((r) => {
    const now = held.get(r.studentId);
    const theirs = now?.status ?? null;
    if (theirs === (r.was ?? null) || theirs === r.status) return [];
    return [
      {
        studentId: r.studentId,
        was: r.was ?? null,
        theirs,
        theirsLateMinutes: now?.late_minutes ?? null,
        markedAt: now?.marked_at ?? null,
        yours: r.status,
      },
    ];
  });
}

export const lectureRoutes: Feature = async (app, { db, dialect, cache, clock, notify, now, webhooks }) => {
  const reads = timetableReads(db, cache, timetableRepository(db));

  app.get(
    '/api/timetable/day',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: ['timetable'],
        summary:
          "A day's lectures (today unless a date is given): a student's group's, a teacher's own, or a group's for an admin",
        querystring: TimetableDayQuerySchema.extend({ group: requiredText(50).optional() }),
        response: { 200: TimetableDaySchema, ...errors },
      },
    },
    async (request) => {
      const who = principalOf(request);
      const term = await clock.settings();
      const date = request.query.date ?? wallClock(now(), term.timeZone).day;
      let periods: Period[] = [];
      if (who.role === 'student') {
        const group = who.rollNo === null ? undefined : await reads.groupOf(who.rollNo);
        if (group !== undefined) periods = await reads.periods({ group });
      } else if (who.role === 'teacher') {
        periods = await reads.periods({ teacherId: who.loginId });
      } else if (request.query.group) {
        periods = await reads.periods({ group: request.query.group });
      }
      const holiday = (await reads.holidays()).find((h) => h.date === date);
      const inTerm = date >= term.termStart && date <= term.termEnd;
      const held =
        inTerm && !holiday ? periods.filter((p) => notHeld(p, date, term, undefined) === undefined) : [];
      const marked = await markedOf(reads, held, date);
      return {
        date,
        holiday: holiday?.name ?? null,
        inTerm,
        lectures: held.map((p) => ({ ...p, date, marked: marked.has(p._id) })),
      };
    },
  );

  app.get(
    '/api/lectures/:periodId/:date',
    {
      config: { access: STAFF },
      schema: {
        tags: ['timetable'],
        summary: "A lecture's roster: the group's students, their marks, and who is away for it and why",
        params: LectureParamsSchema,
        response: { 200: LectureRosterSchema, ...errors },
      },
    },
    async (request) => {
      const { periodId, date } = request.params;
      const lecture = await lectureOf(reads, await clock.settings(), periodId, date);
      const away = awayFor(await reads.away(lecture.period.group, date), lecture, now());
      const students = lectureRoster(await reads.roster(lecture.period, date), away);
      return {
        lecture: { ...lecture.period, date, marked: students.some((s) => s.status !== null) },
        students,
      };
    },
  );

  app.post(
    '/api/lectures/:periodId/:date/marks',
    {
      config: { access: STAFF, writeLimitWithWrite: true },
      // Rows in the form clients send skip zod's walk of every row; any other body meets zod.
      validatorCompiler: lectureMarkValidator,
      schema: {
        tags: ['timetable'],
        summary:
          'Marks a lecture that has begun: Present, Absent, Late (with minutes) or On leave. Students away for it stay On leave unless overridden; the other rows are saved',
        params: LectureParamsSchema,
        body: LectureMarkRequestSchema,
        response: { 200: LectureMarkAnswerSchema, 409: LectureMarkConflictSchema, ...errors },
      },
    },
    async (request, reply) => {
      const who = principalOf(request);
      const { periodId, date } = request.params;
      const at = now();
      const term = await clock.settings(at);
      const lecture = await lectureOf(reads, term, periodId, date);
      const { period } = lecture;
      if (instantAt(date, period.start, lecture.zone) > at) {
        throw badRequest(
          `date: the ${period.course} lecture of ${date} begins at ${period.start}; mark it once it has begun`,
        );
      }
      if (!(await mayMark(reads, who, period))) {
        throw forbidden(
          `Only the teacher of this lecture, the mentors of ${period.group} and admins may mark it`,
        );
      }
      const { records } = request.body;
      await checkRoster(reads, period.group, records);
      const conflicts = await conflictsOf(db, lecture, records);
      if (conflicts.length > 0) {
        return reply.code(409).send({
          message: `Marked meanwhile by someone else: ${listed(conflicts.map((c) => c.studentId))}; nothing was marked`,
          conflicts,
        });
      }
      const applied = applyAway(records, awayFor(await reads.away(period.group, date), lecture, at));
      if (applied.notAway.length > 0) {
        throw badRequest(
          `records: On leave comes from approved leave or a gate pass out during the lecture, and these students have none: ${listed(applied.notAway)}; nothing was marked`,
        );
      }
      const answer = {
        message: MESSAGES.attendance.marked,
        saved: applied.marks.length,
        keptOnLeave: applied.keptOnLeave.map((k) => ({ ...k, reason: LEAVE_SOURCE_WORDS[k.source] })),
        ...(applied.overridden.length > 0 && { overridden: applied.overridden }),
      };
      // Judged from memory before the transaction, so that nothing in it waits for a read.
      const judge = await markedStandings(reads, period, term, at);
      let alerts: RiskAlert[] = [];
      // The mark, its count against the allowance, its audit entries and the students' new states in
      // the course land in one transaction.
      await writeLectureMarks(
        db,
        dialect,
        lecture,
        applied.marks,
        { markedBy: who.accountId, markedAt: new Date(at).toISOString() },
        {
          counted: countedWrite(request),
          audit: entriesWithWrite(request, answer),
          // Endpoints that listen hear of the changed marks, queued with them (decision record 0085).
          then: (trx, written) =>
            webhooks.emit(
              'attendance.marked',
              () => ({
                date,
                markedBy: who.loginId,
                lecture: {
                  periodId: period._id,
                  course: period.course,
                  group: period.group,
                  start: period.start,
                },
                marks: written,
              }),
              trx,
            ),
          moved: async (trx, totals) => {
            alerts = await riskChanges(trx, dialect, period.course, judge(totals));
          },
        },
      );
      // Who fell below the course's rule, or out of its reach, is told beside the answer.
      if (alerts.length > 0) alongside(request, notify.courseRisk(period.group, alerts));
      return answer;
    },
  );

  app.get(
    '/api/attendance-courses/:rollNo',
    {
      config: { access: ['student', 'teacher', 'admin'] },
      schema: {
        tags: ['timetable'],
        summary:
          "A student's attendance per course and overall, with the forecast of the course's rule (students: their own only)",
        params: RollNoParamsSchema,
        response: { 200: CourseStandingsSchema, ...errors },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      assertOwnRollNo(request, rollNo);
      const standings = await standingsOf(reads, rollNo, await clock.settings(), now());
      if (!standings) throw notFound(`No student with roll number ${rollNo}`);
      return standings;
    },
  );

  app.get(
    '/api/course-risk',
    {
      config: { access: STAFF },
      schema: {
        tags: ['timetable'],
        summary:
          "Students' standing per course, most at risk first: a teacher's mentees (or one group they mentor), any group for an admin",
        querystring: CourseRiskQuerySchema,
        response: { 200: CourseRiskRowSchema.array(), ...errors },
      },
    },
    async (request, reply) => {
      const who = principalOf(request);
      const { group, atRisk, limit, offset } = request.query;
      let groups: string[];
      if (who.role === 'admin') {
        if (!group) throw badRequest('group: is required');
        groups = [group];
      } else {
        const mentored = (
          await db
            .selectFrom('teacher_groups')
            .select('group_name')
            .where('teacher_account_id', '=', who.accountId)
            .execute()
        ).map((g) => g.group_name);
        if (group && !mentored.includes(group)) throw forbidden(`You do not mentor ${group}`);
        groups = group ? [group] : mentored;
      }
      const { rows, total } = await groupRisks(db, reads, groups, await clock.settings(), now(), {
        atRisk: atRisk === true,
        limit,
        offset,
      });
      return answerList(reply, { body: rows, total });
    },
  );
};
