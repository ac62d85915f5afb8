/** Refuses text no database stores faithfully (PostgreSQL rejects NUL), before any handler sees it. */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const where = findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
    done(
      where === undefined ? undefined : badRequest(`${where || 'request'} must not contain NUL characters`),
    );
  });
}
