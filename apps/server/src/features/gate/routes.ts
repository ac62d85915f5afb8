/**
 * The gate (issue 22): a student's credential for their approved pass; the guard's scan, exit and
 * return; revocation by staff and withdrawal by the student; the movement log; the overdue count.
 */
import {
  ErrorSchema,
  GATE_REFUSAL_TEXT,
  GateAnswerSchema,
  GateCredentialParamsSchema,
  GateCredentialSchema,
  GateKeySchema,
  GateMoveRequestSchema,
  GateMovementsQuerySchema,
  GateMovementsSchema,
  GateScanRequestSchema,
  GatePassSchema,
  MessageSchema,
  RevokeGatePassRequestSchema,
  WithdrawGatePassRequestSchema,
  normaliseGateCode,
  type GateAnswer,
  type GateDirection,
  type GateRefusal,
} from '@campus/contract';
import type { z } from 'zod';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { sendCsv } from '../../lib/csv';
import { principalOf } from '../../plugins/access';
import type { Feature, FeatureDeps } from '../deps';
import { gatePassRepository } from '../gatepasses/repository';
import { gateKeys } from './keys';
import { gateRepository, type GateRow } from './repository';
import { SCAN_GOOD_FOR_MS, dayOf, endOfDay, returnDeadline } from './state';

const TAGS = ['gate'];
const GATE_STAFF = ['guard', 'admin'] as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

/** What proves a pass at the gate: its scanned credential or its typed code. */
interface Proof {
  credential?: string | undefined;
  code?: string | undefined;
}

/** Tells the mentors of every pass newly overdue, once per pass whatever the number of instances. */
export async function sweepOverdue({
  db,
  now,
  notify,
  mail,
}: Pick<FeatureDeps, 'db' | 'now' | 'notify'> & Partial<Pick<FeatureDeps, 'mail'>>) {
  const claimed = await gateRepository(db, now).claimOverdue();
  for (const row of claimed) {
    const due = `${row.date} ${row.return_by ?? '24:00'}`;
    await notify.gatePassOverdue({ name: row.name, group: row.group_name, due });
    // The guardian hears too, when the campus has chosen so (decision record 0034).
    await mail?.notifyGuardian(
      row.roll_no,
      'gateOverdue',
      `${row.name} was due back by ${due} (UTC) and has not returned.`,
    );
  }
  return claimed.length;
}

