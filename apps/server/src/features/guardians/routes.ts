/**
 * Guardians (decision record 0091): the office creates and links them; a guardian signs in with a
 * mailed code (or a password) and sees their own children only. Every child route is checked
 * against the guardian's links: a child not linked to them is refused with 403.
 */
import { setTimeout } from 'node:timers/promises';
import {
  EMAIL_OFF_RESET_MESSAGE,
  ErrorSchema,
  GUARDIAN_CODE_ANSWER,
  GUARDIAN_CODE_REFUSED,
  GuardianChildDetailSchema,
  GuardianChildListSchema,
  GuardianAbsenceRequestSchema,
  GuardianLeaveSchema,
  GuardianCodeRequestSchema,
  GUARDIAN_PASSWORD_WINDOW_MINUTES,
  GuardianPasswordRequestSchema,
  GuardianSignInRequestSchema,
  leaveRangeProblem,
  LoginResponseSchema,
  PATHS,
  itemLink,
  MessageSchema,
  RollNoParamsSchema,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { limitsRepository } from '../../db/rate-limits';
import { clientKey } from '../../lib/client-address';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { principalOf } from '../../plugins/access';
import { issueSession } from '../auth/issue-session';
import type { Feature } from '../deps';
import { timetableRepository } from '../timetable/repository';
import { timetableReads } from '../timetable/reads';
import { standingsOf } from '../timetable/standing';
import { leaveRepository } from '../leave/repository';
import { languagesOf } from '../language/of-accounts';
import { NOTE_WORDS } from '../mail/words-notes';
import { notificationRepository } from '../notifications/repository';
import { guardianCodes } from './codes';
import { guardiansRepository } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const TAGS = ['guardians'];
/** Every answer to a code request takes at least this long, whatever happened behind it. */
const CODE_FLOOR_MS = 300;
const NOT_YOUR_CHILD = 'You can see only the students linked to you as their guardian';

export const guardiansRoutes: Feature = async (
  app,
  { db, dialect, cache, clock, mail, signer, now, auth, tokens, live, webhooks, signIn },
) => {
  const leave = leaveRepository(db, webhooks);
  const notes = notificationRepository(db);
  const repo = guardiansRepository(db);
  const limits = limitsRepository(db, dialect);
  const codes = guardianCodes({ db, repo, limits, mail, signer, now });
  const reads = timetableReads(db, cache, timetableRepository(db));

  /** The signed-in guardian's links, after checking `rollNo` (if given) is one of them. */
  async function linksOf(request: FastifyRequest, rollNo?: number) {
    const me = principalOf(request);
    const links = await repo.rollNosOf(me.accountId);
    if (rollNo !== undefined && !links.has(rollNo)) throw forbidden(NOT_YOUR_CHILD);
    return links;
  }

  // --- Sign-in by code ----------------------------------------------------------------------

  app.post(
    '/api/guardian/code',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: "Mails a sign-in code to a guardian's address, if it is one; the answer is always the same",
        body: GuardianCodeRequestSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      // Not a server fault: this campus chose not to send email; the office hands out passwords.
      if (!mail.enabled) throw badRequest(EMAIL_OFF_RESET_MESSAGE);
      const started = performance.now();
      await codes.request(request.body.email, clientKey(request.ip));
      const elapsed = performance.now() - started;
      if (elapsed < CODE_FLOOR_MS) await setTimeout(CODE_FLOOR_MS - elapsed);
      return { message: GUARDIAN_CODE_ANSWER };
    },
  );

  app.post(
    '/api/guardian/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary: 'Signs a guardian in with the code mailed to them: the same session a password gives',
        body: GuardianSignInRequestSchema,
        response: {
          200: LoginResponseSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const accountId = await codes.check(request.body.email, request.body.code, clientKey(request.ip));
      if (!accountId) throw unauthorized(GUARDIAN_CODE_REFUSED);
      const { token, role } = await issueSession({ auth, tokens }, request, reply, accountId);
      return { token, role, message: 'Login successful' };
    },
  );

  // --- What a guardian sees -----------------------------------------------------------------

  app.get(
    '/api/guardian/children',
    {
      config: { access: ['guardian'] },
      schema: {
        tags: TAGS,
        summary: "The signed-in guardian's children, each with where they are today",
        response: { 200: GuardianChildListSchema, ...errors },
      },
    },
    async (request) => {
      const links = await linksOf(request);
      return repo.children(links, await clock.today(now()), await clock.zone());
    },
  );

  app.get(
    '/api/guardian/children/:rollNo',
    {
      config: { access: ['guardian'] },
      schema: {
        tags: TAGS,
        summary:
          'One of your children: today, attendance per course with the forecast, gate passes and their movements, leave and marks',
        params: RollNoParamsSchema,
        response: { 200: GuardianChildDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { rollNo } = request.params;
      const links = await linksOf(request, rollNo);
      const timeZone = await clock.zone();
      const [child] = await repo.children(
        new Map([[rollNo, links.get(rollNo) ?? '']]),
        await clock.today(now()),
        timeZone,
      );
      // A linked roll number whose student is gone: as for any child not one's own.
      if (!child) throw forbidden(NOT_YOUR_CHILD);
      const [attendance, passes, leave, marks] = await Promise.all([
        standingsOf(reads, rollNo, await clock.settings(), now()),
        repo.passesOf(rollNo),
        repo.leaveOf(rollNo),
        repo.marksOf(rollNo),
      ]);
      return { ...child, attendance: attendance ?? null, passes, leave, marks, timeZone };
    },
  );

  app.post(
    '/api/guardian/children/:rollNo/absence',
    {
      config: { access: ['guardian'], writeLimit: 'leave' },
      schema: {
        tags: TAGS,
        summary:
          'Reports that one of your children will be absent: a leave application on their behalf, which their mentor decides as any other',
        params: RollNoParamsSchema,
        body: GuardianAbsenceRequestSchema,
        response: {
          201: z.object({ message: z.string(), leave: GuardianLeaveSchema }),
          ...errors,
          409: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { rollNo } = request.params;
      const links = await linksOf(request, rollNo);
      const { from, to, reason } = request.body;
      const problem = leaveRangeProblem(from, to, await clock.today(now()));
      if (problem) throw badRequest(`${problem.field} ${problem.message}`);
      const covered = await leave.overlapping(rollNo, from, to);
      if (covered) {
        throw conflict(
          `These days overlap ${covered.status} leave from ${covered.from} to ${covered.to}: choose other days`,
        );
      }
      const me = principalOf(request);
      const who = await auth.findIdentity(me.accountId);
      const reportedBy = `Reported by ${who?.name ?? 'a guardian'} (${links.get(rollNo) || 'guardian'})`;
      const created = await leave.create({ rollNo, from, to, reason: `${reportedBy}: ${reason}` });
      if (!created) throw forbidden(NOT_YOUR_CHILD);
      const mentors = await leave.mentorsOf(rollNo);
      if (mentors.length > 0) {
        try {
          // Each mentor's in their language (decision record 0090).
          const languages = await languagesOf(db, mentors, cache);
          const link = itemLink(PATHS.teacher.leave, 'leave', created._id);
          await notes.addEach(
            mentors.map((accountId) => ({
              accountId,
              notification: {
                kind: 'leave.requested',
                text: NOTE_WORDS[languages.get(accountId) ?? 'en'].absenceReported(
                  created.name,
                  created.from,
                  created.to,
                ),
                link,
              },
            })),
          );
          live.publish({ accounts: mentors }, ['notifications']);
        } catch (err) {
          // The application stands; the notice of it is logged.
          app.log.error({ err }, 'A notification could not be written');
        }
      }
      return reply.code(201).send({
        message: 'The absence was reported. The mentor decides it as a leave application.',
        leave: {
          id: created._id,
          from: created.from,
          to: created.to,
          reason: created.reason,
          status: created.status,
        },
      });
    },
  );

  app.put(
    '/api/guardian/password',
    {
      config: { access: ['guardian'], beforePasswordChange: true },
      schema: {
        tags: TAGS,
        summary: `Chooses a password to sign in with next time, within ${GUARDIAN_PASSWORD_WINDOW_MINUTES} minutes of signing in (the code proved the address); other sessions end`,
        body: GuardianPasswordRequestSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const session = await db
        .selectFrom('sessions')
        .select('created_at')
        .where('id', '=', me.sessionId)
        .executeTakeFirst();
      // Sessions are stamped by the wall clock (auth repository), so they are judged by it too.
      const age = session ? Date.now() - Date.parse(session.created_at) : Infinity;
      if (age > GUARDIAN_PASSWORD_WINDOW_MINUTES * 60_000) {
        throw forbidden(
          `Sign in again with a new code to choose a password: it can be chosen within ${GUARDIAN_PASSWORD_WINDOW_MINUTES} minutes of signing in`,
        );
      }
      const passwordHash = await signIn.hash(() => hashPassword(request.body.newPassword));
      await auth.changePassword(me.accountId, passwordHash, me.sessionId);
      const who = await auth.findIdentity(me.accountId);
      return {
        message: `Password set. Next time, sign in with your User ID ${who?.loginId ?? ''} and this password, or with a code.`,
      };
    },
  );
};
