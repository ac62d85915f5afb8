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
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { inChunks } from '../../lib/chunks';
import { knownLanguage } from '../language/routes';
import { mailKeys } from './cache-keys';
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
type GuardianKey = keyof typeof GUARDIAN_KEYS;

interface Student {
  name: string;
  guardian_name: string | null;
}

/**
 * Whether a student's totals are below the warning line, as `attendancePercentageOf` rounds them:
 * `round(present / total × 10,000) / 100 < 75`, in whole hundredths.
 */
const BELOW_WARNING = sql<number>`case when days_marked > 0 and round(days_present * 10000.0 / days_marked) < ${
  ATTENDANCE_WARNING_PERCENT * 100
} then 1 else 0 end`;

/** Whether each of the campus's guardian switches is on; one never chosen is. */
async function readSwitches(db: Db): Promise<Record<GuardianKey, boolean>> {
  const rows = await db
    .selectFrom('campus_settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.values(GUARDIAN_KEYS))
    .execute();
  const on = (key: string) => (rows.find((r) => r.key === key)?.value ?? 'on') === 'on';
  return {
    attendanceBelowWarning: on(GUARDIAN_KEYS.attendanceBelowWarning),
    gatePass: on(GUARDIAN_KEYS.gatePass),
  };
}

interface GuardianAddress {
  address: string;
  name: string | null;
  accountId: string | undefined;
  language: Language;
}

/** A student and the addresses of their guardians, before the unsubscribed are left out. */
interface Guarded {
  student: Student;
  named: Map<string, string | null>;
  accounts: Map<string, { id: string; language: Language }>;
}

/** These students and the guardians linked to them: one read for a chunk, however many students. */
async function readGuarded(db: Db, rollNos: readonly number[]): Promise<Map<number, Guarded>> {
  const found = new Map<number, Guarded>();
  await inChunks([...new Set(rollNos)], async (chunk) => {
    // Plain left joins, which SQLite's planner walks by index from each student; a joined subquery
    // on the right of a left join is materialized whole, every guardian link of the campus.
    const rows = await db
      .selectFrom('students as s')
      .leftJoin('guardian_links as l', 'l.roll_no', 's.roll_no')
      .leftJoin('accounts as a', (join) =>
        join.onRef('a.id', '=', 'l.guardian_account_id').on('a.deactivated_at', 'is', null),
      )
      .leftJoin('guardians as g', 'g.account_id', 'a.id')
      .select([
        's.roll_no',
        's.name',
        's.guardian_name',
        's.guardian_email',
        'g.name as linked_name',
        'g.email as linked_email',
        'g.account_id as linked_account',
        'a.language as linked_language',
      ])
      .where('s.roll_no', 'in', chunk)
      .execute();
    for (const row of rows) {
      let of = found.get(row.roll_no);
      if (!of) {
        const named = new Map<string, string | null>();
        const recorded = row.guardian_email?.trim().toLowerCase();
        if (recorded) named.set(recorded, row.guardian_name);
        of = { student: { name: row.name, guardian_name: row.guardian_name }, named, accounts: new Map() };
        found.set(row.roll_no, of);
      }
      if (row.linked_email === null || row.linked_account === null) continue;
      // An address with a guardian account follows that guardian's own choices (decision record
      // 0093) and reads in that guardian's language (decision record 0090); a recorded contact, in
      // English.
      const address = row.linked_email.toLowerCase();
      of.accounts.set(address, { id: row.linked_account, language: knownLanguage(row.linked_language) });
      if (!of.named.has(address)) of.named.set(address, row.linked_name);
    }
  });
  return found;
}

/**
 * Each student and the addresses of their guardians: the contact on their record and each guardian
 * account linked to them (decision record 0091), once each, leaving out any that unsubscribed.
 * Students without an address are left out.
 */
async function guardiansOf(db: Db, rollNos: readonly number[]) {
  const guarded = await readGuarded(db, rollNos);
  const optedOut = new Set<string>();
  await inChunks([...new Set([...guarded.values()].flatMap((g) => [...g.named.keys()]))], async (chunk) => {
    const rows = await db
      .selectFrom('guardian_optouts')
      .select('address')
      .where('address', 'in', chunk)
      .execute();
    for (const row of rows) optedOut.add(row.address);
  });
  const found = new Map<number, { student: Student; addresses: GuardianAddress[] }>();
  for (const [rollNo, { student, named, accounts }] of guarded) {
    const addresses = [...named]
      .filter(([address]) => !optedOut.has(address))
      .map(([address, name]) => ({
        address,
        name,
        accountId: accounts.get(address)?.id,
        language: accounts.get(address)?.language ?? 'en',
      }));
    if (addresses.length > 0) found.set(rollNo, { student, addresses });
  }
  return found;
}

/** One student's news for their guardians: who, and what happened. */
export interface GuardianItem {
  rollNo: number;
  details: GuardianDetails;
}

export function guardianMail(ctx: MailContext, news: GuardianNews) {
  const { db, cache } = ctx;
  /** The campus's guardian switches: from memory while no campus setting changes. */
  const switches = () =>
    cache ? cache.get(mailKeys.guardianSwitches(), () => readSwitches(db)) : readSwitches(db);

  /**
   * Tells each student's guardians, if the campus settings and the guardians allow; answers the
   * students for whom a mail was queued. Details written in each language reach each guardian in
   * theirs; a plain string, and everything a guardian without an account is told, is English. The
   * reads are the same few however many students there are.
   */
  async function notifyGuardians(event: GuardianEvent, items: readonly GuardianItem[]): Promise<Set<number>> {
    const mailed = new Set<number>();
    const key: GuardianKey = event === 'attendanceBelowWarning' ? 'attendanceBelowWarning' : 'gatePass';
    if (items.length === 0 || !(await switches())[key]) return mailed;
    const found = await guardiansOf(
      db,
      items.map((i) => i.rollNo),
    );
    const newsIn = (item: GuardianItem, student: Student, language: Language) => {
      const { details } = item;
      const words = GUARDIAN_ALERT_WORDS[typeof details === 'string' ? 'en' : language];
      const subject = words.subject[event](student.name);
      return {
        subject,
        news: words.news(subject, typeof details === 'string' ? details : details[language]),
      };
    };
    const told = items.flatMap((item) => {
      const of = found.get(item.rollNo);
      return of ? [{ item, ...of }] : [];
    });
    const kind = event === 'attendanceBelowWarning' ? 'attendance' : 'movements';
    const atOnce = await news.sortLinked(
      told.map(({ item, student, addresses }) => ({
        rollNo: item.rollNo,
        accounts: addresses.flatMap((a) => (a.accountId ? [a.accountId] : [])),
        item: (id: string) =>
          newsIn(item, student, addresses.find((a) => a.accountId === id)?.language ?? 'en').news,
      })),
      kind,
    );
    // Pushed above to those who chose it at once; a campus without mail stops here.
    const { queue } = ctx;
    if (!queue) return mailed;
    for (const { item, student, addresses } of told) {
      for (const { address, name, accountId, language } of addresses) {
        if (accountId && !atOnce.has(`${accountId}|${item.rollNo}`)) continue;
        const url = ctx.unsubscribeUrl({ type: 'guardian', address });
        const { subject, news: said } = newsIn(item, student, language);
        await queue.enqueue({
          to: address,
          subject,
          text: guardianText({ ...student, guardian_name: name }, item.rollNo, said, url, language),
          kind: `guardian.${event}`,
          unsubscribeUrl: url,
        });
      }
      mailed.add(item.rollNo);
    }
    return mailed;
  }

  /** Tells one student's guardians (`notifyGuardians`); answers whether a mail was queued. */
  async function notifyGuardian(
    rollNo: number,
    event: GuardianEvent,
    details: GuardianDetails,
  ): Promise<boolean> {
    return (await notifyGuardians(event, [{ rollNo, details }])).has(rollNo);
  }

  /**
   * Attendance of these students was marked: a guardian hears once when the percentage falls from
   * at least 75 % to below it, and again only after it came back up and fell once more.
   */
  async function attendanceMarked(rollNos: readonly number[]): Promise<void> {
    if (rollNos.length === 0) return;
    await inChunks([...new Set(rollNos)], async (chunk) => {
      // Each student's side of the line, from their totals kept as marks change (migration 0030), is
      // moved in one statement; only a student whose side changed is written to and answered, and a
      // flag moved by another request meanwhile stays theirs.
      const rows = await db
        .updateTable('attendance_totals')
        .set({ below_warning: BELOW_WARNING })
        .where('roll_no', 'in', chunk)
        .where('below_warning', '<>', BELOW_WARNING)
        .returning(['roll_no', 'below_warning as below', 'days_marked as total', 'days_present as present'])
        .execute();
      const fell = new Map<number, GuardianDetails>();
      for (const { roll_no, below, total, present } of rows) {
        if (below !== 1) continue;
        const shown = attendancePercentageOf(present, total).toFixed(2);
        fell.set(
          roll_no,
          inEveryLanguage((words) => words.belowWarning(shown, present, total)),
        );
      }
      const flagged = [...fell.keys()];
      await notifyGuardians(
        'attendanceBelowWarning',
        flagged.sort((a, b) => a - b).map((rollNo) => ({ rollNo, details: fell.get(rollNo)! })),
      );
    });
  }

  async function guardianSettings(): Promise<GuardianSettings> {
    return { emailEnabled: ctx.enabled, ...(await switches()) };
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

  return { notifyGuardian, notifyGuardians, attendanceMarked, guardianSettings, setGuardianSettings };
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
