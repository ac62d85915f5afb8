/**
 * Guardian consent for gate passes (decision record 0092): whether a new pass waits for a guardian,
 * asking the guardians by mail, and a guardian's answer, which moves the pass on to the mentors or
 * rejects it. The gate pass feature calls `required` and `ask`; the guardian's routes `answer`.
 */
import {
  DECLINED_BY_GUARDIAN,
  GuardianConsentSettingsSchema,
  instantAt,
  PATHS,
  type ConsentAnswer,
  type GatePass,
  type GuardianConsentSettings,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writingRows } from '../../db/changes';
import type { Db } from '../../db/index';
import type { ReadCache } from '../../db/read-cache';
import type { Signer } from '../../lib/signer';
import { campusDay } from '../../lib/campus-day';
import { insertEntries, type AuditRecord } from '../audit/repository';
import { gatepassWrites } from '../gatepasses/cache-keys';
import { knownLanguage } from '../language/routes';
import { signatureMark, withoutMarks, type MailService } from '../mail/service';
import { localeFor } from '../mail/words';
import type { Notifier } from '../notifications/notifier';
import { notificationWrites } from '../notifications/cache-keys';
import { guardianKeys } from './cache-keys';
import { consentLinks } from './consent-links';
import { CONSENT_WORDS } from './consent-words';

export const CONSENT_SETTING_KEY = 'guardian_consent';
const OFF: GuardianConsentSettings = { all: false, groups: [] };

/** What became of an answer. */
export type AnswerOutcome =
  { kind: 'answered'; consent: 'given' | 'declined' } | { kind: 'not-found' } | { kind: 'not-waiting' };

export interface ConsentDeps {
  db: Db;
  cache: ReadCache;
  mail: MailService;
  signer: Signer;
  notify: Notifier;
  now: () => number;
  zone: () => Promise<string>;
  log: FastifyBaseLogger;
}

export async function readConsentSettings(db: Db): Promise<GuardianConsentSettings> {
  const row = await db
    .selectFrom('campus_settings')
    .select('value')
    .where('key', '=', CONSENT_SETTING_KEY)
    .executeTakeFirst();
  if (!row) return OFF;
  try {
    // A value written by hand that no longer holds reads as off: passes go to the mentors as before.
    const parsed = GuardianConsentSettingsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : OFF;
  } catch {
    return OFF;
  }
}

/** Keeps the setting and its audit entry together. */
export async function writeConsentSettings(db: Db, settings: GuardianConsentSettings, entry: AuditRecord) {
  const value = JSON.stringify({ all: settings.all, groups: [...new Set(settings.groups)].sort() });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('campus_settings')
      .values({ key: CONSENT_SETTING_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    await insertEntries([entry]).execute(trx);
  });
}

