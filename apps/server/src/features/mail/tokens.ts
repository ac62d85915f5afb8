/**
 * Unsubscribe links (decision record 0034): the token names whom and what to stop, signed with a key
 * derived from the server's secret, so a link cannot be made for someone else. It does not expire:
 * an unsubscribe link in an old mail must still work.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '@campus/contract';

export type UnsubscribeTarget =
  { type: 'account'; accountId: string; kind: MailKind } | { type: 'guardian'; address: string };

export function unsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('campus-mail-unsubscribe').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(target: UnsubscribeTarget): string {
      const text =
        target.type === 'account' ? `a\n${target.accountId}\n${target.kind}` : `g\n${target.address}`;
      const payload = Buffer.from(text, 'utf8').toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    verify(token: string): UnsubscribeTarget | undefined {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      const [type, a, b] = Buffer.from(payload, 'base64url').toString('utf8').split('\n');
      if (type === 'a' && a && (MAIL_KINDS as readonly string[]).includes(b ?? '')) {
        return { type: 'account', accountId: a, kind: b as MailKind };
      }
      if (type === 'g' && a) return { type: 'guardian', address: a };
      return undefined;
    },
  };
}

/** Reset tokens are stored as their SHA-256: a copy of the database cannot be used to reset. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The links a mail carries that act for whoever opens them: a password reset, an email confirmation. */
export type SecretLink = 'reset' | 'verify';

/**
 * A secret link's token, made from a random nonce and a key derived from the server's secret. The
 * queued mail holds only the nonce (`secretLinkMark`) and the token is made as the mail is sent,
 * so neither the queue nor any other table holds a token that a copy of the database could use.
 */
export function secretLinkTokens(secret: string) {
  const keys = {
    reset: createHmac('sha256', secret).update('campus-password-reset').digest(),
    verify: createHmac('sha256', secret).update('campus-email-verify').digest(),
  };
  return {
    tokenOf: (link: SecretLink, nonce: string) =>
      createHmac('sha256', keys[link]).update(nonce).digest('base64url'),
  };
}

/** Where a queued mail's secret link goes, named by its nonce: `{{reset-link:NONCE}}`. */
export const secretLinkMark = (link: SecretLink, nonce: string) => `{{${link}-link:${nonce}}}`;
export const SECRET_LINK_MARKS = /\{\{(reset|verify)-link:([\w-]+)\}\}/g;

/**
 * Where a queued mail's signed link carries its signature: the payload, signed for its purpose (by
 * `signerFor` of the server's secret) only as the mail is sent, so the queue holds no usable link.
 */
export type SignedPurpose = 'guardian-consent';
export const signatureMark = (purpose: SignedPurpose, payload: string) =>
  `{{signature:${purpose}:${payload}}}`;
export const SIGNATURE_MARKS = /\{\{signature:(guardian-consent):([\w:-]+)\}\}/g;

/** Keeps a person's words from standing for a mark in a mail whose marks are filled in. */
export const withoutMarks = (text: string) => text.replaceAll('{{', '{\u200b{');

/** The mails whose marks are filled in as they are sent (any text a person wrote goes through `withoutMarks`). */
export const SECRET_LINK_KINDS = new Set(['passwordReset', 'emailVerify', 'guardianConsent']);
