/**
 * Guardian consent for gate passes (decision record 0092): the campus setting (admins), a guardian's
 * answer in the portal, and the mail's link. Opening the link (GET) only shows what it is for; the
 * confirmation page's button POSTs the answer, so a link checker that opens it changes nothing.
 */
import {
  CONSENT_MESSAGES,
  ConsentAnswerResponseSchema,
  ConsentLinkQuerySchema,
  ConsentLinkRequestSchema,
  ConsentLinkViewSchema,
  ConsentParamsSchema,
  ConsentRequestSchema,
  ErrorSchema,
  GuardianConsentSettingsSchema,
} from '@campus/contract';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { Feature } from '../deps';
import { gatePassRepository } from '../gatepasses/repository';
import { guardianConsent, readConsentSettings, writeConsentSettings, type AnswerOutcome } from './consent';
import { isProblem } from './consent-links';
import { guardiansRepository } from './repository';

const TAGS = ['guardians'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const linkErrors = { ...errors, 404: ErrorSchema, 409: ErrorSchema, 410: ErrorSchema };
const NOT_YOUR_CHILD = 'You can see only the students linked to you as their guardian';

export const guardianConsentRoutes: Feature = async (
  app,
  { db, dialect, cache, clock, mail, signer, notify, now },
) => {
  const zone = () => clock.zone();
  const consent = guardianConsent({ db, cache, mail, signer, notify, now, zone, log: app.log });
  const passes = gatePassRepository(db, dialect, now, zone);
  const repo = guardiansRepository(db);
  const readPass = (id: string) => passes.findById(id);

  /** The pass's student, when it exists. */
  const studentOf = async (id: string) =>
    (await db.selectFrom('gate_passes').select('roll_no').where('id', '=', id).executeTakeFirst())?.roll_no;

  /** The answer of a route, or its refusal. */
  const answered = (outcome: AnswerOutcome) => {
    if (outcome.kind === 'not-found') throw notFound('Gate pass not found');
    if (outcome.kind === 'not-waiting') throw conflict(CONSENT_MESSAGES.notWaiting);
    return { message: CONSENT_MESSAGES[outcome.consent], consent: outcome.consent };
  };

  app.get(
    '/api/guardian-consent-settings',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary: "Whose new gate passes wait for a guardian's consent: all students, some groups, or none",
        response: { 200: GuardianConsentSettingsSchema, ...errors },
      },
    },
    () => readConsentSettings(db),
  );

  app.put(
    '/api/guardian-consent-settings',
    {
      config: { access: ['admin'] },
      schema: {
        tags: TAGS,
        summary:
          "Sets whose new gate passes wait for a guardian's consent before their mentors see them (off: none)",
        body: GuardianConsentSettingsSchema,
        response: { 200: GuardianConsentSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { all, groups } = request.body;
      if (groups.length > 0) {
        const known = new Set(
          (await db.selectFrom('groups').select('name').where('name', 'in', groups).execute()).map(
            (g) => g.name,
          ),
        );
        const unknown = groups.filter((g) => !known.has(g));
        if (unknown.length > 0) throw badRequest(`groups: no group named ${unknown.join(', ')}`);
      }
      const me = principalOf(request);
      await writeConsentSettings(db, request.body, {
        kind: 'settings.guardian_consent',
        actorLoginId: me.loginId,
        actorRole: me.role,
        target: null,
        detail: all ? 'all students' : groups.length > 0 ? `groups ${groups.join(', ')}` : 'off',
      });
      return readConsentSettings(db);
    },
  );

  app.post(
    '/api/guardian/children/:rollNo/gatepasses/:id/consent',
    {
      config: { access: ['guardian'] },
      schema: {
        tags: TAGS,
        summary:
          "Consents to or declines one of your child's gate passes that waits for you: consented, it goes to the mentor; declined, it is rejected",
        params: ConsentParamsSchema,
        body: ConsentRequestSchema,
        response: { 200: ConsentAnswerResponseSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo, id } = request.params;
      const me = principalOf(request);
      const links = await repo.rollNosOf(me.accountId);
      if (!links.has(rollNo)) throw forbidden(NOT_YOUR_CHILD);
      // Another child's pass reads as no pass at all.
      if ((await studentOf(id)) !== rollNo) throw notFound('Gate pass not found');
      const outcome = await consent.answer(id, me, request.body.answer, readPass);
      return answered(outcome);
    },
  );

  /** The link's row, when it may still be used by a guardian still linked to the pass's student. */
  async function linkOf(pass: string, token: string) {
    const link = await consent.links.check(pass, token);
    if (isProblem(link)) throw new HttpError(link.status, link.message);
    const rollNo = await studentOf(link.gatepassId);
    const guardian = await db
      .selectFrom('guardian_links as l')
      .innerJoin('accounts as a', 'a.id', 'l.guardian_account_id')
      .select(['a.login_id'])
      .where('l.guardian_account_id', '=', link.guardianAccountId)
      .where('l.roll_no', '=', rollNo ?? -1)
      .where('a.deactivated_at', 'is', null)
      .executeTakeFirst();
    if (rollNo === undefined || !guardian) throw forbidden(CONSENT_MESSAGES.badLink);
    return { link, guardian: { accountId: link.guardianAccountId, loginId: guardian.login_id } };
  }

  app.get(
    '/api/guardian/consent-link',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary:
          'What a consent link from the mail is for, to confirm before answering; opening it changes nothing',
        querystring: ConsentLinkQuerySchema,
        response: { 200: ConsentLinkViewSchema, ...linkErrors },
      },
    },
    async (request) => {
      const { link } = await linkOf(request.query.pass, request.query.token);
      const pass = await readPass(link.gatepassId);
      if (!pass) throw notFound('Gate pass not found');
      return {
        childName: pass.name,
        date: pass.date,
        time: pass.time,
        returnBy: pass.returnBy ?? null,
        reason: pass.reason,
        consent: pass.waitingFor ? ('waiting' as const) : (pass.guardianConsent ?? 'given'),
      };
    },
  );

  app.post(
    '/api/guardian/consent-link',
    {
      config: { access: 'public' },
      schema: {
        tags: TAGS,
        summary:
          "Answers a gate pass from the consent link's confirmation page: the link works once, for its own pass, until the pass starts",
        body: ConsentLinkRequestSchema,
        response: { 200: ConsentAnswerResponseSchema, ...linkErrors },
      },
    },
    async (request) => {
      const { pass, token, answer } = request.body;
      const { link, guardian } = await linkOf(pass, token);
      if (!(await consent.links.use(link.id))) throw conflict(CONSENT_MESSAGES.usedLink);
      return answered(await consent.answer(pass, guardian, answer, readPass));
    },
  );
};