export function guardianConsent(deps: ConsentDeps) {
  const { db, cache, mail, signer, notify, now, zone, log } = deps;
  const links = consentLinks(db, signer, now);

  /** The student's active linked guardians, with their address and language. */
  const guardiansOf = (rollNo: number) =>
    db
      .selectFrom('guardian_links as l')
      .innerJoin('guardians as g', 'g.account_id', 'l.guardian_account_id')
      .innerJoin('accounts as a', 'a.id', 'l.guardian_account_id')
      .select(['g.account_id', 'g.name', 'g.email', 'a.language'])
      .where('l.roll_no', '=', rollNo)
      .where('a.deactivated_at', 'is', null)
      .execute();

  /**
   * Whether a new pass of this student waits for a guardian: the setting covers their group (or
   * all) and they have a guardian to ask. Without one it goes straight to the mentors.
   */
  async function required(rollNo: number, group: string): Promise<boolean> {
    const settings = await cache.read(guardianKeys.consentSettings(), () => readConsentSettings(db));
    if (!settings.all && !settings.groups.includes(group)) return false;
    return (await guardiansOf(rollNo)).length > 0;
  }

  /** Mails each guardian a link to answer, in their language; a failure is only logged. */
  async function ask(pass: GatePass): Promise<void> {
    try {
      const expiresAt = new Date(instantAt(pass.date, pass.time, await zone())).toISOString();
      for (const guardian of await guardiansOf(pass.rollNo)) {
        // The queued mail holds a mark where the signature goes: it is signed as it is sent.
        const { token } = await links.make(pass._id, guardian.account_id, expiresAt, signatureMark);
        if (!mail.queue) continue;
        const language = knownLanguage(guardian.language);
        const words = CONSENT_WORDS[language];
        const link = `${mail.publicUrl}${PATHS.guardian.consent}?pass=${encodeURIComponent(pass._id)}&token=${token}`;
        await mail.queue.enqueue({
          to: guardian.email,
          subject: words.subject(pass.name),
          text: words
            .text({
              child: pass.name,
              guardian: guardian.name,
              day: campusDay(pass.date, localeFor(language)),
              time: pass.time,
              returnBy: pass.returnBy ?? null,
              reason: withoutMarks(pass.reason),
              link,
            })
            .join('\n'),
          kind: 'guardianConsent',
          unsubscribeUrl: null,
        });
      }
      void mail.deliverSoon();
    } catch (err) {
      log.error({ err }, 'The guardians of a gate pass could not be asked');
    }
  }

  /**
   * A guardian's answer to a waiting pass, once: of two guardians answering at once exactly one
   * moves it. Consent hands it to the mentors (told as when a pass is applied for); a decline
   * rejects it with DECLINED_BY_GUARDIAN and tells the student.
   */
  async function answer(
    gatepassId: string,
    guardian: { accountId: string; loginId: number },
    given: ConsentAnswer,
    readPass: (id: string) => Promise<GatePass | undefined>,
  ): Promise<AnswerOutcome> {
    const row = await db
      .selectFrom('gate_passes')
      .select(['roll_no'])
      .where('id', '=', gatepassId)
      .executeTakeFirst();
    if (!row) return { kind: 'not-found' };
    const consent = given === 'consent' ? ('given' as const) : ('declined' as const);
    const t = new Date(now()).toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      const result = await writingRows(trx, gatepassWrites.passesOf([row.roll_no]))
        .updateTable('gate_passes')
        .set(
          consent === 'given'
            ? { guardian_consent: 'given' }
            : {
                guardian_consent: 'declined',
                status: 'rejected',
                decided_by: guardian.accountId,
                decided_at: t,
                reject_reason: DECLINED_BY_GUARDIAN,
              },
        )
        .where('id', '=', gatepassId)
        .where('status', '=', 'pending')
        .where('guardian_consent', '=', 'waiting')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await insertEntries([
        {
          kind: 'gatepass.consent',
          actorLoginId: guardian.loginId,
          actorRole: 'guardian',
          target: gatepassId,
          detail: consent === 'given' ? 'consented' : 'declined',
        },
      ]).execute(trx);
      return true;
    });
    if (!moved) return { kind: 'not-waiting' };
    await links.endAll(gatepassId);
    const pass = await readPass(gatepassId);
    if (pass) await follow(pass, consent);
    return { kind: 'answered', consent };
  }

  /** The mentors are told of a consented pass as of a new one; the student of a declined one. */
  async function follow(pass: GatePass, consent: 'given' | 'declined') {
    if (consent === 'declined') {
      await notify.gatePassDecided(pass);
      return;
    }
    try {
      const notes = await notify.gatePassRequestNotes(pass);
      if (notes.rows.length > 0) {
        await writingRows(db, notificationWrites(notes.accountIds))
          .insertInto('notifications')
          .values([...notes.rows])
          .execute();
      }
      await notes.told();
    } catch (err) {
      log.error({ err }, 'The mentors of a consented gate pass could not be told');
    }
  }

  return { required, ask, answer, links };
}

export type GuardianConsent = ReturnType<typeof guardianConsent>;
