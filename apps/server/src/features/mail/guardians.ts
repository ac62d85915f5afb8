/**
 * What guardians are told (decision record 0034): a student's attendance falling below the warning
 * line and the gate's exits, returns and overdue returns, as the campus settings say; an address
 * that unsubscribed hears nothing more.
 */
import {
  ATTENDANCE_WARNING_PERCENT,
  attendancePercentageOf,
  type GuardianSettings,
  type Language,
} from '@campus/contract';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { knownLanguage } from '../language/routes';
import type { MailContext } from './context';
import type { GuardianNews } from './guardian-news';
import { GUARDIAN_ALERT_WORDS, inEveryLanguage, type GuardianEvent } from './words-guardian-alerts';

export type { GuardianEvent } from './words-guardian-alerts';

/** An alert's details: English for everyone, or written in each language (decision record 0090). */
export type GuardianDetails = string | Record<Language, string>;

const GUARDIAN_KEYS = {
  attendanceBelowWarning: 'guardian_mail_attendance',
  gatePass: 'guardian_mail_gate',
} as const;

interface Student {
  name: string;
  guardian_name: string | null;
}

/** Whether the campus setting `key` is on; one never chosen is. */
async function campusSetting(db: Db, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('campus_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? row.value === 'on' : true;
}

/**
 * The student and the addresses of their guardians: the contact on their record and each guardian
 * account linked to them (decision record 0091), once each, leaving out any that unsubscribed.
 */
async function guardiansOf(db: Db, rollNo: number) {
  const student = await db
    .selectFrom('students')
    .select(['name', 'guardian_name', 'guardian_email'])
    .where('roll_no', '=', rollNo)
    .executeTakeFirst();
  if (!student) return undefined;
  const linked = await db
    .selectFrom('guardian_links as l')
    .innerJoin('guardians as g', 'g.account_id', 'l.guardian_account_id')
    .innerJoin('accounts as a', 'a.id', 'l.guardian_account_id')
    .select(['g.name', 'g.email', 'g.account_id', 'a.language'])
    .where('l.roll_no', '=', rollNo)
    .where('a.deactivated_at', 'is', null)
    .execute();
  const named = new Map<string, string | null>();
  // An address with a guardian account follows that guardian's own choices (decision record 0093)
  // and reads in that guardian's language (decision record 0090); a recorded contact, in English.
  const accounts = new Map<string, { id: string; language: Language }>();
  const recorded = student.guardian_email?.trim().toLowerCase();
  if (recorded) named.set(recorded, student.guardian_name);
  for (const g of linked) {
    const address = g.email.toLowerCase();
    accounts.set(address, { id: g.account_id, language: knownLanguage(g.language) });
    if (!named.has(address)) named.set(address, g.name);
  }
  if (named.size === 0) return undefined;
  const optedOut = await db
    .selectFrom('guardian_optouts')
    .select('address')
    .where('address', 'in', [...named.keys()])
    .execute();
  for (const row of optedOut) named.delete(row.address);
  return {
    student,
    addresses: [...named].map(([address, name]) => ({
      address,
      name,
      accountId: accounts.get(address)?.id,
      language: accounts.get(address)?.language ?? 'en',
    })),
  };
}

export function guardianMail(ctx: MailContext, news: GuardianNews) {
  const { db } = ctx;

  /**
   * Tells a student's guardian, if the campus settings and the guardian allow; answers whether a mail
   * was queued. Details written in each language reach each guardian in theirs; a plain string, and
   * everything a guardian without an account is told, is English.
   */
  async function notifyGuardian(
    rollNo: number,
    event: GuardianEvent,
    details: GuardianDetails,
  ): Promise<boolean> {
    const { queue } = ctx;
    const key =
      event === 'attendanceBelowWarning' ? GUARDIAN_KEYS.attendanceBelowWarning : GUARDIAN_KEYS.gatePass;
    if (!(await campusSetting(db, key))) return false;
    const found = await guardiansOf(db, rollNo);
    if (!found || found.addresses.length === 0) return false;
    const { student } = found;
    const languageOf = new Map(found.addresses.map((a) => [a.accountId, a.language]));
    const newsIn = (language: Language) => {
      const words = GUARDIAN_ALERT_WORDS[typeof details === 'string' ? 'en' : language];
      const subject = words.subject[event](student.name);
      return {
        subject,
        news: words.news(subject, typeof details === 'string' ? details : details[language]),
      };
    };
    const linked = found.addresses.flatMap((a) => (a.accountId ? [a.accountId] : []));
    const kind = event === 'attendanceBelowWarning' ? 'attendance' : 'movements';
    const atOnce =
      linked.length > 0
        ? await news.sortLinked(linked, rollNo, kind, (id) => newsIn(languageOf.get(id) ?? 'en').news)
        : new Set();
    // Pushed above to those who chose it at once; a campus without mail stops here.
    if (!queue) return false;
    for (const { address, name, accountId, language } of found.addresses) {
      if (accountId && !atOnce.has(accountId)) continue;
      const url = ctx.unsubscribeUrl({ type: 'guardian', address });
      const { subject, news: said } = newsIn(language);
      await queue.enqueue({
        to: address,
        subject,
        text: guardianText({ ...student, guardian_name: name }, rollNo, said, url, language),
        kind: `guardian.${event}`,
        unsubscribeUrl: url,
      });
    }
    return true;
  }

  /**
   * Attendance of these students was marked: a guardian hears once when the percentage falls from
   * at least 75 % to below it, and again only after it came back up and fell once more.
   */
  async function attendanceMarked(rollNos: readonly number[]): Promise<void> {
    if (rollNos.length === 0) return;
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
          const shown = percentage.toFixed(2);
          await notifyGuardian(
            row.roll_no,
            'attendanceBelowWarning',
            inEveryLanguage((words) => words.belowWarning(shown, present, total)),
          );
        }
      }
    });
  }

  async function guardianSettings(): Promise<GuardianSettings> {
    return {
      emailEnabled: ctx.enabled,
      attendanceBelowWarning: await campusSetting(db, GUARDIAN_KEYS.attendanceBelowWarning),
      gatePass: await campusSetting(db, GUARDIAN_KEYS.gatePass),
    };
  }

  async function setGuardianSettings(update: {
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
  }

  return { notifyGuardian, attendanceMarked, guardianSettings, setGuardianSettings };
}

function guardianText(
  student: Student,
  rollNo: number,
  news: string,
  unsubscribeUrl: string,
  language: Language,
): string {
  const words = GUARDIAN_ALERT_WORDS[language];
  return [
    words.hello(student.guardian_name),
    '',
    news,
    '',
    '--',
    words.why(student.name, rollNo),
    words.change,
    words.stop(unsubscribeUrl),
    '',
  ].join('\n');
}
