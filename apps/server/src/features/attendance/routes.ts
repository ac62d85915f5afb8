/** The student roster, marking attendance, a group's marks of a day and a student's history. */
import {
  AttendanceHistoryQuerySchema,
  AttendanceHistoryResponseSchema,
  AttendanceMarksQuerySchema,
  AttendanceMarksResponseSchema,
  DayMarkConflictSchema,
  ErrorSchema,
  MarkAttendanceRequestSchema,
  MarkAttendanceResponseSchema,
  DEFAULT_CLASS_HOURS,
  DEFAULT_TIME_ZONE,
  MESSAGES,
  RollNoParamsSchema,
  RosterQuerySchema,
  RosterResponseSchema,
  campusToday,
  type AttendanceMark,
  type AttendanceRecord,
  type AttendanceStatus,
} from '@campus/contract';
import { badRequest, notFound } from '../../lib/errors';
import {
  answerList,
  arrayAnswer,
  KeptPages,
  keepsInMemory,
  withNewest,
  type ListAnswer,
} from '../../lib/lists';
import { assertOwnRollNo, principalOf } from '../../plugins/access';
import { alongside } from '../../plugins/settle-writes';
import { countedWrite } from '../../plugins/write-limits';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { correctionsOf } from './corrections';
import { dayMarkValidator } from './mark-check';
import { dayConflictAnswer, dayConflictsOf } from './day-conflicts';
import { entriesWithWrite } from '../audit/entries';
import { attendanceRepository } from './repository';
import { applyLeave, awayOn, type DayLeave } from './leave-rule';
import { readClassHours } from '../leave/repository';
import type { Stamp } from '../../db/changes';
import { groupRows, type MenteeRows } from '../../db/mentees';
import type { CachedRead, CachedSource } from '../../db/read-cache';
import { attendanceKeys, attendanceWrites } from './cache-keys';

