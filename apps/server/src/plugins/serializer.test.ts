/** The response writer: only what the contract declares leaves, in the same JSON zod would write. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFastSerializer } from './serializer';

const Person = z.object({
  id: z.string(),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  note: z.string().optional(),
});

describe('compileFastSerializer', () => {
  it('writes the declared fields only, whatever else the row carries', () => {
    const write = compileFastSerializer(Person)!;
    const row = { id: 'a1', name: null, tags: ['x'], password_hash: '$argon2id$secret', role: 'admin' };
    expect(JSON.parse(write(row))).toEqual({ id: 'a1', name: null, tags: ['x'] });
  });

  it('writes text that needs escaping as valid JSON', () => {
    const write = compileFastSerializer(Person)!;
    const name = 'Quote " backslash \\ newline \n and </script>';
    expect(JSON.parse(write({ id: 'a2', name, tags: [], note: '\u2028' }))).toEqual({
      id: 'a2',
      name,
      tags: [],
      note: '\u2028',
    });
  });

  it('writes nullable fields of every kind, given or null', () => {
    const Row = z.object({
      text: z.string().nullable(),
      count: z.number().nullable(),
      flag: z.boolean().nullable(),
      nested: z.object({ id: z.string() }).nullable(),
    });
    const write = compileFastSerializer(z.array(Row))!;
    const rows = [
      { text: 'a "quoted" text', count: 7.5, flag: false, nested: { id: 'n1' } },
      { text: null, count: null, flag: null, nested: null },
    ];
    expect(JSON.parse(write(rows))).toEqual(rows);
  });

  it('leaves a schema JSON Schema cannot express to zod', () => {
    expect(compileFastSerializer(z.string().transform((s) => s.length))).toBeUndefined();
    expect(compileFastSerializer({ type: 'object' })).toBeUndefined();
  });
});
