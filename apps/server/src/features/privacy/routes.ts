/**
 * Each person's data (decision record 0084): an admin, or a person for themselves, downloads
 * everything the portal holds about them as one archive; an admin erases the personal data of a
 * person who has left, after the campus's wait.
 */
import { randomBytes } from 'node:crypto';
import {
  AccountIdParamsSchema,
  EraseRequestSchema,
  EraseResponseSchema,
  ErrorSchema,
  PrivacySettingsSchema,
  ROLES,
} from '@campus/contract';
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../lib/csv';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { principalOf } from '../../plugins/access';
import type { Principal } from '../../types';
import type { Feature, FeatureDeps } from '../deps';
import { personArchive } from './archive';
import { erasePerson } from './erase';
import { findSubject, personData, type Subject } from './export-data';
import { readPrivacySettings, writePrivacySettings } from './settings';

const ADMINS = ['admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const withNotFound = { ...errors, 404: ErrorSchema };
const DAY_MS = 86_400_000;

/** Why `subject` may not be erased now, or null when they may. */
async function erasureProblem(
  deps: FeatureDeps,
  subject: Subject,
  actor: Principal,
  confirmUserId: number,
): Promise<Error | null> {
  if (subject.accountId === actor.accountId) return forbidden('You cannot erase your own account');
  if (confirmUserId !== subject.loginId) return badRequest("confirmUserId must be the person's User ID");
  const erased = await deps.db
    .selectFrom('accounts')
    .select('erased_at')
    .where('id', '=', subject.accountId)
    .executeTakeFirst();
  if (erased?.erased_at) return conflict("This person's data was erased already");
  if (!subject.deactivatedAt) {
    return conflict('Deactivate the account first: only the data of a person who has left is erased');
  }
  const { erasureWaitDays } = await readPrivacySettings(deps.db);
  if (erasureWaitDays === 0) return null;
  const from = Date.parse(subject.deactivatedAt) + erasureWaitDays * DAY_MS;
  if (deps.now() < from) {
    return conflict(
      `The campus keeps a person's data ${erasureWaitDays} days after they leave: erasable from ${new Date(from).toISOString().slice(0, 10)}`,
    );
  }
  return null;
}

export const privacyRoutes: Feature = async (app, deps) => {
  const { db, dialect, audit, clock } = deps;

  /** The archive of `subject`, recorded in the audit log as downloaded by `principal`. */
  const sendArchive = async (reply: FastifyReply, subject: Subject, principal: Principal) => {
    const data = await personData(db, subject);
    const archive = personArchive(data, nowIso());
    await audit.recordAll([
      {
        kind: 'person.export',
        actorLoginId: principal.loginId,
        actorRole: principal.role,
        target: String(subject.loginId),
        detail: principal.accountId === subject.accountId ? 'own data' : `${subject.role}'s data`,
      },
    ]);
    const file = `data-${subject.loginId}-${await clock.today()}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentDisposition(file))
      .header('cache-control', 'no-store')
      .send(Buffer.from(archive));
  };

  app.get(
    '/api/profile/export',
    {
      config: { access: ROLES },
      schema: {
        tags: ['privacy'],
        summary: 'Everything the portal holds about the signed-in person, as a ZIP of JSON and CSV files',
        response: errors,
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const subject = await findSubject(db, principal.accountId);
      if (!subject) throw notFound('No such account');
      return sendArchive(reply, subject, principal);
    },
  );

  app.get(
    '/api/people/:accountId/export',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['privacy'],
        summary: 'Everything the portal holds about a person, as a ZIP of JSON and CSV files',
        params: AccountIdParamsSchema,
        response: withNotFound,
      },
    },
    async (request, reply) => {
      const subject = await findSubject(db, request.params.accountId);
      if (!subject) throw notFound('No person has this account id');
      return sendArchive(reply, subject, principalOf(request));
    },
  );

  app.post(
    '/api/people/:accountId/erase',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['privacy'],
        summary:
          "Erases a deactivated person's personal data (their name becomes a pseudonym); their counted records stay",
        params: AccountIdParamsSchema,
        body: EraseRequestSchema,
        response: { 200: EraseResponseSchema, ...withNotFound, 409: ErrorSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const subject = await findSubject(db, request.params.accountId);
      if (!subject) throw notFound('No person has this account id');
      const problem = await erasureProblem(deps, subject, principal, request.body.confirmUserId);
      if (problem) throw problem;
      const lockedHash = await hashPassword(randomBytes(32).toString('base64url'));
      const { pseudonym, erased } = await erasePerson(db, dialect, subject, principal, lockedHash);
      return { message: `Personal data erased: the person is now ${pseudonym}`, pseudonym, erased };
    },
  );

  app.get(
    '/api/privacy-settings',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['privacy'],
        summary: "How long a person's data is kept after they leave, before it may be erased",
        response: { 200: PrivacySettingsSchema, ...errors },
      },
    },
    async () => readPrivacySettings(db),
  );

  app.put(
    '/api/privacy-settings',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['privacy'],
        summary: "Sets how long a person's data is kept after they leave, before it may be erased",
        body: PrivacySettingsSchema,
        response: { 200: PrivacySettingsSchema, ...errors },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      await writePrivacySettings(db, request.body, {
        kind: 'settings.privacy',
        actorLoginId: principal.loginId,
        actorRole: principal.role,
        target: null,
        detail: `erasure wait ${request.body.erasureWaitDays} days`,
      });
      return readPrivacySettings(db);
    },
  );
};
