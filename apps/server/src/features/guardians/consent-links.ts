/**
 * Consent links (decision record 0092): a link names its row and carries a signature, with a key of
 * its own derived from the server's secret, over the row, its pass and its guardian. A link made up,
 * or moved to another pass, fails the signature; a used or expired one fails its row.
 */
import { randomUUID } from 'node:crypto';
import { CONSENT_MESSAGES } from '@campus/contract';
import type { Db } from '../../db/index';
import type { Signer } from '../../lib/signer';

const PURPOSE = 'guardian-consent';

export interface LinkRow {
  id: string;
  gatepassId: string;
  guardianAccountId: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Why a link cannot be used, with its status and message. */
export type LinkProblem = { status: 400 | 403 | 409 | 410; message: string };

export function consentLinks(db: Db, signer: Signer, now: () => number) {
  const payload = (id: string, pass: string, guardian: string) => `${id}:${pass}:${guardian}`;
  const bad: LinkProblem = { status: 400, message: CONSENT_MESSAGES.badLink };

  return {
    /**
     * A new link's row and token, for a pass and one of its student's guardians. `signLater` puts a
     * mark where the signature goes, for a mail that is signed only as it is sent.
     */
    async make(
      gatepassId: string,
      guardianAccountId: string,
      expiresAt: string,
      signLater?: (purpose: typeof PURPOSE, payload: string) => string,
    ): Promise<{ token: string }> {
      const id = randomUUID();
      await db
        .insertInto('gate_pass_consents')
        .values({
          id,
          gatepass_id: gatepassId,
          guardian_account_id: guardianAccountId,
          created_at: new Date(now()).toISOString(),
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
      const signed = payload(id, gatepassId, guardianAccountId);
      return { token: `${id}.${signLater ? signLater(PURPOSE, signed) : signer.sign(PURPOSE, signed)}` };
    },

    /**
     * The link's row when the token is genuine, for this pass, unused and not expired; a problem
     * otherwise. A forged token and an unknown row read alike.
     */
    async check(passId: string, token: string): Promise<LinkRow | LinkProblem> {
      const [id, signature, ...rest] = token.split('.');
      if (!id || !signature || rest.length > 0 || id.length > 64) return bad;
      const row = await db
        .selectFrom('gate_pass_consents')
        .select(['id', 'gatepass_id', 'guardian_account_id', 'expires_at', 'used_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (
        !row ||
        !signer.verify(PURPOSE, payload(row.id, row.gatepass_id, row.guardian_account_id), signature)
      )
        return bad;
      if (row.gatepass_id !== passId) return { status: 403, message: CONSENT_MESSAGES.otherPass };
      if (row.used_at !== null) return { status: 409, message: CONSENT_MESSAGES.usedLink };
      if (row.expires_at <= new Date(now()).toISOString())
        return { status: 410, message: CONSENT_MESSAGES.expired };
      return {
        id: row.id,
        gatepassId: row.gatepass_id,
        guardianAccountId: row.guardian_account_id,
        expiresAt: row.expires_at,
        usedAt: row.used_at,
      };
    },

    /** Uses the link up; false when another request used it first. */
    async use(id: string): Promise<boolean> {
      const used = await db
        .updateTable('gate_pass_consents')
        .set({ used_at: new Date(now()).toISOString() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    },

    /** Every link of a pass stops working once the pass is answered, by whichever guardian. */
    async endAll(gatepassId: string): Promise<void> {
      await db
        .updateTable('gate_pass_consents')
        .set({ used_at: new Date(now()).toISOString() })
        .where('gatepass_id', '=', gatepassId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export const isProblem = (value: LinkRow | LinkProblem): value is LinkProblem => 'status' in value;
