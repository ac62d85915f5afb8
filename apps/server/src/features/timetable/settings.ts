/**
 * The term and the campus's clock: the term's first and last day, the campus's time zone, how a Late
 * mark counts and the attendance a course needs unless it says otherwise. Kept in campus_settings.
 */
import {
  ATTENDANCE_WARNING_PERCENT,
  DEFAULT_TIME_ZONE,
  TermSettingsSchema,
  campusToday,
  isTimeZone,
  type TermSettings,
} from '@campus/contract';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import { timetableKeys } from './cache-keys';
import { TERM_SETTING_KEYS } from '../../db/term-setting-keys';

export { TERM_SETTING_KEYS };

/** Until a term is set, the half year around today: January to June, or July to December. */
export function defaultTerm(today: string): { termStart: string; termEnd: string } {
  const year = today.slice(0, 4);
  return today.slice(5, 7) <= '06'
    ? { termStart: `${year}-01-01`, termEnd: `${year}-06-30` }
    : { termStart: `${year}-07-01`, termEnd: `${year}-12-31` };
}

/** The term settings as kept: key and value. */
type StoredSettings = readonly { key: string; value: string }[];

async function readStoredSettings(db: Db): Promise<StoredSettings> {
  return db
    .selectFrom('campus_settings')
    .select(['key', 'value'])
    .where('key', 'in', Object.values(TERM_SETTING_KEYS))
    .execute();
}

/** What `termSettingsFrom` answered, by the rows it read and the default term of the day. */
const settled = new WeakMap<StoredSettings, Map<string, TermSettings>>();

/** The term settings in force at `now`; a stored value that no longer holds falls back to the default. */
function termSettingsFrom(rows: StoredSettings, now: number): TermSettings {
  const timeZone = rows.find((r) => r.key === TERM_SETTING_KEYS.timeZone)?.value ?? DEFAULT_TIME_ZONE;
  const term = defaultTerm(campusToday(now, isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE));
  // Checked once for each set of stored rows and half year, not on every request.
  let byTerm = settled.get(rows);
  if (!byTerm) settled.set(rows, (byTerm = new Map<string, TermSettings>()));
  let settings = byTerm.get(term.termStart);
  if (!settings) byTerm.set(term.termStart, (settings = Object.freeze(checkedSettings(rows, term))));
  return settings;
}

function checkedSettings(rows: StoredSettings, term: { termStart: string; termEnd: string }): TermSettings {
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const timeZone = value(TERM_SETTING_KEYS.timeZone) ?? DEFAULT_TIME_ZONE;
  const fallback = {
    ...term,
    timeZone,
    lateCounts: 'present' as const,
    minPercent: ATTENDANCE_WARNING_PERCENT,
  };
  const stored = {
    termStart: value(TERM_SETTING_KEYS.termStart) ?? fallback.termStart,
    termEnd: value(TERM_SETTING_KEYS.termEnd) ?? fallback.termEnd,
    timeZone,
    lateCounts: value(TERM_SETTING_KEYS.lateCounts) ?? fallback.lateCounts,
    minPercent: Number(value(TERM_SETTING_KEYS.minPercent) ?? fallback.minPercent),
  };
  const parsed = TermSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : { ...fallback, timeZone: DEFAULT_TIME_ZONE };
}

/** The term settings in force at `now`, read from the database. */
export async function readTermSettings(db: Db, now: number): Promise<TermSettings> {
  return termSettingsFrom(await readStoredSettings(db), now);
}

/**
 * The campus's clock: the term settings and the campus's day, kept in memory until an admin changes
 * them (every lecture read and mark asks for them; the day-level rules ask for the day).
 */
export interface CampusClock {
  /** The term settings in force at `at` (now by default). */
  settings(at?: number): Promise<TermSettings>;
  /** The campus's time zone. */
  zone(): Promise<string>;
  /** The day (`YYYY-MM-DD`) on the campus's clock at `at` (now by default). */
  today(at?: number): Promise<string>;
}

export function campusClock(db: Db, cache: ReadCache, now: () => number): CampusClock {
  const stored = async () => cache.read(timetableKeys.termSettings(), () => readStoredSettings(db));
  const settings = async (at = now()) => termSettingsFrom(await stored(), at);
  return {
    settings,
    zone: async () => (await settings()).timeZone,
    today: async (at = now()) => campusToday(at, (await settings(at)).timeZone),
  };
}

/** Keeps the settings given, in one transaction. */
export async function writeTermSettings(db: Db, settings: Partial<TermSettings>): Promise<void> {
  const rows = (Object.keys(TERM_SETTING_KEYS) as (keyof TermSettings)[])
    .filter((name) => settings[name] !== undefined)
    .map((name) => ({ key: TERM_SETTING_KEYS[name], value: String(settings[name]) }));
  await db.transaction().execute(async (trx) => {
    for (const row of rows) {
      await trx
        .insertInto('campus_settings')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value }))
        .execute();
    }
  });
}
