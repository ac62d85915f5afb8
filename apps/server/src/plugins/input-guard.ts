/**
 * Refuses text no database stores faithfully (PostgreSQL rejects NUL), before any handler sees it.
 * It is part of validation: every part of a request a handler reads (params, query, body) has a
 * schema, and each is searched for NUL just before zod checks it.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
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

type Validate = (data: unknown) => { value?: unknown; error?: Error };

/** zod's validator, preceded by the search for NUL characters. */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = (validatorCompiler as FastifySchemaCompiler<unknown>)(route) as Validate;
  return (data: unknown) => {
    const where = findNul(data, '');
    if (where !== undefined)
      return { error: badRequest(`${where || 'request'} must not contain NUL characters`) };
    return validate(data);
  };
};