export const gateRoutes: Feature = async (app, deps) => {
  const { db, now, notify } = deps;
  const gate = gateRepository(db, now);
  const passes = gatePassRepository(db, deps.dialect, now);
  const keys = gateKeys(db);

  // A refusal names its reason only: none of the pass's details (decision record 0065).
  const refused = (reason: GateRefusal, scanId?: string): GateAnswer => ({
    outcome: 'refused',
    reason,
    message: GATE_REFUSAL_TEXT[reason],
    ...(scanId ? { scanId } : {}),
  });
  const isLate = (row: GateRow) => now() > returnDeadline(row.date, row.return_by).getTime();

  /** The pass a scanned credential or a typed code names, and whether the credential's day is over. */
  const lookUp = async (proof: Proof): Promise<{ row?: GateRow; expired: boolean }> => {
    if (proof.credential === undefined) {
      const row = proof.code === undefined ? undefined : await gate.findByCode(normaliseGateCode(proof.code));
      return { ...(row ? { row } : {}), expired: false };
    }
    const checked = await keys.check(proof.credential, new Date(now()));
    if (!checked.ok) return { expired: false };
    const row = await gate.findById(checked.claims.sub);
    // A credential of another pass's student or day was not made by this server.
    if (!row || row.roll_no !== checked.claims.rno || row.date !== checked.claims.d)
      return { expired: false };
    return { row, expired: checked.expired };
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
    const { row, expired } = await lookUp(proof);
    if (!row) {
      const reason = via === 'qr' ? 'forged' : 'unknown-code';
      return {
        answer: refused(
          reason,
          await gate.recordScan({ guard, passId: null, outcome: 'refused', reason, via }),
        ),
      };
    }
    const reason = gate.refusal(row, direction, expired);
    if (reason) {
      const scanId = await gate.recordScan({ guard, passId: row.id, outcome: 'refused', reason, via });
      return { answer: refused(reason, scanId) };
    }
    const outcome = row.exited_at ? 'allow-return' : 'allow-exit';
    const scanId = await gate.recordScan({ guard, passId: row.id, outcome, via });
    const answer: GateAnswer = {
      outcome,
      message: outcome === 'allow-exit' ? 'Allow exit' : 'Allow return',
      scanId,
      gatepass: gate.atGate(row),
      ...(outcome === 'allow-return' ? { late: isLate(row) } : {}),
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

  app.get(
    '/api/gatepasses/:id/credential',
    {
      config: { access: ['student'] },
      schema: {
        tags: TAGS,
        summary:
          "The signed credential (for the QR code) and short code of the signed-in student's own approved pass",
        params: GateCredentialParamsSchema,
        response: { 200: GateCredentialSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo } = principalOf(request);
      const row = await gate.findById(request.params.id);
      // Another student's pass is answered like one that does not exist.
      if (!row || row.roll_no !== rollNo) throw notFound('Gate pass not found');
      const refusal = gate.refusal(row, 'auto');
      if (refusal && refusal !== 'wrong-day') {
        throw conflict(
          `This gate pass cannot be used at the gate: ${GATE_REFUSAL_TEXT[refusal].toLowerCase()}`,
        );
      }
      const expiresAt = endOfDay(row.date);
      const credential = await keys.sign(
        { sub: row.id, rno: row.roll_no, d: row.date, t: row.time, r: row.return_by },
        expiresAt,
      );
      return { credential, code: await gate.codeFor(row.id), expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/api/gate/key',
    {
      config: { access: GATE_STAFF },
      schema: {
        tags: TAGS,
        summary:
          'The public key that checks credentials, and the passes to refuse whatever a credential says (for a gate device that goes offline)',
        response: { 200: GateKeySchema, ...errors },
      },
    },
    async () => ({
      publicKey: await keys.publicJwk(),
      refused: await gate.refusedIds(),
      asOf: new Date(now()).toISOString(),
    }),
  );

  app.post(
    '/api/gate/scan',
    {
      config: { access: GATE_STAFF, writeLimit: 'gate' },
      schema: {
        tags: TAGS,
        summary:
          'Checks a scanned credential or a typed short code: allow-exit, allow-return or refused with the reason; every scan is recorded',
        body: GateScanRequestSchema,
        response: { 200: GateAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { credential, code, direction } = request.body;
      return (await scanned(principalOf(request).accountId, { credential, code }, direction)).answer;
    },
  );

  for (const direction of ['exit', 'return'] as const) {
    app.post(
      `/api/gate/${direction}`,
      {
        config: { access: GATE_STAFF, writeLimit: 'gate' },
        schema: {
          tags: TAGS,
          summary:
            direction === 'exit'
              ? "Records the student's exit, once, for a scan that allowed it (scanId, or the code or credential again); of two gates confirming at once, one records it, the other is refused: already out"
              : "Records the student's return, once, for a scan that allowed it (scanId, or the code or credential again)",
          body: GateMoveRequestSchema,
          response: { 200: GateAnswerSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (request) => {
        const guard = principalOf(request).accountId;
        const allowed = await allowedPass(guard, request.body, direction);
        if ('answer' in allowed) return allowed.answer;
        const id = allowed.row.id;
        const done = direction === 'exit' ? await gate.exit(id, guard) : await gate.return(id, guard);
        const row = await gate.findById(id);
        if (!row) throw notFound('Gate pass not found');
        if (!done)
          return refused(
            gate.refusal(row, direction) ?? (direction === 'exit' ? 'already-out' : 'already-back'),
          );
        await gate.recordScan({
          guard,
          passId: row.id,
          outcome: direction === 'exit' ? 'exited' : 'returned',
          via: 'code',
        });
        await notify.gateMoved(row.student_account_id);
        // A guardian's mail is queued, never in the way of the exit or return already recorded.
        await deps.mail
          .notifyGuardian(
            row.roll_no,
            direction === 'exit' ? 'gateExit' : 'gateReturn',
            direction === 'exit'
              ? `${row.name} left the campus on a gate pass for ${row.date}${row.return_by ? `, due back by ${row.return_by}` : ''}.`
              : `${row.name} came back to the campus from a gate pass for ${row.date}.`,
          )
          .catch((err: unknown) => request.log.error({ err }, 'A guardian mail could not be queued'));
        return {
          outcome: direction === 'exit' ? 'exited' : 'returned',
          message: direction === 'exit' ? 'Exit recorded' : 'Return recorded',
          gatepass: gate.atGate(row),
          ...(direction === 'return' && row.returned_at && row.return_by !== undefined
            ? {
                late: new Date(row.returned_at).getTime() > returnDeadline(row.date, row.return_by).getTime(),
              }
            : {}),
        } satisfies GateAnswer;
      },
    );
  }

  app.put(
    '/api/gatepasses/revoke',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary: 'Revokes an approved gate pass nobody has used yet: the gate refuses it from now on',
        body: RevokeGatePassRequestSchema,
        response: { 200: GatePassSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { gatepassId } = request.body;
      const ok = await gate.revoke(gatepassId, principalOf(request).accountId);
      const row = await gate.findById(gatepassId);
      if (!row) throw notFound('Gate pass not found');
      if (!ok) {
        const reason = gate.refusal(row, 'exit');
        throw conflict(
          `Only an approved pass nobody has used can be revoked: ${reason ? GATE_REFUSAL_TEXT[reason].toLowerCase() : 'this one cannot be'}`,
        );
      }
      await notify.gateMoved(row.student_account_id);
      const pass = await passes.findById(gatepassId);
      if (!pass) throw notFound('Gate pass not found');
      return pass;
    },
  );

  app.put(
    '/api/gatepasses/withdraw',
    {
      config: { access: ['student'] },
      schema: {
        tags: TAGS,
        summary: "Withdraws the signed-in student's own pending gate pass (it is removed)",
        body: WithdrawGatePassRequestSchema,
        response: { 200: MessageSchema, ...errors, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { rollNo, accountId } = principalOf(request);
      if (rollNo === null) throw forbidden('Only students may withdraw gate passes');
      const { gatepassId } = request.body;
      if (!(await gate.withdraw(gatepassId, rollNo))) {
        const row = await gate.findById(gatepassId);
        if (!row || row.roll_no !== rollNo) throw notFound('Gate pass not found');
        throw conflict(`Only a pending gate pass can be withdrawn; this one was ${row.status}`);
      }
      await notify.gateMoved(accountId);
      return { message: 'Gate pass withdrawn' };
    },
  );

  const movementsFor = async (
    request: { query: z.output<typeof GateMovementsQuerySchema> },
    principal: ReturnType<typeof principalOf>,
  ) => {
    await sweepOverdue(deps);
    const date = request.query.date ?? dayOf(now());
    return gate.movements(date, {
      group: request.query.group,
      mentoredBy: principal.role === 'teacher' ? principal.accountId : undefined,
    });
  };

  app.get(
    '/api/gate/movements',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary:
          "Who is out now, who is overdue, and a day's exits and returns (teachers: their mentored groups' students)",
        querystring: GateMovementsQuerySchema,
        response: { 200: GateMovementsSchema, ...errors },
      },
    },
    async (request) => movementsFor(request, principalOf(request)),
  );

  app.get(
    '/api/gate/movements.csv',
    {
      config: { access: ['teacher', 'admin'] },
      schema: {
        tags: TAGS,
        summary: "A day's exits and returns, and who is out now, as CSV (teachers: their mentored groups)",
        querystring: GateMovementsQuerySchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const log = await movementsFor(request, principalOf(request));
      const seen = new Set<string>();
      const rows = [...log.day, ...log.out].filter((m) => !seen.has(m.gatepassId) && seen.add(m.gatepassId));
      return sendCsv(
        reply,
        `movements-${log.date}${request.query.group ? `-${request.query.group}` : ''}.csv`,
        [
          'Roll No',
          'Name',
          'Group',
          'Pass date',
          'Leaves',
          'Back by',
          'Reason',
          'State',
          'Exit',
          'Exit by',
          'Return',
          'Return by guard',
        ],
        rows.map((m) => [
          m.rollNo,
          m.name,
          m.group,
          m.date,
          m.time,
          m.returnBy ?? '',
          m.reason,
          m.gateState,
          m.exitedAt ?? '',
          m.exitedBy ?? '',
          m.returnedAt ?? '',
          m.returnedBy ?? '',
        ]),
      );
    },
  );
};
