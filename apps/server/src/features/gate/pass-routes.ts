/** A pass taken out of the gate's hands: revoked by staff before anyone used it, or withdrawn while pending. */
import {
  ErrorSchema,
  GATE_REFUSAL_TEXT,
  GatePassSchema,
  MessageSchema,
  RevokeGatePassRequestSchema,
  WithdrawGatePassRequestSchema,
} from '@campus/contract';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import { TAGS, errors, type RouteContext } from './route-context';
import { refusalOf } from './state';

export function revokeRoute(app: App, { gate, passes, deps }: RouteContext) {
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
        const reason = refusalOf(row, await gate.moment(), 'exit');
        throw conflict(
          `Only an approved pass nobody has used can be revoked: ${reason ? GATE_REFUSAL_TEXT[reason].toLowerCase() : 'this one cannot be'}`,
        );
      }
      await deps.notify.gateMoved(row.student_account_id);
      const pass = await passes.findById(gatepassId);
      if (!pass) throw notFound('Gate pass not found');
      return pass;
    },
  );
}

export function withdrawRoute(app: App, { gate, deps }: RouteContext) {
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
      await deps.notify.gateMoved(accountId);
      return { message: 'Gate pass withdrawn' };
    },
  );
}
