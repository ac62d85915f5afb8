/**
 * Sign-in by a one-time code (decision record 0091): six digits mailed to a guardian's address,
 * kept only as a keyed hash, used once, for ten minutes and five tries. Asking answers the same
 * whether or not the address is a guardian's, and both asking and trying are limited per address
 * and per client in the counters every instance shares.
 */
import { randomInt, randomUUID } from 'node:crypto';
import {
  GUARDIAN_CODE_LENGTH,
  GUARDIAN_CODE_MINUTES,
  GUARDIAN_CODE_TRIES,
  LOGIN_FAILURE_WINDOW_MINUTES,
} from '@campus/contract';
import type { Db } from '../../db/index';
import type { LimitsRepository } from '../../db/rate-limits';
import { tooMany } from '../../lib/errors';
import type { Signer } from '../../lib/signer';
import { knownLanguage } from '../language/routes';
import type { MailService } from '../mail/service';
import { ACCOUNT_MAIL_WORDS } from '../mail/words-account';
import type { GuardiansRepository } from './repository';

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
/** Codes asked for per window, and sign-in tries with a code per window. */
export const CODE_LIMITS = {
  requestsPerAddress: 3,
  requestsPerClient: 10,
  triesPerAddress: 10,
  triesPerClient: 30,
};
const PURPOSE = 'guardian-code';
const iso = (ms: number) => new Date(ms).toISOString();

export function guardianCodes(deps: {
  db: Db;
  repo: GuardiansRepository;
  limits: LimitsRepository;
  mail: MailService;
  signer: Signer;
  now: () => number;
}) {
  const { db, repo, limits, mail, signer, now } = deps;
  const hashOf = (id: string, code: string) => signer.sign(PURPOSE, `${id}:${code}`);

  /** Counts one more for each key and refuses with 429 past its limit. */
  async function limit(what: string, keys: [string, number][]) {
    const t = now();
    const counters = await limits.hit(
      keys.map(([key]) => ({ key, windowMs: WINDOW_MS })),
      t,
    );
    for (const [key, max] of keys) {
      const counter = counters.get(key);
      if (counter && counter.hits > max) throw tooMany(what, (counter.windowStart + WINDOW_MS - t) / 1000);
    }
  }

  return {
    /** Mails a new code to the guardian with this address, if there is one; any earlier code stops working. */
    async request(email: string, client: string): Promise<void> {
      const address = email.trim().toLowerCase();
      await limit('Too many sign-in codes asked for.', [
        [`guardian-code:address:${address}`, CODE_LIMITS.requestsPerAddress],
        [`guardian-code:client:${client}`, CODE_LIMITS.requestsPerClient],
      ]);
      const guardian = await repo.findByEmail(address);
      if (!guardian || !mail.queue) return;
      const code = String(randomInt(0, 10 ** GUARDIAN_CODE_LENGTH)).padStart(GUARDIAN_CODE_LENGTH, '0');
      const id = randomUUID();
      const t = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('guardian_codes')
          .set({ used_at: iso(t) })
          .where('account_id', '=', guardian.accountId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('guardian_codes')
          .values({
            id,
            account_id: guardian.accountId,
            code_hash: hashOf(id, code),
            created_at: iso(t),
            expires_at: iso(t + GUARDIAN_CODE_MINUTES * 60_000),
            used_at: null,
          })
          .execute();
      });
      // In the guardian's language (decision record 0090).
      const words = ACCOUNT_MAIL_WORDS[knownLanguage(guardian.language)];
      await mail.queue.enqueue({
        to: guardian.email,
        subject: words.guardianCode.subject(code),
        text: [
          words.hello(guardian.name),
          '',
          words.guardianCode.code(code),
          words.guardianCode.within(GUARDIAN_CODE_MINUTES, guardian.loginId),
          '',
          words.guardianCode.ignore,
          '',
          '--',
          words.guardianCode.why,
          '',
        ].join('\n'),
        kind: 'guardianCode',
        unsubscribeUrl: null,
      });
      void mail.deliverSoon();
    },

    /**
     * The guardian account this code signs in, or undefined: a wrong, used, expired or worn-out
     * code, or an unknown address, all alike. A right code is used up.
     */
    async check(email: string, code: string, client: string): Promise<string | undefined> {
      const address = email.trim().toLowerCase();
      await limit('Too many wrong codes.', [
        [`guardian-signin:address:${address}`, CODE_LIMITS.triesPerAddress],
        [`guardian-signin:client:${client}`, CODE_LIMITS.triesPerClient],
      ]);
      const guardian = await repo.findByEmail(address);
      if (!guardian) return undefined;
      const t = now();
      const row = await db
        .selectFrom('guardian_codes')
        .select(['id', 'code_hash', 'attempts'])
        .where('account_id', '=', guardian.accountId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', iso(t))
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (!row) return undefined;
      // Each try is counted before it is checked, so parallel guesses cannot go past the limit.
      const counted = await db
        .updateTable('guardian_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('attempts', '<', GUARDIAN_CODE_TRIES)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return undefined;
      if (!signer.verify(PURPOSE, `${row.id}:${code}`, row.code_hash)) return undefined;
      const used = await db
        .updateTable('guardian_codes')
        .set({ used_at: iso(t) })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? guardian.accountId : undefined;
    },
  };
}
