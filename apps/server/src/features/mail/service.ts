/**
 * Email as people chose it (decision record 0034): each notification a person gets is mailed at
 * once, gathered into the day's digest, or not mailed, by their choice for its kind; guardians are
 * told what the campus settings say; and password reset links are sent. Without SMTP_URL and
 * MAIL_FROM nothing is queued at all.
 */
import { randomBytes } from 'node:crypto';
import {
  ATTENDANCE_WARNING_PERCENT,
  attendancePercentageOf,
  DEFAULT_MAIL_MODES,
  MAIL_KIND_LABELS,
  MAIL_KINDS_BY_ROLE,
  PASSWORD_RESET_MINUTES,
  PATHS,
  type GuardianSettings,
  type MailKind,
  type MailMode,
  type MailSettings,
  type MailSettingsUpdate,
  type NotificationKind,
  type Role,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { newId } from '../../lib/ids';
import { mailQueue, type MailQueue } from './queue';
import {
  hashResetToken,
  RESET_LINK_MARKS,
  resetLinkMark,
  resetTokens,
  unsubscribeTokens,
  type UnsubscribeTarget,
} from './tokens';

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

/** What a guardian may be told of. `gate*` are for the gate feature to call. */
export type GuardianEvent = 'attendanceBelowWarning' | 'gateExit' | 'gateReturn' | 'gateOverdue';

const KIND_OF_NOTIFICATION: Record<NotificationKind, MailKind> = {
  'gatepass.decided': 'gatePassDecided',
  'query.answered': 'queryAnswered',
  'notice.mentor': 'notices',
  'notice.posted': 'notices',
  'gatepass.requested': 'menteeRequests',
  'support.received': 'supportMessages',
  // Leave is decided and asked for like a gate pass: the same settings carry it.
  'leave.decided': 'gatePassDecided',
  'leave.requested': 'menteeRequests',
  // A mentee out past their return time: for the mentor, like the mentee's requests.
  'gatepass.overdue': 'menteeRequests',
};

const GUARDIAN_KEYS = {
  attendanceBelowWarning: 'guardian_mail_attendance',
  gatePass: 'guardian_mail_gate',
} as const;

export interface NotifiedItem {
  accountId: string;
  kind: NotificationKind;
  text: string;
  link: string | null;
}

interface Recipient {
  accountId: string;
  role: Role;
  name: string;
  email: string;
  loginId: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function mailService(
  db: Db,
  options: MailOptions,
  deps: { secret: string; now: () => number; log: FastifyBaseLogger },
) {
  const { now, log } = deps;
  const publicUrl = (options.publicUrl ?? '').replace(/\/+$/, '');
  const enabled = Boolean(options.smtpUrl && options.from);
  const tokens = unsubscribeTokens(deps.secret);
  const resets = resetTokens(deps.secret);
  const resetLink = (nonce: string) => `${publicUrl}${PATHS.resetPassword}?token=${resets.tokenOf(nonce)}`;
  const queue: MailQueue | undefined = enabled
    ? mailQueue(db, {
        smtpUrl: options.smtpUrl!,
        from: options.from!,
        host: publicUrl ? new URL(publicUrl).hostname : 'campus-portal.invalid',
        leaseMs: options.leaseMs ?? 5 * 60_000,
        maxAttempts: options.maxAttempts ?? 8,
        backoffMs: options.backoffMs ?? 60_000,
        now,
        // Only a reset mail, whose text is the server's own: no text a person wrote is ever filled in.
        render: (text, kind) =>
          kind === 'passwordReset'
            ? text.replace(RESET_LINK_MARKS, (_mark, nonce: string) => resetLink(nonce))
            : text,
      })
    : undefined;
  const digestHour = options.digestHourUtc ?? 16;
  const background = new Set<Promise<unknown>>();

  const unsubscribeUrl = (target: UnsubscribeTarget) =>
    `${publicUrl}/api/mail/unsubscribe?token=${tokens.sign(target)}`;

  async function recipients(accountIds: readonly string[]): Promise<Map<string, Recipient>> {
    const found = new Map<string, Recipient>();
    await inChunks([...new Set(accountIds)], async (chunk) => {
      const rows = await db
        .selectFrom('accounts as a')
        .leftJoin('students as s', 's.account_id', 'a.id')
        .leftJoin('teachers as t', 't.account_id', 'a.id')
        .leftJoin('admins as d', 'd.account_id', 'a.id')
        .select(['a.id', 'a.role', 'a.login_id', 's.name as sName', 's.email as sEmail'])
        .select(['t.name as tName', 't.email as tEmail', 'd.name as dName', 'd.email as dEmail'])
        .where('a.id', 'in', chunk)
        .where('a.deactivated_at', 'is', null)
        .execute();
      for (const r of rows) {
        const email = r.sEmail ?? r.tEmail ?? r.dEmail ?? '';
        if (!email.includes('@')) continue;
        found.set(r.id, {
          accountId: r.id,
          role: r.role,
          loginId: r.login_id,
          name: r.sName ?? r.tName ?? r.dName ?? '',
          email,
        });
      }
    });
    return found;
  }

  async function modesFor(accountIds: readonly string[], kind: MailKind): Promise<Map<string, MailMode>> {
    const modes = new Map<string, MailMode>();
    await inChunks([...new Set(accountIds)], async (chunk) => {
      const rows = await db
        .selectFrom('mail_settings')
        .select(['account_id', 'mode'])
        .where('kind', '=', kind)
        .where('account_id', 'in', chunk)
        .execute();
      for (const r of rows) modes.set(r.account_id, r.mode as MailMode);
    });
    return modes;
  }

  const footer = (who: Recipient, kind: MailKind, how: string) =>
    [
      '--',
      `Why you got this: your Campus Portal account (User ID ${who.loginId}) has "${MAIL_KIND_LABELS[kind]}: ${how}" in its email settings.`,
      `Change your email settings on your profile: ${publicUrl}${who.role === 'guard' ? PATHS.guard.desk : PATHS[who.role].profile}`,
      `Stop "${MAIL_KIND_LABELS[kind]}" emails with one click: ${unsubscribeUrl({ type: 'account', accountId: who.accountId, kind })}`,
    ].join('\n');

  async function campusSetting(key: string): Promise<boolean> {
    const row = await db
      .selectFrom('campus_settings')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? row.value === 'on' : true;
  }

  const track = (work: Promise<unknown>) => {
    const p = work.catch((err: unknown) => log.error({ err }, 'An email could not be queued'));
    background.add(p);
    void p.finally(() => background.delete(p));
  };

  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const service = {
    enabled,
    publicUrl,

    /** Notifications were written: mails are queued or kept for the digest as each person chose. */
    async notified(items: readonly NotifiedItem[]): Promise<void> {
      if (!queue || items.length === 0) return;
      const byKind = new Map<MailKind, NotifiedItem[]>();
      for (const item of items) {
        const kind = KIND_OF_NOTIFICATION[item.kind];
        byKind.set(kind, [...(byKind.get(kind) ?? []), item]);
      }
      for (const [kind, list] of byKind) {
        const ids = list.map((i) => i.accountId);
        const [people, modes] = await Promise.all([recipients(ids), modesFor(ids, kind)]);
        const digest: {
          id: string;
          account_id: string;
          kind: string;
          text: string;
          created_at: string;
          mail_id: null;
        }[] = [];
        for (const item of list) {
          const who = people.get(item.accountId);
          if (!who) continue;
          const mode = modes.get(item.accountId) ?? DEFAULT_MAIL_MODES[kind];
          if (mode === 'off') continue;
          if (mode === 'digest') {
            digest.push({
              id: newId(),
              account_id: who.accountId,
              kind,
              text: item.text,
              created_at: iso(now()),
              mail_id: null,
            });
            continue;
          }
          const link = item.link ? `\n\nOpen it in Campus Portal: ${publicUrl}${item.link}` : '';
          await queue.enqueue({
            to: who.email,
            subject: item.text,
            text: `Hello ${who.name},\n\n${item.text}.${link}\n\n${footer(who, kind, 'at once')}\n`,
            kind,
            unsubscribeUrl: unsubscribeUrl({ type: 'account', accountId: who.accountId, kind }),
          });
        }
        await inChunks(
          digest,
          async (chunk) => {
            await db.insertInto('mail_digest_items').values(chunk).execute();
          },
          300,
        );
      }
    },

    /** Gathers each person's waiting digest events into one mail, once a day per person. */
    async runDigests(): Promise<number> {
      if (!queue) return 0;
      const t = now();
      if (new Date(t).getUTCHours() < digestHour) return 0;
      const day = iso(t).slice(0, 10);
      const waiting = await db
        .selectFrom('mail_digest_items')
        .select('account_id')
        .distinct()
        .where('mail_id', 'is', null)
        .execute();
      const people = await recipients(waiting.map((w) => w.account_id));
      let queued = 0;
      for (const { account_id: accountId } of waiting) {
        const who = people.get(accountId);
        if (!who) continue;
        const made = await db.transaction().execute(async (trx) => {
          const id = await queue.enqueue(
            {
              to: who.email,
              subject: 'Your Campus Portal digest',
              text: '',
              kind: 'digest',
              unsubscribeUrl: null,
              dedupeKey: `digest:${accountId}:${day}`,
            },
            trx,
          );
          if (!id) return false;
          await trx
            .updateTable('mail_digest_items')
            .set({ mail_id: id })
            .where('account_id', '=', accountId)
            .where('mail_id', 'is', null)
            .execute();
          const items = await trx
            .selectFrom('mail_digest_items')
            .select(['kind', 'text', 'created_at'])
            .where('mail_id', '=', id)
            .orderBy('created_at')
            .execute();
          const kinds = [...new Set(items.map((i) => i.kind as MailKind))];
          const lines = kinds.flatMap((kind) => [
            `${MAIL_KIND_LABELS[kind]}:`,
            ...items
              .filter((i) => i.kind === kind)
              .map((i) => `- ${i.text} (${i.created_at.slice(0, 16).replace('T', ' ')} UTC)`),
            '',
          ]);
          const footers = kinds.map((kind) => footer(who, kind, 'daily digest')).join('\n');
          await trx
            .updateTable('mail_queue')
            .set({
              subject: `Your Campus Portal digest: ${items.length} new ${items.length === 1 ? 'item' : 'items'}`,
              text_body: `Hello ${who.name},\n\nWhat happened for you in Campus Portal since your last digest:\n\n${lines.join('\n')}\nOpen Campus Portal: ${publicUrl}/\n\n${footers}\n`,
              unsubscribe_url:
                kinds.length === 1 ? unsubscribeUrl({ type: 'account', accountId, kind: kinds[0]! }) : null,
            })
            .where('id', '=', id)
            .execute();
          return true;
        });
        if (made) queued += 1;
      }
      return queued;
    },

    /** Sends what is due from this instance; answers how many were sent. */
    async deliverDue(): Promise<number> {
      return queue ? queue.deliverDue() : 0;
    },

    queue,

    /** Tells a student's guardian, if the campus settings and the guardian allow; answers whether a mail was queued. */
    async notifyGuardian(rollNo: number, event: GuardianEvent, details: string): Promise<boolean> {
      if (!queue) return false;
      const key =
        event === 'attendanceBelowWarning' ? GUARDIAN_KEYS.attendanceBelowWarning : GUARDIAN_KEYS.gatePass;
      if (!(await campusSetting(key))) return false;
      const student = await db
        .selectFrom('students')
        .select(['name', 'guardian_name', 'guardian_email'])
        .where('roll_no', '=', rollNo)
        .executeTakeFirst();
      const address = student?.guardian_email?.trim().toLowerCase();
      if (!student || !address) return false;
      const optedOut = await db
        .selectFrom('guardian_optouts')
        .select('address')
        .where('address', '=', address)
        .executeTakeFirst();
      if (optedOut) return false;
      const subjects: Record<GuardianEvent, string> = {
        attendanceBelowWarning: `${student.name}'s attendance is below ${ATTENDANCE_WARNING_PERCENT}%`,
        gateExit: `${student.name} left the campus`,
        gateReturn: `${student.name} returned to the campus`,
        gateOverdue: `${student.name} has not returned to the campus in time`,
      };
      const url = unsubscribeUrl({ type: 'guardian', address });
      await queue.enqueue({
        to: address,
        subject: subjects[event],
        text: [
          `Dear ${student.guardian_name ?? 'guardian'},`,
          '',
          `${subjects[event]}. ${details}`,
          '',
          '--',
          `Why you got this: your address is recorded as the guardian contact of ${student.name} (roll number ${rollNo}) at the campus, and the campus tells guardians of this.`,
          "To change the guardian contact, the student can ask the campus office, or an admin can change it in the student's record.",
          `Stop all emails to this address with one click: ${url}`,
          '',
        ].join('\n'),
        kind: `guardian.${event}`,
        unsubscribeUrl: url,
      });
      return true;
    },

    /**
     * Attendance of these students was marked: a guardian hears once when the percentage falls from
     * at least 75 % to below it, and again only after it came back up and fell once more.
     */
    async attendanceMarked(rollNos: readonly number[]): Promise<void> {
      if (!queue || rollNos.length === 0) return;
      await inChunks([...new Set(rollNos)], async (chunk) => {
        // Each student's totals, kept as marks change (migration 0030): one row each.
        const rows = await db
          .selectFrom('attendance_totals')
          .select(['roll_no', 'below_warning as flagged', 'days_marked as total', 'days_present as present'])
          .where('roll_no', 'in', chunk)
          .execute();
        for (const { total, present, ...row } of rows) {
          const percentage = attendancePercentageOf(present, total);
          const below = total > 0 && percentage < ATTENDANCE_WARNING_PERCENT;
          // Only a student whose side of the line changed is written to.
          if (row.flagged === (below ? 1 : 0)) continue;
          const changed = await db
            .updateTable('attendance_totals')
            .set({ below_warning: below ? 1 : 0 })
            .where('roll_no', '=', row.roll_no)
            .where('below_warning', '=', below ? 0 : 1)
            .executeTakeFirst();
          if (below && Number(changed.numUpdatedRows) === 1) {
            await service.notifyGuardian(
              row.roll_no,
              'attendanceBelowWarning',
              `It is now ${percentage.toFixed(2)}% (${present} present of ${total} days marked). The campus expects at least ${ATTENDANCE_WARNING_PERCENT}%.`,
            );
          }
        }
      });
    },

    /** A person's choices, with the kinds their role can receive. */
    async settingsOf(accountId: string, role: Role): Promise<MailSettings> {
      const who = (await recipients([accountId])).get(accountId);
      const rows = await db
        .selectFrom('mail_settings')
        .select(['kind', 'mode'])
        .where('account_id', '=', accountId)
        .execute();
      const modes = { ...DEFAULT_MAIL_MODES };
      for (const r of rows) if (r.kind in modes) modes[r.kind as MailKind] = r.mode as MailMode;
      return {
        emailEnabled: enabled,
        address: who?.email ?? '',
        kinds: [...MAIL_KINDS_BY_ROLE[role]],
        modes,
      };
    },

    async setModes(accountId: string, update: MailSettingsUpdate): Promise<void> {
      for (const [kind, mode] of Object.entries(update)) {
        if (!mode) continue;
        await db
          .insertInto('mail_settings')
          .values({ account_id: accountId, kind, mode })
          .onConflict((oc) => oc.columns(['account_id', 'kind']).doUpdateSet({ mode }))
          .execute();
      }
    },

    async unsubscribe(target: UnsubscribeTarget): Promise<string> {
      if (target.type === 'account') {
        const exists = await db
          .selectFrom('accounts')
          .select('id')
          .where('id', '=', target.accountId)
          .executeTakeFirst();
        if (exists) await service.setModes(target.accountId, { [target.kind]: 'off' });
        return `You will get no more "${MAIL_KIND_LABELS[target.kind]}" emails. You can turn them on again in your profile's email settings.`;
      }
      await db
        .insertInto('guardian_optouts')
        .values({ address: target.address, created_at: iso(now()) })
        .onConflict((oc) => oc.column('address').doNothing())
        .execute();
      return 'This address will get no more emails from Campus Portal about the student.';
    },

    verifyUnsubscribe: (token: string) => tokens.verify(token),

    async guardianSettings(): Promise<GuardianSettings> {
      return {
        emailEnabled: enabled,
        attendanceBelowWarning: await campusSetting(GUARDIAN_KEYS.attendanceBelowWarning),
        gatePass: await campusSetting(GUARDIAN_KEYS.gatePass),
      };
    },

    async setGuardianSettings(update: {
      attendanceBelowWarning?: boolean | undefined;
      gatePass?: boolean | undefined;
    }) {
      for (const [name, key] of Object.entries(GUARDIAN_KEYS)) {
        const value = update[name as keyof typeof GUARDIAN_KEYS];
        if (value === undefined) continue;
        await db
          .insertInto('campus_settings')
          .values({ key, value: value ? 'on' : 'off' })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: value ? 'on' : 'off' }))
          .execute();
      }
    },

    /**
     * A reset link for the account `loginId` names, if it exists, is active and has an address.
     * Runs apart from the request, so that the answer takes as long whether or not it does.
     */
    requestReset(loginId: number): void {
      if (!queue) return;
      track(
        (async () => {
          const account = await db
            .selectFrom('accounts')
            .select('id')
            .where('login_id', '=', loginId)
            .executeTakeFirst();
          const who = account && (await recipients([account.id])).get(account.id);
          if (!who) return;
          const nonce = randomBytes(32).toString('base64url');
          const t = now();
          await db
            .insertInto('password_resets')
            .values({
              token_hash: hashResetToken(resets.tokenOf(nonce)),
              account_id: who.accountId,
              created_at: iso(t),
              expires_at: iso(t + PASSWORD_RESET_MINUTES * 60_000),
              used_at: null,
            })
            .execute();
          await queue.enqueue({
            to: who.email,
            subject: 'Choose a new Campus Portal password',
            text: [
              `Hello ${who.name},`,
              '',
              `Someone (we hope you) asked to choose a new password for Campus Portal User ID ${who.loginId}.`,
              `Open this link within ${PASSWORD_RESET_MINUTES} minutes to choose it; it works once:`,
              '',
              resetLinkMark(nonce),
              '',
              'If you did not ask, ignore this mail: your password stays as it is.',
              '',
              '--',
              'Why you got this: a new password was asked for on the Campus Portal sign-in screen for the account with this email address. These mails are sent only when asked for.',
              '',
            ].join('\n'),
            kind: 'passwordReset',
            unsubscribeUrl: null,
          });
          void service.deliverSoon();
        })(),
      );
    },

    /** Waits for work started apart from requests (tests). */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },

    /** One round of the worker: due digests, then due mails. */
    async tick(): Promise<void> {
      if (!queue || running) return;
      running = true;
      try {
        await service.runDigests();
        while ((await queue.deliverDue()) > 0) {
          /* until nothing more is due */
        }
      } catch (err) {
        log.error({ err }, 'Sending email failed');
      } finally {
        running = false;
      }
    },

    /** A mail was queued: send it soon rather than at the next round (not in tests). */
    deliverSoon(): Promise<void> {
      return options.pollMs ? service.tick() : Promise.resolve();
    },

    start(): void {
      if (!queue || !options.pollMs || timer) return;
      timer = setInterval(() => void service.tick(), options.pollMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await service.settled();
      queue?.close();
    },
  };
  return service;
}

export type MailService = ReturnType<typeof mailService>;
