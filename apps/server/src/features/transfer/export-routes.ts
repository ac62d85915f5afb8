/**
 * Every list an admin sees, as a CSV file streamed page by page (export-repository.ts). The
 * columns of students, teachers, mentor assignments, marks and attendance are the ones an import
 * of the same kind reads, so a file exported, corrected and imported again changes only what was
 * corrected.
 */
import {
  addDays,
  ATTENDANCE_REPORT_DEFAULT_DAYS,
  AttendanceReportQuerySchema,
  ErrorSchema,
  ExportQuerySchema,
  IMPORT_COLUMNS,
  MARK_FIELDS,
  reportRangeProblem,
  StudentExportQuerySchema,
} from '@campus/contract';
import { z } from 'zod';
import { sendCsv, type CsvRows } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import type { App } from '../../types';
import type { Feature } from '../deps';
import { exportRepository } from './export-repository';

const ADMIN = ['admin'] as const;
/** Teachers download the students of their Manage Students list, as admins do. */
const STAFF = ['teacher', 'admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const names = (kind: keyof typeof IMPORT_COLUMNS) => IMPORT_COLUMNS[kind].map((c) => c.name);

const HEADERS = {
  students: names('students'),
  teachers: [...names('teachers'), 'groups'],
  mentors: ['teacherId', 'name', 'group'],
  marks: ['RollNo', 'Name', 'group', ...MARK_FIELDS, 'CGPA', 'CGPA source'],
  attendance: ['RollNo', 'name', 'date', 'status'],
  gatepasses: [
    '_id',
    'RollNo',
    'name',
    'email',
    'contact',
    'date',
    'time',
    'reason',
    'approvedStatus',
    'createdAt',
    'decidedAt',
  ],
  queries: [
    '_id',
    'RollNo',
    'name',
    'topic',
    'tags',
    'description',
    'solution',
    'likes',
    'hidden',
    'createdAt',
    'solvedAt',
  ],
} as const;

export const exportRoutes: Feature = async (app: App, { db, clock }) => {
  const exports = exportRepository(db);
  const today = () => clock.today();

  /** One list's route: its file is named after the list (and its group) and the day. */
  const list = <Query extends { group?: string | undefined }>(
    name: Exclude<keyof typeof HEADERS, 'attendance'>,
    summary: string,
    rows: (query: Query) => CsvRows,
    querystring: z.ZodType<Query>,
    access: readonly ('teacher' | 'admin')[] = ADMIN,
  ) =>
    app.get(
      `/api/export/${name}.csv`,
      {
        config: { access },
        schema: { tags: ['transfer'], summary, querystring, response: errors },
      },
      async (request, reply) => {
        const query = request.query as Query;
        const file = `${name}${query.group ? `-${query.group}` : ''}-${await today()}.csv`;
        return sendCsv(reply, file, HEADERS[name], rows(query));
      },
    );
  const none = z.object({});

  list(
    'students',
    'Students as CSV, in the columns a students import reads; narrowed as Manage Students is (group, search, status)',
    (query) => exports.students(query),
    StudentExportQuerySchema,
    STAFF,
  );
  list('teachers', 'Every teacher as CSV, with the groups they mentor', () => exports.teachers(), none);
  list(
    'mentors',
    'Mentor assignments (teacher and group) as CSV',
    (q) => exports.mentors(q.group),
    ExportQuerySchema,
  );
  list(
    'marks',
    'Every student’s marks (or one group’s) as CSV',
    (q) => exports.marks(q.group),
    ExportQuerySchema,
  );
  list('gatepasses', 'Every gate pass as CSV, oldest first', () => exports.gatePasses(), none);
  list('queries', 'Every query as CSV, hidden ones too, oldest first', () => exports.queries(), none);

  app.get(
    '/api/export/attendance.csv',
    {
      config: { access: ADMIN },
      schema: {
        tags: ['transfer'],
        summary:
          "A group's attendance marks day by day from `from` to `to` (default: the last 30 days) as CSV",
        querystring: AttendanceReportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { group } = request.query;
      const to = request.query.to ?? (await today());
      const from = request.query.from ?? addDays(to, 1 - ATTENDANCE_REPORT_DEFAULT_DAYS);
      const problem = reportRangeProblem(from, to);
      if (problem) throw badRequest(`${problem.field} ${problem.message}`);
      return sendCsv(
        reply,
        `attendance-${group}-${from}-to-${to}.csv`,
        HEADERS.attendance,
        exports.attendance(group, from, to),
      );
    },
  );
};