const STAFF = ['teacher', 'admin'] as const;
const ALL = ['student', 'teacher', 'admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/**
 * The latest date a teacher may mark at `now` (ms): the campus's day in its zone. At UTC, the default
 * zone, tomorrow in UTC, as the client sends its local "today", at most one day ahead of UTC.
 */
export function latestMarkableDate(now: number, zone: string): string {
  return zone === DEFAULT_TIME_ZONE
    ? new Date(now + 86_400_000).toISOString().slice(0, 10)
    : campusToday(now, zone);
}

function listUnknown(rollNos: number[]): string {
  const shown = rollNos.slice(0, 10).join(', ');
  return rollNos.length > 10 ? `${shown} and ${rollNos.length - 10} more` : shown;
}

export const attendanceRoutes: Feature = async (
  app: App,
  { db, dialect, cache, mail, now, clock, webhooks },
) => {
  const repo = attendanceRepository(db, dialect);
  const studentsOf = groupRows(db, cache);

  /** A mark's roster when it is one whole group: the group, and its students as the cache knows them. */
  async function wholeGroupOf(
    marks: readonly { rollNo: number }[],
    outside: number | undefined,
  ): Promise<{ group: string; students: MenteeRows } | undefined> {
    const first = marks[0]!.rollNo;
    const group = await cache.get(attendanceKeys.groupOf(first), () => repo.groupOf(first), outside);
    if (group === undefined) return undefined;
    const students = await studentsOf(group, outside);
    if (students.rollNos.length !== marks.length) return undefined;
    const inGroup = new Set(students.rollNos);
    return marks.every((m) => inGroup.has(m.rollNo)) ? { group, students } : undefined;
  }

  /**
   * After a mark of a whole group, the group's marks of the day are what the mark asked for: they
   * are kept in memory as the group's list reads them, so that the teacher's next look at the day
   * (the screen reloads it at once) does not read the group's rows back. Kept only when nothing
   * else wrote those students' marks, or moved a student, since the mark began (`keepWritten`).
   */
  async function keepGroupMarks(
    date: string,
    marks: readonly { rollNo: number; status: AttendanceStatus }[],
    { group, students }: { group: string; students: MenteeRows },
    written: { sources: readonly CachedSource[]; before: Stamp; moves: number },
  ): Promise<void> {
    const statusOf = new Map(marks.map((m) => [m.rollNo, m.status]));
    const body = students.rollNos.map((rollNo) => ({ studentId: rollNo, status: statusOf.get(rollNo)! }));
    await cache.keepWritten(
      attendanceKeys.marks(group, date, students),
      { body, total: body.length },
      written,
    );
  }

  /** A student's history as it is kept in memory: the first page of each size asked for (`all` too). */
  /** At most this many page sizes of one student's history are kept up to date as marks come. */
  const HISTORY_PAGE_SIZES = 4;
  const historyPages = new KeptPages<number, { limit: number | 'all'; read: CachedRead }>(HISTORY_PAGE_SIZES);
  const laterDay = (a: AttendanceRecord, b: AttendanceRecord) => a.date > b.date;

  /**
   * After a mark that changed a student's status of a day: each first page of the student's history
   * kept in memory, with that day's status (a new day in its place, newest first, and the total one
   * more), when nothing but the mark changed the student's rows or the students since the page was
   * read (`keepChanged`, decision record 0060). The student reads it without a round trip.
   */
  function keepMarkedDay(rollNo: number, date: string, status: AttendanceStatus): void {
    for (const { shape: page } of historyPages.of(rollNo)) {
      const { limit } = page;
      cache.keepChanged<ListAnswer<AttendanceRecord[]>>(page.read, 1, (kept) => {
        const at = kept.body.findIndex((record) => record.date === date);
        if (at !== -1) {
          // Read after the mark was written: the page holds it already.
          if (kept.body[at]!.status === status) return kept;
          const body = kept.body.map((record, i) => (i === at ? { date, status } : record));
          return { body, total: kept.total };
        }
        const body = withNewest(kept.body, { date, status }, laterDay, limit);
        return body && { body, total: kept.total + 1 };
      });
    }
  }

  app.get(
    '/api/students',
    {
      config: { access: STAFF },
      schema: {
        tags: ['attendance'],
        summary: 'Students by roll number (name, RollNo, group), optionally of one group',
        querystring: RosterQuerySchema,
        response: { 200: RosterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { group, limit, offset } = request.query;
      return answerList(reply, arrayAnswer(await repo.listRoster({ group }, { limit, offset })));
    },
  );

  app.post(
    '/api/mark-attendance',
    {
      config: { access: ['teacher'], writeLimitWithWrite: true },
      // Rows in the form clients send skip zod's walk of every row; any other body meets zod.
      validatorCompiler: dayMarkValidator,
      schema: {
        tags: ['attendance'],
        summary:
          "Marks one day (today or a past day) for many students; marking again replaces the mark, and the answer lists the corrections and the students kept On leave. A day mark is the day's roll call, a record apart from lecture marks (POST /api/lectures/{periodId}/{date}/marks): neither writes the other (decision record 0081). A record may carry `was`, the mark its sender saw (marks made offline; the spec's client never sends it): when the day now holds another mark for such a student, nothing is saved and the answer is 409 with both (decision record 0087)",
        body: MarkAttendanceRequestSchema,
        response: { 200: MarkAttendanceResponseSchema, ...errors, 409: DayMarkConflictSchema },
      },
    },
    async (request, reply) => {
      const teacher = principalOf(request);
      const { date, attendanceRecords } = request.body;
      const zone = await clock.zone();
      if (date > latestMarkableDate(now(), zone)) {
        throw badRequest(`date cannot be in the future: ${date} is after today; mark today or a past day`);
      }
      const conflicts = await dayConflictsOf(db, date, attendanceRecords);
      if (conflicts.length > 0) return reply.code(409).send(dayConflictAnswer(conflicts));
      const marks = attendanceRecords.map((r) => ({ rollNo: r.studentId, status: r.status }));
      // Where these students' marks stand before anything is read for the mark (`keepGroupMarks`).
      const sources =
        cache.keepsWrites && marks.length > 0
          ? attendanceWrites.marked(marks.map((m) => m.rollNo))
          : undefined;
      const stamped = sources && cache.stampBefore(sources, request.dataVersion);
      // A mark of one whole group takes what the day holds from the group's marks kept in memory,
      // when they are (a mark before, or the screen's read of them), and keeps what it leaves.
      const whole = stamped && (await wholeGroupOf(marks, request.dataVersion));
      const keptMarks =
        whole &&
        (cache.kept(attendanceKeys.marks(whole.group, date, whole.students), request.dataVersion) as
          ListAnswer<AttendanceMark[]> | undefined);
      const recorded = keptMarks && new Map(keptMarks.body.map((m) => [m.studentId, m.status]));
      // The group's leave and passes of the day, kept for its next mark while no leave and none of its
      // students' passes change: with the day's marks kept too, nothing is read before the write.
      const dayLeave: DayLeave | undefined =
        whole && recorded
          ? await cache.get(
              attendanceKeys.away(whole.group, date, whole.students),
              async () => {
                const { leave, passes } = await repo.beforeMark(date, marks, recorded);
                return { leave, passes };
              },
              request.dataVersion,
            )
          : undefined;
      // What the day already holds and who may be On leave: otherwise one statement before the
      // write, which counts itself against the teacher's allowance.
      const before =
        recorded && dayLeave
          ? { recorded: new Map(recorded), ...dayLeave }
          : await repo.beforeMark(date, marks, recorded);
      // A pass excuses the day only for the time out, so who is away is decided now, not kept.
      const hours =
        before.passes.length > 0
          ? await cache.get(attendanceKeys.classHours(), () => readClassHours(db), request.dataVersion)
          : DEFAULT_CLASS_HOURS;
      const {
        marks: kept,
        overridden,
        keptOnLeave,
      } = applyLeave(date, attendanceRecords, awayOn(before, hours, now(), zone));
      const unknownRollNos = (rollNos: number[]) => {
        const plural = rollNos.length === 1 ? '' : 's';
        return badRequest(
          `attendanceRecords: no student with roll number${plural} ${listUnknown(rollNos)}; nothing was marked`,
        );
      };
      // Only the marks that change a status are written: the others' rows, and every answer read
      // from them, stay as they are. An unknown roll number has no status, so it is always written,
      // and the write's foreign key refuses it (and every other mark with it): then it is named.
      const changed = kept.filter((m) => before.recorded.get(m.rollNo) !== m.status);
      // A correction is named in the answer, and so in the audit log (features/audit/recorder.ts),
      // whose entries are written with the marks.
      const corrected = correctionsOf(before.recorded, kept);
      const answer = {
        message: MESSAGES.attendance.marked,
        count: kept.length,
        ...(corrected.length > 0 && { corrected }),
        ...(overridden.length > 0 && { overridden }),
        ...(keptOnLeave.length > 0 && { keptOnLeave }),
      };
      const entries = entriesWithWrite(request, answer);
      // Endpoints that listen hear of the changed marks, queued with them (decision record 0085).
      const event =
        changed.length > 0
          ? await webhooks.outbox('attendance.marked', () => ({
              date,
              markedBy: teacher.loginId,
              marks: changed.map((m) => ({ rollNo: m.rollNo, status: m.status })),
            }))
          : undefined;
      const result = await repo.mark(date, changed, teacher.accountId, entries, countedWrite(request), event);
      if (!result.ok) throw unknownRollNos(result.unknownRollNos);
      // Each changed mark moved its student's rows once.
      for (const m of changed) keepMarkedDay(m.rollNo, date, m.status);
      // Each changed mark moves its student's rows once.
      if (sources && stamped && whole) {
        const written = { sources, before: stamped, moves: changed.length };
        const keeping = keepGroupMarks(date, kept, whole, written).catch((err: unknown) => {
          request.log.warn({ err }, "The group's marks could not be kept in memory");
        });
        // Where keeping them waits for a barrier first (PostgreSQL), the answer does not wait for it.
        if (cache.writesKnownAtOnce) await keeping;
      }
      // Guardians hear of a fall below 75 % (decision record 0034), beside the answer's audit entry;
      // a failure there undoes nothing.
      alongside(
        request,
        mail.attendanceMarked(changed.map((m) => m.rollNo)).catch((err: unknown) => {
          request.log.error({ err }, 'Guardian emails could not be queued');
        }),
      );
      return answer;
    },
  );

  app.get(
    '/api/attendance-marks',
    {
      config: { access: STAFF },
      schema: {
        tags: ['attendance'],
        summary: "The marks already given on one day to one group's students",
        querystring: AttendanceMarksQuerySchema,
        response: { 200: AttendanceMarksResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { group, date, limit, offset } = request.query;
      const load = async () => arrayAnswer(await repo.marksForGroup(group, date, { limit, offset }));
      if (!keepsInMemory({ limit, offset })) return answerList(reply, load());
      // Kept while the group's students and their marks are unchanged: another group's mark leaves it.
      const students = await studentsOf(group, request.dataVersion);
      return answerList(
        reply,
        cache.read(attendanceKeys.marks(group, date, students, limit, offset), load, request.dataVersion),
      );
    },
  );

  app.get(
    '/api/attendance/:rollNo',
    {
      config: { access: ALL },
      schema: {
        tags: ['attendance'],
        summary:
          "A student's day marks, newest first (students: their own only); per-course figures from lecture marks are at GET /api/attendance-courses/{rollNo} (decision record 0081)",
        params: RollNoParamsSchema,
        querystring: AttendanceHistoryQuerySchema,
        response: { 200: AttendanceHistoryResponseSchema, ...errors, 404: ErrorSchema },
      },
    },
    (request, reply) => {
      const { rollNo } = request.params;
      assertOwnRollNo(request, rollNo);
      const page = request.query;
      const load = async () => {
        const history = await repo.history(rollNo, page);
        if (!history) throw notFound(`No student with roll number ${rollNo}`);
        return arrayAnswer(history);
      };
      if (!keepsInMemory(page)) return answerList(reply, load());
      const read = attendanceKeys.history(rollNo, page);
      const limit = page.limit ?? 'all';
      if (page.offset === 0) historyPages.note(rollNo, String(limit), read.key, { limit, read });
      return answerList(reply, cache.read(read, load, request.dataVersion));
    },
  );
};
