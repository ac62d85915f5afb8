/**
 * Who is On leave on a day, and the campus's attendance settings that say how On leave counts: the
 * SQL that leave shares with attendance and the timetable (decision record 0063).
 */
import {
  ClassHoursSchema,
  DEFAULT_CLASS_HOURS,
  DEFAULT_ON_LEAVE_RULE,
  passExcusesDay,
  type AttendanceSettings,
  type AttendanceSettingsUpdate,
  type ClassHours,
  type PassMovements,
  ON_LEAVE_RULES,
  type OnLeaveRule,
  type OnLeaveStudent,
} from '@campus/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/index';

/** The campus setting that says how On leave days count in the percentage. */
const ON_LEAVE_SETTING = 'attendance.on_leave';

/** The campus settings that give its class hours (HH:MM). */
const CLASS_START_SETTING = 'attendance.class_start';
const CLASS_END_SETTING = 'attendance.class_end';

/**
 * What may put a student On leave on a day, as conditions on `leave_applications as l` and
 * `gate_passes as g`: approved leave whose days include it does; a pass approved for it may, when
 * its time out covers the class hours (`passExcusesDay`, decision record 0063). The day is a value,
 * or an expression that gives it.
 */
export const leaveCovers = (date: string | RawBuilder<string>) =>
  sql<boolean>`l.status = 'approved' and l.from_date <= ${date} and l.to_date >= ${date}`;
export const passOnDay = (date: string | RawBuilder<string>) =>
  sql<boolean>`g.status = 'approved' and g.date = ${date}`;

/** The columns of `gate_passes as g` that say when its student was out, as one text (`movementsOf`). */
export const passMovementsText = sql<string>`g.date || '|' || g.time || '|' || coalesce(g.return_by, '') || '|' || coalesce(g.exited_at, '') || '|' || coalesce(g.returned_at, '') || '|' || coalesce(g.revoked_at, '')`;

/** A pass's movements back from `passMovementsText`. */
export function movementsOf(text: string): PassMovements {
  const [date = '', time = '', returnBy, exitedAt, returnedAt, revokedAt] = text.split('|');
  return {
    date,
    time,
    returnBy: returnBy || null,
    exitedAt: exitedAt || null,
    returnedAt: returnedAt || null,
    revokedAt: revokedAt || null,
  };
}

/** The campus's class hours: the settings an admin chose, or 09:00 to 17:00. */
export async function readClassHours(db: Db): Promise<ClassHours> {
  const rows = await db
    .selectFrom('campus_settings')
    .select(['key', 'value'])
    .where('key', 'in', [CLASS_START_SETTING, CLASS_END_SETTING])
    .execute();
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  const hours = {
    classStart: value(CLASS_START_SETTING) ?? DEFAULT_CLASS_HOURS.classStart,
    classEnd: value(CLASS_END_SETTING) ?? DEFAULT_CLASS_HOURS.classEnd,
  };
  return ClassHoursSchema.safeParse(hours).success ? hours : DEFAULT_CLASS_HOURS;
}

/** The On leave reads and the attendance settings, part of `leaveRepository`. */
export function onLeaveRepository(db: Db) {
  return {
    /**
     * The students of a group On leave on a day: approved leave covering the day, or an approved gate
     * pass for it. Leave wins when a student has both. (A mark asks the same of its roster in its own
     * statement: attendance/repository.ts, `beforeMark`.)
     */
    async onLeave(date: string, group: string, now: number, zone: string): Promise<OnLeaveStudent[]> {
      const leave = db
        .selectFrom('leave_applications as l')
        .innerJoin('students as s', 's.roll_no', 'l.roll_no')
        .select('l.roll_no')
        .where(leaveCovers(date))
        .where('s.group_name', '=', group);
      const passes = db
        .selectFrom('gate_passes as g')
        .innerJoin('students as s', 's.roll_no', 'g.roll_no')
        .select(['g.roll_no', passMovementsText.as('movements')])
        .where(passOnDay(date))
        .where('s.group_name', '=', group);
      const [onLeave, onPass] = await Promise.all([leave.execute(), passes.execute()]);
      const hours = onPass.length > 0 ? await readClassHours(db) : DEFAULT_CLASS_HOURS;
      const found = new Map<number, OnLeaveStudent['source']>();
      for (const r of onPass) {
        if (passExcusesDay(movementsOf(r.movements), hours, now, zone)) found.set(r.roll_no, 'gatepass');
      }
      for (const r of onLeave) found.set(r.roll_no, 'leave');
      return [...found].sort(([a], [b]) => a - b).map(([studentId, source]) => ({ studentId, source }));
    },

    /** How the campus counts On leave days in the percentage (`exclude` unless an admin chose). */
    async onLeaveRule(): Promise<OnLeaveRule> {
      const row = await db
        .selectFrom('campus_settings')
        .select('value')
        .where('key', '=', ON_LEAVE_SETTING)
        .executeTakeFirst();
      const value = row?.value as OnLeaveRule | undefined;
      return value && ON_LEAVE_RULES.includes(value) ? value : DEFAULT_ON_LEAVE_RULE;
    },

    /** Every attendance setting of the campus. */
    async attendanceSettings(): Promise<AttendanceSettings> {
      const [onLeave, hours] = await Promise.all([this.onLeaveRule(), readClassHours(db)]);
      return { onLeave, ...hours };
    },

    /** Keeps the settings given; the others stay as they are. */
    async setAttendanceSettings(settings: AttendanceSettingsUpdate): Promise<void> {
      const values = [
        { key: ON_LEAVE_SETTING, value: settings.onLeave },
        { key: CLASS_START_SETTING, value: settings.classStart },
        { key: CLASS_END_SETTING, value: settings.classEnd },
      ].filter((row): row is { key: string; value: string } => row.value !== undefined);
      await db.transaction().execute(async (trx) => {
        for (const row of values) {
          await trx
            .insertInto('campus_settings')
            .values(row)
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value }))
            .execute();
        }
      });
    },
  };
}

/** SQL for the attendance percentage's two counts under a rule (the report's grouped query). */
export function countsUnder(rule: OnLeaveRule, status: RawBuilder<unknown>) {
  type Counted = number | string | bigint;
  const present =
    rule === 'present'
      ? sql<Counted>`coalesce(sum(case when ${status} in ('Present', 'On leave') then 1 else 0 end), 0)`
      : sql<Counted>`coalesce(sum(case when ${status} = 'Present' then 1 else 0 end), 0)`;
  const total =
    rule === 'exclude'
      ? sql<Counted>`coalesce(sum(case when ${status} in ('Present', 'Absent') then 1 else 0 end), 0)`
      : sql<Counted>`count(${status})`;
  return { present, total };
}
