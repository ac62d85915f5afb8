/** The stretch of time a notice list is kept for: it ends when a notice starts or ends. */
import { describe, expect, it } from 'vitest';
import { stretchAt } from './routes';

describe('stretchAt', () => {
  const moments = ['2026-12-01T10:00:00.000Z', '2026-12-01T12:00:00.000Z'];

  it('names a time by the first moment after it, so that times with no moment between share a name', () => {
    expect(stretchAt(moments, '2026-12-01T09:00:00.000Z')).toBe(moments[0]);
    expect(stretchAt(moments, '2026-12-01T09:59:59.999Z')).toBe(moments[0]);
    expect(stretchAt(moments, '2026-12-01T10:00:00.000Z')).toBe(moments[1]);
    expect(stretchAt(moments, '2026-12-01T11:30:00.000Z')).toBe(moments[1]);
  });

  it('names every time after the last moment, or with none to come, the end', () => {
    expect(stretchAt(moments, '2026-12-01T12:00:00.000Z')).toBe('end');
    expect(stretchAt([], '2026-12-01T09:00:00.000Z')).toBe('end');
  });
});
