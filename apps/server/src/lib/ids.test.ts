import { IdSchema } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('makes version 7 UUIDs that the API accepts as ids', () => {
    const id = newId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(IdSchema.safeParse(id).success).toBe(true);
  });

  it('begins with the time in milliseconds, so later ids sort after earlier ones', () => {
    const at = Date.UTC(2026, 10, 28, 9, 30);
    const id = newId(at);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    const ids = [at + 1, at + 1_000, at + 86_400_000, at + 31_536_000_000].map((t) => newId(t));
    expect([...ids].sort()).toEqual(ids);
    expect(newId(at) < ids[0]!).toBe(true);
  });

  it('differs between ids made in the same millisecond', () => {
    const at = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newId(at)));
    expect(ids.size).toBe(10_000);
  });
});
