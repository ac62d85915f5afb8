/**
 * Answers are written by fast-json-stringify, compiled once per route from the contract's zod
 * schema turned into JSON Schema: it writes only the fields the contract declares (nothing else a
 * row carries can leave), without checking every value on the way out as zod would (decision record
 * 0007). A schema JSON Schema cannot express falls back to zod's check and JSON.stringify. Under
 * test, every answer is also checked by zod and the two outputs must be the same JSON. An answer
 * served from the read cache never changes, so its text is kept beside it and written again as is.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifySchemaCompiler } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCachedValue } from '../db/read-cache';

type Serialize = (data: unknown) => string;
type SerializerCompiler = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => Serialize;

const CHECK_AGAINST_ZOD = process.env.NODE_ENV === 'test';

/**
 * zod writes a nullable field as `anyOf: [{ type }, { type: 'null' }]`, for which fast-json-stringify
 * runs a schema validator on every value to pick the branch (decision record 0012). The same field as
 * `type: [type, 'null']` is one typeof check.
 */
function plainNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plainNullables);
  if (typeof schema !== 'object' || schema === null) return schema;
  const entries = Object.entries(schema).map(([key, value]) => [key, plainNullables(value)] as const);
  const node = Object.fromEntries(entries) as Record<string, unknown>;
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const types = branches.map((branch: unknown) => {
    const keys = typeof branch === 'object' && branch !== null ? Object.keys(branch) : [];
    const type = (branch as { type?: unknown }).type;
    return keys.length === 1 && typeof type === 'string' && type !== 'object' && type !== 'array'
      ? type
      : undefined;
  });
  if (!types.includes('null') || types.includes(undefined)) return node;
  const plain: Record<string, unknown> = { ...node, type: types };
  delete plain.anyOf;
  return plain;
}

/** The fast serializer for a zod schema, or undefined when JSON Schema cannot express it. */
export function compileFastSerializer(schema: unknown): Serialize | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
    return fastJson(plainNullables(jsonSchema) as Schema);
  } catch {
    return undefined;
  }
}

/** Keeps the text of each cached value this serializer wrote, for as long as the value lives. */
function rememberingCachedValues(serialize: Serialize): Serialize {
  const written = new WeakMap<object, string>();
  return (data) => {
    if (!isCachedValue(data)) return serialize(data);
    let text = written.get(data);
    if (text === undefined) {
      text = serialize(data);
      written.set(data, text);
    }
    return text;
  };
}

export const serializerCompiler: SerializerCompiler = (route) =>
  rememberingCachedValues(compileSerializer(route));

function compileSerializer(route: Parameters<SerializerCompiler>[0]): Serialize {
  const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
  const fast = compileFastSerializer(route.schema);
  if (!fast) return checked;
  if (!CHECK_AGAINST_ZOD) return fast;
  return (data) => {
    const expected = checked(data);
    const written = fast(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
      throw new Error(`${route.method} ${route.url}: the fast serializer wrote ${written}, zod ${expected}`);
    }
    return written;
  };
}
