/**
 * Email settings, guardians' campus settings, one-click unsubscribe (RFC 8058), and the forgotten
 * password's reset link (decision record 0034).
 */
import { setTimeout } from 'node:timers/promises';
import {
  EMAIL_OFF_RESET_MESSAGE,
  ErrorSchema,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordRequestSchema,
  GuardianSettingsSchema,
  GuardianSettingsUpdateSchema,
  LOGIN_FAILURE_WINDOW_MINUTES,
  MailSettingsSchema,
  MailSettingsUpdateSchema,
  MailStatusSchema,
  MessageSchema,
  RESET_LINK_INVALID,
  ResetPasswordRequestSchema,
  ROLES,
  UnsubscribeQuerySchema,
} from '@campus/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, tooMany } from '../../lib/errors';
import { clientKey } from '../../lib/client-address';
import { nowIso } from '../../lib/ids';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import { hashPassword } from '../../lib/passwords';
import { limitsRepository } from '../../db/rate-limits';
import type { Feature } from '../deps';
import { hashResetToken } from './tokens';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
/** Reset links asked for per window: per client, and per User ID from all clients. */
export const RESET_REQUESTS = { perClient: 10, perUser: 3 };
/** Every answer to a reset request takes at least this long, whatever happened behind it. */
const FORGOT_FLOOR_MS = 300;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Campus Portal</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}<p><a href="/">Go to Campus Portal</a></p></body></html>`;
}

export const mailRoutes: Feature = async (app: App, { mail, db, dialect, audit, signIn, now, sso }) => {
  const limits = limitsRepository(db, dialect);

  app.get(
    '/api/mail/status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['mail'],
        summary: 'Whether this campus sends email',
        response: { 200: MailStatusSchema },
      },
    },
    () => ({ emailEnabled: mail.enabled }),
  );

  app.get(
    '/api/mail/settings',
    {
      config: { access: ROLES },
      schema: {
        tags: ['mail'],
        summary: 'My email settings per kind',
        response: { 200: MailSettingsSchema, ...errors },
      },
    },
    (request) => {
      const me = principalOf(request);
      return mail.settingsOf(me.accountId, me.role);
    },
  );

  app.put(
    '/api/mail/settings',
    {
      config: { access: ROLES },
      schema: {
        tags: ['mail'],
        summary: 'Sets my email settings: at once, daily digest or off, per kind',
        body: MailSettingsUpdateSchema,
        response: { 200: MailSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const me = principalOf(request);
      await mail.setModes(me.accountId, request.body);
      return mail.settingsOf(me.accountId, me.role);
    },
  );

  app.get(
    '/api/mail/guardian-settings',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['mail'],
        summary: 'What guardians are emailed',
        response: { 200: GuardianSettingsSchema, ...errors },
      },
    },
    () => mail.guardianSettings(),
  );

  app.put(
    '/api/mail/guardian-settings',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['mail'],
        summary: 'Sets what guardians are emailed',
        body: GuardianSettingsUpdateSchema,
        response: { 200: GuardianSettingsSchema, ...errors },
      },
    },
    async (request) => {
      await mail.setGuardianSettings(request.body);
      return mail.guardianSettings();
    },
  );

  // Mail programs post `List-Unsubscribe=One-Click` as a form; the body says nothing the token does not.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/mail/unsubscribe',
      {
        config: { access: 'public', writeLimit: false },
        schema: {
          tags: ['mail'],
          summary: 'One-click unsubscribe (RFC 8058): turns off the kind the signed token names',
          querystring: UnsubscribeQuerySchema,
        },
      },
      async (request, reply) => {
        const target = mail.verifyUnsubscribe(request.query.token);
        if (!target) throw badRequest('token: this unsubscribe link is not valid');
        const message = await mail.unsubscribe(target);
        return reply
          .type('text/html; charset=utf-8')
          .send(page('Unsubscribed', `<p>${escapeHtml(message)}</p>`));
      },
    );
  });

  app.get(
    '/api/mail/unsubscribe',
    {
      config: { access: 'public' },
      schema: {
        tags: ['mail'],
        summary: 'Asks to confirm an unsubscribe (a link checker opening the link changes nothing)',
        querystring: UnsubscribeQuerySchema,
      },
    },
    (request, reply) => {
      const { token } = request.query;
      if (!mail.verifyUnsubscribe(token)) throw badRequest('token: this unsubscribe link is not valid');
      const action = `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            'Stop these emails?',
            `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/api/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sends a reset link to the account’s email, if there is one; the answer is always the same',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      // Not a server fault: this campus chose not to send email.
      if (!mail.enabled) throw badRequest(EMAIL_OFF_RESET_MESSAGE);
      const started = performance.now();
      const loginId = Number(request.body.userId);
      const client = clientKey(request.ip);
      const t = now();
      const keys = { client: `reset:client:${client}`, user: `reset:user:${loginId}` };
      const counters = await limits.hit(
        [
          { key: keys.client, windowMs: WINDOW_MS },
          { key: keys.user, windowMs: WINDOW_MS },
        ],
        t,
      );
      const over = [
        [counters.get(keys.client), RESET_REQUESTS.perClient],
        [counters.get(keys.user), RESET_REQUESTS.perUser],
      ] as const;
      for (const [counter, limit] of over) {
        if (counter && counter.hits > limit) {
          throw tooMany('Too many requests for a reset link.', (counter.windowStart + WINDOW_MS - t) / 1000);
        }
      }
      // Looking the account up, making the link and queuing the mail happen apart from this answer.
      // A role that signs in with the university account only gets no link: same answer (record 0086).
      if (!(await sso.passwordRefusal(loginId))) mail.requestReset(loginId);
      const elapsed = performance.now() - started;
      if (elapsed < FORGOT_FLOOR_MS) await setTimeout(FORGOT_FLOOR_MS - elapsed);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    '/api/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset link’s token; signs out every session of the account',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (request) => {
      const tokenHash = hashResetToken(request.body.token);
      const at = new Date(now()).toISOString();
      const reset = await db
        .selectFrom('password_resets as r')
        .innerJoin('accounts as a', 'a.id', 'r.account_id')
        .select(['r.account_id', 'r.expires_at', 'r.used_at', 'a.login_id', 'a.role'])
        .where('r.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!reset || reset.used_at !== null || reset.expires_at <= at) throw badRequest(RESET_LINK_INVALID);
      const passwordHash = await signIn.hash(() => hashPassword(request.body.newPassword));
      const done = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('accounts')
          .set({ password_hash: passwordHash, must_change_password: 0 })
          .where('id', '=', reset.account_id)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: nowIso() })
          .where('account_id', '=', reset.account_id)
          .where('revoked_at', 'is', null)
          .execute();
        // Any other link sent to the account stops working too.
        await trx
          .updateTable('password_resets')
          .set({ used_at: at })
          .where('account_id', '=', reset.account_id)
          .where('used_at', 'is', null)
          .execute();
        return true;
      });
      if (!done) throw badRequest(RESET_LINK_INVALID);
      await audit.record({
        kind: 'password.recovered',
        actorLoginId: reset.login_id,
        actorRole: reset.role,
        target: String(reset.login_id),
        detail: 'a new password was set from an emailed reset link; every session was signed out',
        client: clientKey(request.ip),
      });
      return {
        message:
          'Your password was changed and every session of the account was signed out. Sign in with the new password.',
      };
    },
  );
};
