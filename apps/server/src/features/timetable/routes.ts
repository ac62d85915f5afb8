/** The timetable as admins keep it: courses, weekly periods, holidays and the term's settings. */
import {
  CourseCodeParamsSchema,
  CourseInputSchema,
  CourseSchema,
  ErrorSchema,
  HolidaySchema,
  IsoDateSchema,
  MessageSchema,
  PeriodIdParamsSchema,
  PeriodInputSchema,
  PeriodSchema,
  TermSettingsSchema,
  requiredText,
  type PeriodInput,
} from '@campus/contract';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Feature } from '../deps';
import { timetableRepository, type PeriodResult } from './repository';
import { writeTermSettings } from './settings';

const ADMINS = ['admin'] as const;
const CAMPUS = ['student', 'teacher', 'admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const changeErrors = { ...errors, 404: ErrorSchema, 409: ErrorSchema };

const PeriodAnswerSchema = z.object({ message: z.string(), period: PeriodSchema });
const PeriodsQuerySchema = z.object({
  group: requiredText(50).optional(),
  teacherId: z.coerce
    .number({ error: 'must be a teacher id' })
    .int({ error: 'must be a teacher id' })
    .positive({ error: 'must be a teacher id' })
    .optional(),
});
const HolidayParamsSchema = z.object({ date: IsoDateSchema });
const HolidayBodySchema = z.object({ name: requiredText(100) });

/** The answer to a period's write, or the refusal that names its problem. */
function periodAnswer(input: PeriodInput, result: PeriodResult, message: string) {
  if (result.ok) return { message, period: result.period };
  switch (result.problem) {
    case 'clash':
      throw conflict(result.message);
    case 'unknown-course':
      throw badRequest(`course: there is no course ${input.course}; add it first`);
    case 'unknown-group':
      throw badRequest(`group: there is no group ${input.group}`);
    case 'unknown-teacher':
      throw badRequest(`teacherId: there is no teacher with id ${input.teacherId}`);
    case 'no-teacher':
      throw badRequest(`teacherId: is required, as nobody teaches ${input.course} to ${input.group} yet`);
    default:
      throw notFound('There is no such period');
  }
}

export const timetableRoutes: Feature = async (app, { db, now, clock }) => {
  const timetable = timetableRepository(db);
  const at = () => new Date(now()).toISOString();

  app.get(
    '/api/courses',
    {
      config: { access: CAMPUS },
      schema: {
        tags: ['timetable'],
        summary: 'Every course, by code',
        response: { 200: z.array(CourseSchema), ...errors },
      },
    },
    () => timetable.listCourses(),
  );

  app.post(
    '/api/courses',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: 'Adds a course',
        body: CourseInputSchema,
        response: { 201: MessageSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      if (!(await timetable.saveCourse(request.body, at(), false))) {
        throw conflict(`code: a course ${request.body.code} already exists`);
      }
      return reply.code(201).send({ message: 'Course added' });
    },
  );

  app.put(
    '/api/courses/:code',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: "Changes a course's name, credits or attendance rule",
        params: CourseCodeParamsSchema,
        body: CourseInputSchema.omit({ code: true }),
        response: { 200: MessageSchema, ...changeErrors },
      },
    },
    async (request) => {
      const saved = await timetable.saveCourse({ ...request.body, code: request.params.code }, at(), true);
      if (!saved) throw notFound(`There is no course ${request.params.code}`);
      return { message: 'Course saved' };
    },
  );

  app.delete(
    '/api/courses/:code',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: 'Removes a course and its periods, unless lectures of it were marked',
        params: CourseCodeParamsSchema,
        response: { 200: MessageSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { code } = request.params;
      const result = await timetable.deleteCourse(code);
      if (result === 'not-found') throw notFound(`There is no course ${code}`);
      if (result === 'marked') throw conflict(`${code} has marked lectures, which stay in students' records`);
      return { message: 'Course removed' };
    },
  );

  app.get(
    '/api/periods',
    {
      config: { access: CAMPUS },
      schema: {
        tags: ['timetable'],
        summary: "The week's periods, of a group or a teacher, by weekday and time",
        querystring: PeriodsQuerySchema,
        response: { 200: z.array(PeriodSchema), ...errors },
      },
    },
    (request) => timetable.listPeriods(request.query),
  );

  app.post(
    '/api/periods',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary:
          'Adds a weekly period; one that puts a group, a teacher or a room in two places at once is refused',
        body: PeriodInputSchema,
        response: { 201: PeriodAnswerSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const result = await timetable.writePeriod(request.body);
      return reply.code(201).send(periodAnswer(request.body, result, 'Period added'));
    },
  );

  app.put(
    '/api/periods/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: 'Moves or changes a weekly period, with the same clash rules',
        params: PeriodIdParamsSchema,
        body: PeriodInputSchema,
        response: { 200: PeriodAnswerSchema, ...changeErrors },
      },
    },
    async (request) =>
      periodAnswer(
        request.body,
        await timetable.writePeriod(request.body, request.params.id),
        'Period saved',
      ),
  );

  app.delete(
    '/api/periods/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: 'Removes a weekly period; its marked lectures stay in the students’ records',
        params: PeriodIdParamsSchema,
        response: { 200: MessageSchema, ...changeErrors },
      },
    },
    async (request) => {
      if (!(await timetable.deletePeriod(request.params.id))) throw notFound('There is no such period');
      return { message: 'Period removed' };
    },
  );

  app.get(
    '/api/holidays',
    {
      config: { access: CAMPUS },
      schema: {
        tags: ['timetable'],
        summary: 'The campus holidays, by date',
        response: { 200: z.array(HolidaySchema), ...errors },
      },
    },
    () => timetable.listHolidays(),
  );

  app.put(
    '/api/holidays/:date',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: 'Makes a date a holiday: no lectures are held or marked on it',
        params: HolidayParamsSchema,
        body: HolidayBodySchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await timetable.putHoliday({ date: request.params.date, name: request.body.name });
      return { message: 'Holiday saved' };
    },
  );

  app.delete(
    '/api/holidays/:date',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: 'Makes a holiday a teaching day again',
        params: HolidayParamsSchema,
        response: { 200: MessageSchema, ...changeErrors },
      },
    },
    async (request) => {
      if (!(await timetable.deleteHoliday(request.params.date)))
        throw notFound(`${request.params.date} is not a holiday`);
      return { message: 'Holiday removed' };
    },
  );

  app.get(
    '/api/timetable-settings',
    {
      config: { access: CAMPUS },
      schema: {
        tags: ['timetable'],
        summary: "The term's days, the campus's time zone, how Late counts and the attendance a course needs",
        response: { 200: TermSettingsSchema, ...errors },
      },
    },
    () => clock.settings(),
  );

  app.put(
    '/api/timetable-settings',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['timetable'],
        summary: 'Changes the term settings given; the others stay',
        body: z.object({
          termStart: IsoDateSchema.optional(),
          termEnd: IsoDateSchema.optional(),
          timeZone: z.string().optional(),
          lateCounts: z.string().optional(),
          minPercent: z.unknown().optional(),
        }),
        response: { 200: TermSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const next = TermSettingsSchema.safeParse({ ...(await clock.settings()), ...request.body });
      if (!next.success) {
        const issue = next.error.issues[0]!;
        throw badRequest(`${issue.path.join('.')}: ${issue.message}`);
      }
      await writeTermSettings(db, next.data);
      return next.data;
    },
  );
};
