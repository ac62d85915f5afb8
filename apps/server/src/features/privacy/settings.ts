/** The campus's privacy setting, kept in campus_settings: how long data waits before it may be erased. */
import { MAX_ERASURE_WAIT_DAYS, type PrivacySettings } from '@campus/contract';
import type { Db } from '../../db/index';
import { insertEntries, type AuditRecord } from '../audit/repository';

export const ERASURE_WAIT_KEY = 'privacy.erasure_wait_days';

export async function readPrivacySettings(db: Db): Promise<PrivacySettings> {
  const row = await db
    .selectFrom('campus_settings')
    .select('value')
    .where('key', '=', ERASURE_WAIT_KEY)
    .executeTakeFirst();
  const days = Number(row?.value ?? 0);
  // A value written by hand that no longer holds reads as the default: erasable at once.
  const valid = Number.isInteger(days) && days >= 0 && days <= MAX_ERASURE_WAIT_DAYS;
  return { erasureWaitDays: valid ? days : 0 };
}

/** Keeps the setting and its audit entry together. */
export async function writePrivacySettings(db: Db, settings: PrivacySettings, entry: AuditRecord) {
  const value = String(settings.erasureWaitDays);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('campus_settings')
      .values({ key: ERASURE_WAIT_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    await insertEntries([entry]).execute(trx);
  });
}
