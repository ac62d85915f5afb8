/**
 * The attendance report of a group over a range of days, as JSON for the screen and as a CSV file.
 * Mentors see the groups they mentor, admins any group.
 */
import {
  addDays,
  ATTENDANCE_REPORT_DEFAULT_DAYS,
  ATTENDANCE_WARNING_PERCENT,
  AttendanceReportQuerySchema,
  AttendanceReportSchema,
  ErrorSchema,
  reportRangeProblem,
  type AttendanceReportQuery,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from '../../lib/errors';
import { sendCsv } from '../../lib/csv';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { mentorshipRepository } from '../people/mentorship';
import { leaveRepository } from '../leave/repository';
import { attendanceReportRepository } from './report-repository';

const STAFF = ['teacher', 'admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

const CSV_HEADER = [
  'Roll No',
  'Name',
  'Present days',
  'Total days',
  'Attendance %',
  `Below ${ATTENDANCE_WARNING_PERCENT}%`,
];

export const attendanceReportRoutes: Feature = async (app: App, { db, clock }) => {
  const reports = attendanceReportRepository(db);
  const mentorship = mentorshipRepository(db);
  const leave = leaveRepository(db);

  /** The report asked for: its range with the defaults filled in, once the caller may see the group. */
  async function load(request: FastifyRequest, query: AttendanceReportQuery) {
    const to = query.to ?? (await clock.today());
    const from = query.from ?? addDays(to, 1 - ATTENDANCE_REPORT_DEFAULT_DAYS);
    const problem = reportRangeProblem(from, to);
    if (problem) throw badRequest(`${problem.field} ${problem.message}`);
    const principal = principalOf(request);
    if (principal.role === 'teacher' && !(await mentorship.mentorsGroup(principal.accountId, query.group))) {
      throw forbidden(
        `You can see the attendance report of the groups you mentor only, and you do not mentor ${query.group}`,
      );
    }
    return {
      group: query.group,
      from,
      to,
      warningPercent: ATTENDANCE_WARNING_PERCENT,
      students: await reports.forGroup(query.group, from, to, await leave.onLeaveRule()),
    };
  }

  app.get(
    '/api/attendance-report',
    {
      config: { access: STAFF },
      schema: {
        tags: ['attendance'],
        summary:
          'Each student of a group with their attendance from `from` to `to` (default: the last 30 days), those below 75% first',
        querystring: AttendanceReportQuerySchema,
        response: { 200: AttendanceReportSchema, ...errors },
      },
    },
    (request) => load(request, request.query),
  );

  app.get(
    '/api/attendance-report.csv',
    {
      config: { access: STAFF },
      schema: {
        tags: ['attendance'],
        summary: 'The attendance report as a CSV file',
        querystring: AttendanceReportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const report = await load(request, request.query);
      const rows = report.students.map((s) => [
        s.RollNo,
        s.name,
        s.present,
        s.total,
        s.percentage.toFixed(2),
        s.flagged ? 'Yes' : 'No',
      ]);
      return sendCsv(
        reply,
        `attendance-${report.group}-${report.from}-to-${report.to}.csv`,
        CSV_HEADER,
        rows,
      );
    },
  );
};
