/**
 * Refuses text no database stores faithfully (PostgreSQL rejects NUL), before any handler sees it.
 * It is part of validation: every part of a request a handler reads (params, query, body) has a
 * schema, and each is searched for NUL just before zod checks it.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from '../lib/errors';

/** The keys leading to the first string holding NUL, or undefined; nothing is built on the way. */
function nulPath(value: unknown, depth = 0): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], depth + 1);
      if (found) return [i, ...found];
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const found = nulPath((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

type Validate = (data: unknown) => { value?: unknown; error?: Error };

/** zod's validator, preceded by the search for NUL characters. */
export const guardedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = (validatorCompiler as FastifySchemaCompiler<unknown>)(route) as Validate;
  return (data: unknown) => {
    const where = nulPath(data);
    if (where)
      return { error: badRequest(`${where.join('.') || 'request'} must not contain NUL characters`) };
    return validate(data);
  };
};
