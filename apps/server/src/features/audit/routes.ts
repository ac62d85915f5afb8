/** Records every state change (see recorder.ts) and lets admins read the log. */
import { AuditListSchema, AuditQuerySchema, ErrorSchema } from '@campus/contract';
import type { onSendAsyncHookHandler } from 'fastify';
import { answerList, arrayAnswer } from '../../lib/lists';
import type { Feature } from '../deps';
import { AUDIT_RULES } from './recorder';
import { entriesOf, ruleOf, writtenWithWrite } from './entries';

/** Refusals (and sign-ins) of one User ID from one client are counted in one entry per this long. */
const COUNTED_WINDOW_MS = 15 * 60_000;

export const auditRoutes: Feature = async (app, { audit, now }) => {
  // Before the answer leaves: an acknowledged change always has its entry. The hook is added to the
  // routes that have a rule only, so reads pay nothing for it.
  const record: onSendAsyncHookHandler = async (request, reply, payload) => {
    const rule = ruleOf(request);
    if (!rule) return payload;
    const status = reply.statusCode;
    const success = status >= 200 && status < 300;
    if (!success && !rule.failures?.statuses.includes(status)) return payload;
    // Written already, in the change's own statement.
    if (success && writtenWithWrite(request)) return payload;
    let answer: unknown = {};
    if (success && typeof payload === 'string') {
      try {
        answer = JSON.parse(payload);
      } catch {
        answer = {};
      }
    }
    const { entries, counted } = entriesOf(rule, request, status, answer);
    if (counted) await audit.recordCounted(entries[0]!, COUNTED_WINDOW_MS, now());
    else await audit.recordAll(entries);
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const audited = [route.method].flat().some((method) => AUDIT_RULES[`${method} ${route.url}`]);
    // First, so the entry is written before the answer waits for its writes to be heard of.
    if (audited) route.onSend = [record, ...[route.onSend ?? []].flat()];
  });

  app.get(
    '/api/audit-log',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['audit'],
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => answerList(reply, arrayAnswer(await audit.list(request.query))),
  );
};
