/**
 * The audit entries a request makes, by its route's rule (recorder.ts): written by the hook in
 * routes.ts once the answer is known, or, for a route that knows its answer before it writes, in the
 * write's own statement (`entriesWithWrite`): on PostgreSQL one round trip fewer, and the change and
 * its entry land together or not at all.
 */
import type { FastifyRequest } from 'fastify';
import { clientKey } from '../../lib/client-address';
import { AUDIT_RULES, auditText, type Rule } from './recorder';
import type { AuditRecord } from './repository';

const asFields = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export const ruleOf = (request: FastifyRequest): Rule | undefined =>
  AUDIT_RULES[`${request.method} ${request.routeOptions.url ?? ''}`];

/**
 * The entries of an answer with this status: `counted` when they add to a counted entry (refusals,
 * sign-ins) instead of adding rows of their own.
 */
export function entriesOf(
  rule: Rule,
  request: FastifyRequest,
  status: number,
  answer: unknown,
): { entries: AuditRecord[]; counted: boolean } {
  const success = status >= 200 && status < 300;
  const fields = success ? asFields(answer) : {};
  const body = asFields(request.body);
  const params = asFields(request.params);
  const principal = request.principal;
  const tried = Number(auditText(body.userId));
  const perClient = !success && !principal && rule.failures?.perClient?.includes(status) === true;
  const entry: AuditRecord = {
    kind: success ? rule.kind : rule.failures!.kind,
    // A sign-in is recorded against the User ID it was for, signed in or not.
    actorLoginId:
      principal?.loginId ?? (!perClient && Number.isSafeInteger(tried) && tried > 0 ? tried : null),
    actorRole: principal?.role ?? null,
    target: perClient ? null : auditText(rule.target?.(body, params, fields)),
    detail: success ? auditText(rule.detail?.(body, fields), rule.detailLimit) : `HTTP ${status}`,
    client: rule.client ? clientKey(request.ip) : null,
  };
  if (!success || rule.countSuccesses) return { entries: [entry], counted: true };
  // The request's entries together, in one statement: one per element of a change of many, or the
  // entry and those of `also` (a mark and its corrections).
  const entries = rule.each
    ? rule.each(body, fields).map((target) => ({ ...entry, target: auditText(target) }))
    : [entry];
  for (const also of rule.also ?? []) {
    const detail = auditText(also.detail(body, fields), also.detailLimit);
    if (detail !== null) entries.push({ ...entry, kind: also.kind, detail });
  }
  return { entries, counted: false };
}

/** Requests whose success entries were handed to their write (`entriesWithWrite`). */
const writtenWithChange = new WeakSet<FastifyRequest>();

/**
 * The entries this request's success will make with this answer, for the handler to write in the
 * same statement (or transaction) as its change; the hook then writes none. The answer must be the
 * one the route sends. Only for a route with a rule that records each success in rows of its own.
 */
export function entriesWithWrite(request: FastifyRequest, answer: object): AuditRecord[] {
  const rule = ruleOf(request);
  if (!rule || rule.countSuccesses) {
    throw new Error(`${request.method} ${request.routeOptions.url ?? ''} has no audit rule of its own rows`);
  }
  writtenWithChange.add(request);
  return entriesOf(rule, request, 200, answer).entries;
}

export const writtenWithWrite = (request: FastifyRequest): boolean => writtenWithChange.has(request);
