/** Records every state change (see recorder.ts) and lets admins read the log. */
import { AuditListSchema, AuditQuerySchema, ErrorSchema } from '@campus/contract';
import type { onSendAsyncHookHandler } from 'fastify';
import { answerList, arrayAnswer } from '../../lib/lists';
import type { Feature } from '../deps';
import { clientKey } from '../../lib/client-address';
import { AUDIT_RULES, auditText } from './recorder';

const asFields = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Refusals (and sign-ins) of one User ID from one client are counted in one entry per this long. */
const COUNTED_WINDOW_MS = 15 * 60_000;

export const auditRoutes: Feature = async (app, { audit, now }) => {
  // Before the answer leaves: an acknowledged change always has its entry. The hook is added to the
  // routes that have a rule only, so reads pay nothing for it.
  const record: onSendAsyncHookHandler = async (request, reply, payload) => {
    const rule = AUDIT_RULES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!rule) return payload;
    const status = reply.statusCode;
    const success = status >= 200 && status < 300;
    if (!success && !rule.failures?.statuses.includes(status)) return payload;
    let answer: Record<string, unknown> = {};
    if (success && typeof payload === 'string') {
      try {
        answer = asFields(JSON.parse(payload));
      } catch {
        answer = {};
      }
    }
    const body = asFields(request.body);
    const params = asFields(request.params);
    const principal = request.principal;
    const tried = Number(auditText(body.userId));
    const perClient = !success && !principal && rule.failures?.perClient?.includes(status) === true;
    const entry = {
      kind: success ? rule.kind : rule.failures!.kind,
      // A sign-in is recorded against the User ID it was for, signed in or not.
      actorLoginId:
        principal?.loginId ?? (!perClient && Number.isSafeInteger(tried) && tried > 0 ? tried : null),
      actorRole: principal?.role ?? null,
      target: perClient ? null : auditText(rule.target?.(body, params, answer)),
      detail: success ? auditText(rule.detail?.(body, answer), rule.detailLimit) : `HTTP ${status}`,
      client: rule.client ? clientKey(request.ip) : null,
    };
    if (!success || rule.countSuccesses) {
      await audit.recordCounted(entry, COUNTED_WINDOW_MS, now());
      return payload;
    }
    // The request's entries together, in one statement: one per element of a change of many, or
    // the entry and those of `also` (a mark and its corrections).
    const entries = rule.each
      ? rule.each(body, answer).map((target) => ({ ...entry, target: auditText(target) }))
      : [entry];
    for (const also of rule.also ?? []) {
      const detail = auditText(also.detail(body, answer), also.detailLimit);
      if (detail !== null) entries.push({ ...entry, kind: also.kind, detail });
    }
    await audit.recordAll(entries);
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
