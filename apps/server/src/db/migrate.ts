/** Runs the migrations of db/migrations, in order, on either dialect. */
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { sql } from 'kysely';
import type { DbHandle } from './index';
import * as initial from './migrations/0001-initial';
import * as auditLog from './migrations/0002-audit-log';
import * as changeNotifications from './migrations/0003-change-notifications';
import * as attendanceByDate from './migrations/0004-attendance-by-date';
import * as notifyOnlyChanges from './migrations/0005-notify-only-changes';
import * as rateLimits from './migrations/0006-rate-limits';
import * as auditClient from './migrations/0007-audit-client';
import * as campusSettings from './migrations/0008-campus-settings';
import * as hiddenQueries from './migrations/0009-hidden-queries';
import * as cgpaSource from './migrations/0011-cgpa-source';
import * as peopleAdmin from './migrations/0012-people-admin';
import * as notifications from './migrations/0013-notifications';
import * as gatePassDateOrder from './migrations/0014-gate-pass-date-order';
import * as querySearch from './migrations/0016-query-search';
import * as gate from './migrations/0017-gate';
import * as leave from './migrations/0018-leave';
import * as mail from './migrations/0020-mail';
import * as audienceAndAnonymity from './migrations/0019-audience-and-anonymity';
import * as supportStatus from './migrations/0021-support-status';
import * as cacheAudiencesAndMentors from './migrations/0022-cache-audiences-and-mentors';
import * as menteeBoards from './migrations/0023-mentee-boards';
import * as questionChangesByStudent from './migrations/0024-question-changes-by-student';
import * as boardCounts from './migrations/0025-board-counts';
import * as notificationChangesByAccount from './migrations/0026-notification-changes-by-account';
import * as boardCountAtCommit from './migrations/0027-board-count-at-commit';
import * as roomForUpdates from './migrations/0028-room-for-updates';
import * as leaveByLastDay from './migrations/0029-leave-by-last-day';
import * as attendanceTotals from './migrations/0030-attendance-totals';
import * as hiddenQueriesCount from './migrations/0031-hidden-queries-count';
import * as menteeBoardsWithIds from './migrations/0032-mentee-boards-with-ids';
import * as allowanceWithWrite from './migrations/0033-allowance-with-write';
import * as leaveChanges from './migrations/0034-leave-changes';
import * as auditCounts from './migrations/0035-audit-counts';
import * as resetMailsPurged from './migrations/0038-reset-mails-purged';
import * as emailChanges from './migrations/0039-email-changes';
import * as faqUnmatched from './migrations/0036-faq-unmatched';
import * as attendanceByDayIndex from './migrations/0040-attendance-by-day-index';
import * as gatePassClosed from './migrations/0041-gate-pass-closed';
import * as timetable from './migrations/0042-timetable';
import * as calendarFeeds from './migrations/0043-calendar-feeds';
import * as timetableChanges from './migrations/0044-timetable-changes';
import * as apiClients from './migrations/0045-api-clients';
import * as erasure from './migrations/0046-erasure';
import * as webhooks from './migrations/0047-webhooks';
import * as sso from './migrations/0048-sso';
import * as push from './migrations/0050-push';
import * as language from './migrations/0051-language';
import * as guardians from './migrations/0052-guardians';
import * as guardianConsent from './migrations/0053-guardian-consent';
import * as guardianNotices from './migrations/0054-guardian-notices';
import * as gatePassNewestOrder from './migrations/0055-gate-pass-newest-order';
import * as lectureChangesByStudent from './migrations/0056-lecture-changes-by-student';
import * as pushDeviceChanges from './migrations/0057-push-device-changes';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-audit-log': auditLog,
  '0003-change-notifications': changeNotifications,
  '0004-attendance-by-date': attendanceByDate,
  '0005-notify-only-changes': notifyOnlyChanges,
  '0006-rate-limits': rateLimits,
  '0007-audit-client': auditClient,
  '0008-campus-settings': campusSettings,
  '0009-hidden-queries': hiddenQueries,
  '0011-cgpa-source': cgpaSource,
  '0012-people-admin': peopleAdmin,
  '0013-notifications': notifications,
  '0014-gate-pass-date-order': gatePassDateOrder,
  '0016-query-search': querySearch,
  '0017-gate': gate,
  '0018-leave': leave,
  '0020-mail': mail,
  '0019-audience-and-anonymity': audienceAndAnonymity,
  '0021-support-status': supportStatus,
  '0022-cache-audiences-and-mentors': cacheAudiencesAndMentors,
  '0023-mentee-boards': menteeBoards,
  '0024-question-changes-by-student': questionChangesByStudent,
  '0025-board-counts': boardCounts,
  '0026-notification-changes-by-account': notificationChangesByAccount,
  '0027-board-count-at-commit': boardCountAtCommit,
  '0028-room-for-updates': roomForUpdates,
  '0029-leave-by-last-day': leaveByLastDay,
  '0030-attendance-totals': attendanceTotals,
  '0031-hidden-queries-count': hiddenQueriesCount,
  '0032-mentee-boards-with-ids': menteeBoardsWithIds,
  '0033-allowance-with-write': allowanceWithWrite,
  '0034-leave-changes': leaveChanges,
  '0035-audit-counts': auditCounts,
  '0038-reset-mails-purged': resetMailsPurged,
  '0039-email-changes': emailChanges,
  '0036-faq-unmatched': faqUnmatched,
  '0040-attendance-by-day-index': attendanceByDayIndex,
  '0041-gate-pass-closed': gatePassClosed,
  '0042-timetable': timetable,
  '0043-calendar-feeds': calendarFeeds,
  '0044-timetable-changes': timetableChanges,
  '0045-api-clients': apiClients,
  '0046-erasure': erasure,
  '0047-webhooks': webhooks,
  '0048-sso': sso,
  '0050-push': push,
  '0051-language': language,
  '0052-guardians': guardians,
  '0053-guardian-consent': guardianConsent,
  '0054-guardian-notices': guardianNotices,
  '0055-gate-pass-newest-order': gatePassNewestOrder,
  '0056-lecture-changes-by-student': lectureChangesByStudent,
  '0057-push-device-changes': pushDeviceChanges,
};

/** The migration that creates the schema: it runs on the first start of a new database only. */
export const FIRST_MIGRATION = '0001-initial';

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** Every migration, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

export function migrateToLatest(handle: DbHandle): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name` (to build the schema a backup should have). */
export function migrateTo(handle: DbHandle, name: string): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  handle: DbHandle,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const { db } = handle;
  // On PostgreSQL Kysely looks for its bookkeeping tables in every schema unless told which one,
  // and could find another schema's (tests give each file its own): name the current one.
  const schema =
    handle.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
