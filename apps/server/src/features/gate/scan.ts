/**
 * A scan at the gate, which every exit and return rests on: the pass a credential or a typed code
 * names, the gate's rule for it (`decideGateScan`, in the contract, as on a device offline), and the
 * recorded scan.
 */
import {
  GATE_REFUSAL_TEXT,
  type GateMoveRequestSchema,
  decideGateScan,
  normaliseGateCode,
  type GateAnswer,
  type GateCredentialClaims,
  type GateDirection,
  type GateRefusal,
} from '@campus/contract';
import type { z } from 'zod';
import { conflict, notFound } from '../../lib/errors';
import type { GateKeys } from './keys';
import type { GateRepository, GateRow } from './repository';
import { SCAN_GOOD_FOR_MS, isLate, standingOf } from './state';

/** What proves a pass at the gate: its scanned credential or its typed code. */
export interface Proof {
  credential?: string | undefined;
  code?: string | undefined;
}

/** The pass a proof names, how its credential checked out, and the day it claims. */
interface Found {
  row: GateRow;
  check: 'valid' | 'expired';
  claims: Pick<GateCredentialClaims, 'd'>;
}

// A refusal names its reason only: none of the pass's details (decision record 0065).
export const refusedAnswer = (reason: GateRefusal, scanId?: string): GateAnswer => ({
  outcome: 'refused',
  reason,
  message: GATE_REFUSAL_TEXT[reason],
  ...(scanId ? { scanId } : {}),
});

export function gateScanner(gate: GateRepository, keys: GateKeys, now: () => number) {
  /** The pass a scanned credential or a typed code names; undefined when it names none of ours. */
  const lookUp = async (proof: Proof): Promise<Found | undefined> => {
    if (proof.credential === undefined) {
      const row = proof.code === undefined ? undefined : await gate.findByCode(normaliseGateCode(proof.code));
      // A typed code carries no expiry of its own: its pass's day decides.
      return row && { row, check: 'valid', claims: { d: row.date } };
    }
    const checked = await keys.check(proof.credential, new Date(now()));
    if (checked.check === 'forged') return undefined;
    const row = await gate.findById(checked.claims.sub);
    // A credential of another pass's student or day was not made by this server.
    if (!row || row.roll_no !== checked.claims.rno || row.date !== checked.claims.d) return undefined;
    return { row, check: checked.check, claims: checked.claims };
  };

  /**
   * Checks a credential or a typed code for going `direction`, records the scan and answers it; the
   * pass comes back when the scan allows it. A typed code that names no pass is a typo to check, a
   * credential that is not ours a forgery.
   */
  const scanned = async (
    guard: string,
    proof: Proof,
    direction: GateDirection,
  ): Promise<{ answer: GateAnswer; row?: GateRow }> => {
    const via = proof.credential !== undefined ? 'qr' : 'code';
    const found = await lookUp(proof);
    if (!found) {
      const reason = via === 'qr' ? 'forged' : 'unknown-code';
      const scanId = await gate.recordScan({ guard, passId: null, outcome: 'refused', reason, via });
      return { answer: refusedAnswer(reason, scanId) };
    }
    const { row, check, claims } = found;
    // The campus's zone now, not the one the credential was signed with: the server's is current.
    const at = await gate.moment();
    const standing = standingOf(row);
    const decision = decideGateScan({ check, claims, standing, direction, now: at.now, zone: at.zone });
    if (decision.outcome === 'refused') {
      const { reason } = decision;
      const scanId = await gate.recordScan({ guard, passId: row.id, outcome: 'refused', reason, via });
      return { answer: refusedAnswer(reason, scanId) };
    }
    const { outcome } = decision;
    const scanId = await gate.recordScan({ guard, passId: row.id, outcome, via });
    const answer: GateAnswer = {
      outcome,
      message: outcome === 'allow-exit' ? 'Allow exit' : 'Allow return',
      scanId,
      gatepass: gate.atGate(row, at),
      ...(outcome === 'allow-return' ? { late: isLate(row, at) } : {}),
    };
    return { answer, row };
  };

  /**
   * The pass a move confirms: that of the scan named, which must have allowed this very move a short
   * while ago, or that of a code or credential checked again now as a scan (whose refusal is the
   * answer). A pass id alone proves nobody stood at the gate.
   */
  const allowedPass = async (
    guard: string,
    body: z.output<typeof GateMoveRequestSchema>,
    direction: 'exit' | 'return',
  ): Promise<{ row: GateRow } | { answer: GateAnswer }> => {
    if (body.scanId === undefined) {
      const { answer, row } = await scanned(guard, body, direction);
      if (!row) return { answer };
      if (body.gatepassId !== undefined && body.gatepassId !== row.id)
        throw conflict('The code or credential names another gate pass than gatepassId');
      return { row };
    }
    const scan = await gate.findScan(body.scanId);
    if (!scan?.gate_pass_id) throw notFound('Scan not found: scan the pass first');
    if (body.gatepassId !== undefined && scan.gate_pass_id !== body.gatepassId)
      throw conflict('This scan is of another gate pass than gatepassId');
    if (scan.outcome !== (direction === 'exit' ? 'allow-exit' : 'allow-return'))
      throw conflict(
        `This scan did not allow ${direction === 'exit' ? 'an exit' : 'a return'}: scan the pass again`,
      );
    if (now() - Date.parse(scan.at) > SCAN_GOOD_FOR_MS)
      throw conflict(`This scan is more than ${SCAN_GOOD_FOR_MS / 60_000} minutes old: scan the pass again`);
    const row = await gate.findById(scan.gate_pass_id);
    if (!row) throw notFound('Gate pass not found');
    return { row };
  };

  return { scanned, allowedPass };
}

export type GateScanner = ReturnType<typeof gateScanner>;
