/** Students, teachers and groups: directories, profiles and the student's mentor cards. */
import {
  ContactTeacherListSchema,
  ErrorSchema,
  GroupListSchema,
  PageQuerySchema,
  CAMPUS_ROLES,
  RollNoParamsSchema,
  StudentListQuerySchema,
  StudentListSchema,
  type StudentListQuery,
  StudentSchema,
  TeacherIdParamsSchema,
  TeacherListQuerySchema,
  TeacherListSchema,
  TeacherSchema,
} from '@campus/contract';
import { notFound } from '../../lib/errors';
import { answerList, arrayAnswer, keepsInMemory } from '../../lib/lists';
import { assertOwnRollNo, principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { peopleKeys } from './cache-keys';
import { peopleRepository } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const STAFF = ['teacher', 'admin'] as const;

export const peopleRoutes: Feature = async (app, { db, cache }) => {
  const people = peopleRepository(db);

  /** Manage Students and the Students Collection answer the same lists, kept in memory alike. */
  const listStudents = (query: StudentListQuery, dataVersion: number | undefined) => {
    const load = async () => arrayAnswer(await people.listStudents(query));
    if (!keepsInMemory(query)) return load();
    return cache.read(peopleKeys.students(query), load, dataVersion);
  };

  app.get(
    '/api/contact-teachers',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['people'],
        summary: "Teachers as contact cards; the signed-in student's own mentors first, marked isMentor",
        querystring: PageQuerySchema,
        response: { 200: ContactTeacherListSchema, ...errors },
      },
    },
    async (request, reply) =>
      answerList(
        reply,
        arrayAnswer(await people.listContactTeachers(principalOf(request).accountId, request.query)),
      ),
  );

  app.get(
    '/api/manage-students',
    {
      config: { access: STAFF },
      schema: {
        tags: ['people'],
        summary: 'Students by roll number; search matches the name or roll number, group is exact',
        querystring: StudentListQuerySchema,
        response: { 200: StudentListSchema, ...errors },
      },
    },
    (request, reply) => answerList(reply, listStudents(request.query, request.dataVersion)),
  );

  app.get(
    '/api/student',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['people'],
        summary: "The admin's Students Collection; search matches the name or roll number",
        querystring: StudentListQuerySchema,
        response: { 200: StudentListSchema, ...errors },
      },
    },
    (request, reply) => answerList(reply, listStudents(request.query, request.dataVersion)),
  );

  app.get(
    '/api/student-details/:rollNo',
    {
      config: { access: CAMPUS_ROLES },
      schema: {
        tags: ['people'],
        summary: "A student's details: students only their own, teachers and admins any",
        params: RollNoParamsSchema,
        response: { 200: StudentSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      assertOwnRollNo(request, rollNo);
      const student = await people.findStudent(rollNo);
      if (!student) throw notFound(`No student has roll number ${rollNo}`);
      return student;
    },
  );

  app.get(
    '/api/teacher-details/:teacherId',
    {
      config: { access: STAFF },
      schema: {
        tags: ['people'],
        summary: "A teacher's details and mentored groups",
        params: TeacherIdParamsSchema,
        response: { 200: TeacherSchema, ...errors, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { teacherId } = request.params;
      const teacher = await people.findTeacher(teacherId);
      if (!teacher) throw notFound(`No teacher has teacher id ${teacherId}`);
      return teacher;
    },
  );

  app.get(
    '/api/teachers',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['people'],
        summary: 'Teachers by name; search matches the name or teacher id',
        querystring: TeacherListQuerySchema,
        response: { 200: TeacherListSchema, ...errors },
      },
    },
    async (request, reply) => answerList(reply, arrayAnswer(await people.listTeachers(request.query))),
  );

  app.get(
    '/api/groups',
    {
      config: { access: STAFF },
      schema: {
        tags: ['people'],
        summary: "Every group's name, sorted, those without students too",
        response: { 200: GroupListSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => people.listGroups(),
  );
};
