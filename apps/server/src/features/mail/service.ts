/**
 * Email as people chose it (decision record 0034): each notification a person gets is mailed at
 * once, gathered into the day's digest, or not mailed, by their choice for its kind; guardians are
 * told what the campus settings say; and password reset links are sent. Without SMTP_URL and
 * MAIL_FROM nothing is queued at all. Each concern lives in its own module; this one puts them together.
 */
import { PATHS } from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import { signerFor, type Signer } from '../../lib/signer';
import type { GuardianPusher, MailContext } from './context';
import { digests } from './digests';
import { emailChanges, type EmailChange } from './email-change';
import { guardianMail } from './guardians';
import { guardianNews, type GuardianNews } from './guardian-news';
import { notifyMail } from './notify-mail';
import { mailQueue } from './queue';
import { passwordResets } from './resets';
import { mailSettings } from './settings';
import {
  SECRET_LINK_KINDS,
  SECRET_LINK_MARKS,
  SIGNATURE_MARKS,
  secretLinkTokens,
  unsubscribeTokens,
  type SecretLink,
} from './tokens';
import { mailWorker } from './worker';

export { signatureMark, withoutMarks } from './tokens';

export type { GuardianEvent } from './guardians';
export type { NotifiedItem } from './notify-mail';

export interface MailOptions {
  smtpUrl?: string | undefined;
  from?: string | undefined;
  /** Where the portal is reached from outside: links in mails start with it. */
  publicUrl?: string | undefined;
  /** How often each instance looks for due mails and digests; 0: only when told (tests). */
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  /** The hour (UTC) from which the day's digests are sent. */
  digestHourUtc?: number;
}

const LINK_PATHS: Record<SecretLink, string> = { reset: PATHS.resetPassword, verify: PATHS.verifyEmail };

/** The queue; secret links are filled in only as a mail is sent (decision records 0064, 0075). */
function queueOf(
  db: Db,
  options: MailOptions,
  deps: {
    publicUrl: string;
    secretLinks: ReturnType<typeof secretLinkTokens>;
    signer: Signer;
    now: () => number;
  },
) {
  const { publicUrl, secretLinks, signer } = deps;
  const secretLink = (link: SecretLink, nonce: string) =>
    `${publicUrl}${LINK_PATHS[link]}?token=${secretLinks.tokenOf(link, nonce)}`;
  return mailQueue(db, {
    smtpUrl: options.smtpUrl!,
    from: options.from!,
    host: publicUrl ? new URL(publicUrl).hostname : 'campus-portal.invalid',
    leaseMs: options.leaseMs ?? 5 * 60_000,
    maxAttempts: options.maxAttempts ?? 8,
    backoffMs: options.backoffMs ?? 60_000,
    now: deps.now,
    // Only the server's own texts: no text a person wrote is ever filled in.
    render: (text, kind) =>
      SECRET_LINK_KINDS.has(kind)
        ? text
            .replace(SECRET_LINK_MARKS, (_mark, link: SecretLink, nonce: string) => secretLink(link, nonce))
            .replace(SIGNATURE_MARKS, (_mark, purpose: string, payload: string) =>
              signer.sign(purpose, payload),
            )
        : text,
  });
}

export function mailService(
  db: Db,
  options: MailOptions,
  deps: {
    secret: string;
    now: () => number;
    log: FastifyBaseLogger;
    pushGuardians?: GuardianPusher;
    cache?: ReadCache;
  },
) {
  const { now } = deps;
  const publicUrl = (options.publicUrl ?? '').replace(/\/+$/, '');
  const enabled = Boolean(options.smtpUrl && options.from);
  const tokens = unsubscribeTokens(deps.secret);
  const secretLinks = secretLinkTokens(deps.secret);
  const signer = signerFor(deps.secret);
  const queue = enabled ? queueOf(db, options, { publicUrl, secretLinks, signer, now }) : undefined;
  const ctx: MailContext = {
    db,
    queue,
    enabled,
    now,
    publicUrl,
    unsubscribeUrl: (target) => `${publicUrl}/api/mail/unsubscribe?token=${tokens.sign(target)}`,
    pushGuardians: deps.pushGuardians,
    cache: deps.cache,
  };
  const changes = emailChanges(db, { queue, tokens: secretLinks, now });
  const settings = mailSettings(ctx);
  const news = guardianNews(ctx, options.digestHourUtc ?? 16);
  const guardians = guardianMail(ctx, news);
  const toPeople = notifyMail(ctx, settings.modesFor);
  // A child's leave decided is told to their guardians too, as each chose (decision record 0093).
  const notified: typeof toPeople.notified = async (items) => {
    await toPeople.notified(items);
    for (const item of items) if (item.kind === 'leave.decided') await news.leaveDecided(item.accountId);
  };
  const everyone = digests(ctx, options.digestHourUtc ?? 16);
  const runDigests = async () => (await everyone.runDigests()) + (await news.runDigests());
  const { sendReset } = passwordResets(ctx, secretLinks);
  const worker = mailWorker({ queue, pollMs: options.pollMs, log: deps.log, runDigests });

  return {
    enabled,
    publicUrl,
    queue,

    /** Mails a link to confirm a new address, and tells the old one; false where no mail is sent. */
    async requestEmailChange(change: EmailChange): Promise<boolean> {
      const queued = await changes.request(change);
      if (queued) void worker.deliverSoon();
      return queued;
    },
    confirmEmailChange: (token: string) => changes.confirm(token),

    notified,
    runDigests,
    /** Sends what is due from this instance; answers how many were sent. */
    async deliverDue(): Promise<number> {
      return queue ? queue.deliverDue() : 0;
    },

    notifyGuardian: guardians.notifyGuardian,
    notifyGuardians: guardians.notifyGuardians,
    attendanceMarked: guardians.attendanceMarked,
    guardianSettings: guardians.guardianSettings,
    setGuardianSettings: guardians.setGuardianSettings,
    /** A guardian's own choices, per child and kind of news (decision record 0093). */
    guardianModes: {
      settingsOf: (accountId: string) => news.settingsOf(accountId),
      setModes: (...args: Parameters<GuardianNews['setModes']>) => news.setModes(...args),
    },
    guardianNoticeStarted: (notice: Parameters<GuardianNews['noticeStarted']>[0]) =>
      news.noticeStarted(notice),

    settingsOf: settings.settingsOf,
    setModes: settings.setModes,
    unsubscribe: settings.unsubscribe,
    verifyUnsubscribe: (token: string) => tokens.verify(token),

    /**
     * A reset link for the account `loginId` names, if it exists, is active and has an address.
     * Runs apart from the request, so that the answer takes as long whether or not it does.
     */
    requestReset(loginId: number): void {
      if (!queue) return;
      worker.track(
        (async () => {
          if (await sendReset(loginId)) void worker.deliverSoon();
        })(),
      );
    },

    settled: worker.settled,
    tick: worker.tick,
    deliverSoon: worker.deliverSoon,
    start: worker.start,
    stop: worker.stop,
  };
}

export type MailService = ReturnType<typeof mailService>;
