/** The routes before a move: a student's credential, the gate device's key, and the guard's scan. */
import {
  ErrorSchema,
  GATE_REFUSAL_TEXT,
  GateAnswerSchema,
  GateCredentialParamsSchema,
  GateCredentialSchema,
  GateKeySchema,
  GateScanRequestSchema,
} from '@campus/contract';
import { conflict, notFound } from '../../lib/errors';
import { principalOf } from '../../plugins/access';
import type { App } from '../../types';
import { GATE_STAFF, TAGS, errors, type RouteContext } from './route-context';
import { endOfDay, refusalOf } from './state';

export function credentialRoute(app: App, { gate, keys }: RouteContext) {
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
      const at = await gate.moment();
      const refusal = refusalOf(row, at);
      if (refusal && refusal !== 'wrong-day') {
        throw conflict(
          `This gate pass cannot be used at the gate: ${GATE_REFUSAL_TEXT[refusal].toLowerCase()}`,
        );
      }
      const expiresAt = endOfDay(row.date, at.zone);
      // The zone goes with the credential, for a gate device that checks it offline.
      const credential = await keys.sign(
        { sub: row.id, rno: row.roll_no, d: row.date, t: row.time, r: row.return_by, z: at.zone },
        expiresAt,
      );
      return { credential, code: await gate.codeFor(row.id), expiresAt: expiresAt.toISOString() };
    },
  );
}

export function keyRoute(app: App, { gate, keys, deps }: RouteContext) {
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
      asOf: new Date(deps.now()).toISOString(),
    }),
  );
}

export function scanRoute(app: App, { scanner }: RouteContext) {
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
      return (await scanner.scanned(principalOf(request).accountId, { credential, code }, direction)).answer;
    },
  );
}
