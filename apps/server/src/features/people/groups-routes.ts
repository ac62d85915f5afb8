/** The admin's Groups page: every group with its students and mentors, and changes to groups. */
import {
  ErrorSchema,
  GroupChangeResponseSchema,
  GroupMentorsRequestSchema,
  GroupMoveRequestSchema,
  GroupNameRequestSchema,
  GroupParamsSchema,
  GroupSummaryListSchema,
} from '@campus/contract';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Feature } from '../deps';
import { groupsRepository, type GroupResult } from './groups-repository';

const ADMINS = ['admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const changeErrors = { ...errors, 404: ErrorSchema, 409: ErrorSchema };

const taken = (name: string) => conflict(`A group named ${name} already exists`);

/** The answer to a change of group `name`, or the refusal that fits. */
function answer(name: string, result: GroupResult, what: { message: string; unknown?: string; to?: string }) {
  if (result.ok) return { message: what.message, group: result.group, changes: result.changes };
  if (result.problem === 'unknown') throw badRequest(`${what.unknown ?? 'request'} ${result.ids.join(', ')}`);
  if (result.problem === 'taken') throw taken(what.to ?? name);
  if (result.problem === 'lookalike') {
    throw conflict(
      `name ${what.to ?? name} looks the same as the group ${result.existing}: choose a name that reads differently`,
    );
  }
  throw notFound(`There is no group ${name}`);
}

export const groupsRoutes: Feature = async (app, { db }) => {
  const groups = groupsRepository(db);

  app.get(
    '/api/groups/summary',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Every group by name, with its number of students and its mentors',
        response: { 200: GroupSummaryListSchema, ...errors },
      },
    },
    () => groups.list(),
  );

  app.post(
    '/api/groups',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Creates an empty group',
        body: GroupNameRequestSchema,
        response: { 201: GroupChangeResponseSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const { name } = request.body;
      const result = await groups.create(name);
      return reply.code(201).send(answer(name, result, { message: 'Group created' }));
    },
  );

  app.put(
    '/api/groups/:name',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Renames a group, in its students' records and its mentors' too",
        params: GroupParamsSchema,
        body: GroupNameRequestSchema,
        response: { 200: GroupChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { name } = request.params;
      const to = request.body.name;
      return answer(name, await groups.rename(name, to), { message: 'Group renamed', to });
    },
  );

  app.put(
    '/api/groups/:name/mentors',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: "Sets a group's mentors: exactly the teachers given (none is allowed)",
        params: GroupParamsSchema,
        body: GroupMentorsRequestSchema,
        response: { 200: GroupChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { name } = request.params;
      return answer(name, await groups.setMentors(name, request.body.teacherIds), {
        message: 'Mentors saved',
        unknown: 'teacherIds has no teacher with teacher id',
      });
    },
  );

  app.post(
    '/api/groups/:name/students',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['people'],
        summary: 'Moves students into a group from whichever group they are in',
        params: GroupParamsSchema,
        body: GroupMoveRequestSchema,
        response: { 200: GroupChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) => {
      const { name } = request.params;
      return answer(name, await groups.moveStudents(name, request.body.rollNos), {
        message: 'Students moved',
        unknown: 'rollNos has no student with roll number',
      });
    },
  );
};
