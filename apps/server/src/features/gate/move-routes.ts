/** The guard's exit and return, each recorded once for a scan that allowed it. */
import { ErrorSchema, GateAnswerSchema, GateMoveRequestSchema, type GateAnswer } from '@campus/contract';
import { notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import { inEveryLanguage } from '../mail/words-guardian-alerts';
import { GATE_STAFF, TAGS, errors, type RouteContext } from './route-context';
import { refusedAnswer } from './scan';
import { refusalOf, returnDeadline } from './state';

export function moveRoutes(app: App, { gate, scanner, deps }: RouteContext) {
  const { notify } = deps;
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
        const allowed = await scanner.allowedPass(guard, request.body, direction);
        if ('answer' in allowed) return allowed.answer;
        const id = allowed.row.id;
        const done = direction === 'exit' ? await gate.exit(id, guard) : await gate.return(id, guard);
        const row = await gate.findById(id);
        if (!row) throw notFound('Gate pass not found');
        const at = await gate.moment();
        if (!done)
          return refusedAnswer(
            refusalOf(row, at, direction) ?? (direction === 'exit' ? 'already-out' : 'already-back'),
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
            // In each guardian's language (decision record 0090).
            inEveryLanguage((words) =>
              direction === 'exit'
                ? words.exited(row.name, row.date, row.return_by)
                : words.returned(row.name, row.date),
            ),
          )
          .catch((err: unknown) => request.log.error({ err }, 'A guardian mail could not be queued'));
        return {
          outcome: direction === 'exit' ? 'exited' : 'returned',
          message: direction === 'exit' ? 'Exit recorded' : 'Return recorded',
          gatepass: gate.atGate(row, at),
          ...(direction === 'return' && row.returned_at && row.return_by !== undefined
            ? {
                late:
                  Date.parse(row.returned_at) > returnDeadline(row.date, row.return_by, at.zone).getTime(),
              }
            : {}),
        } satisfies GateAnswer;
      },
    );
  }
}
