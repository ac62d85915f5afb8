/** Records every state change (see recorder.ts) and lets admins read the log. */
import { AuditListSchema, AuditQuerySchema, ErrorSchema } from '@campus/contract';
import type { onSendAsyncHookHandler } from 'fastify';
import type { Feature } from '../deps';
import { AUDIT_RULES, auditText } from './recorder';
import { auditRepository } from './repository';

const asFields = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const auditRoutes: Feature = async (app, { db, dialect }) => {
  const audit = auditRepository(db, dialect);

  // Before the answer leaves: an acknowledged change always has its entry. The hook is added to the
  // routes that have a rule only, so reads pay nothing for it.
  const record: onSendAsyncHookHandler = async (request, reply, payload) => {
    const rule = AUDIT_RULES[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!rule) return payload;
    const status = reply.statusCode;
    const success = status >= 200 && status < 300;
    if (!success && !rule.failures?.includes(status)) return payload;
    if (success && rule.failures) return payload;
    let answer: Record<string, unknown> = {};
    if (typeof payload === 'string') {
      try {
        answer = asFields(JSON.parse(payload));
      } catch {
        answer = {};
      }
    }
    const body = asFields(request.body);
    const params = asFields(request.params);
    const principal = request.principal;
    await audit.record({
      kind: rule.kind,
      actorLoginId: principal?.loginId ?? (rule.failures ? Number(auditText(body.userId)) || null : null),
      actorRole: principal?.role ?? null,
      target: auditText(rule.target?.(body, params, answer)),
      detail: auditText(rule.detail?.(body, answer)) ?? (rule.failures ? `HTTP ${status}` : null),
    });
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
    async (request) => audit.list(request.query),
  );
};
