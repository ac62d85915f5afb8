/** Which list answers the read cache may keep: never an unbounded number of near-whole copies. */
import { describe, expect, it } from 'vitest';
import { keepsInMemory } from './lists';

describe('keepsInMemory', () => {
  it('keeps pages, and whole lists only when no free text or offset makes one of many copies', () => {
    expect(keepsInMemory({ limit: 50, offset: 0 })).toBe(true);
    expect(keepsInMemory({ limit: 50, offset: 100, search: 'sharma' })).toBe(true);
    expect(keepsInMemory({ offset: 0 })).toBe(true);
    expect(keepsInMemory({ offset: 0, search: '' })).toBe(true);
    expect(keepsInMemory({ offset: 0, search: 'sharma' })).toBe(false);
    expect(keepsInMemory({ offset: 1 })).toBe(false);
  });
});
