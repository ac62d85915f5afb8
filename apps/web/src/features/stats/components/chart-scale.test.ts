import { describe, expect, it } from 'vitest';
import { countTicks, labelStep, labelX, textWidth } from './chart-scale';

describe('countTicks', () => {
  it.each([
    [0, [0, 1]],
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [12, [0, 5, 10, 15]],
    [26, [0, 10, 20, 30]],
    [60, [0, 20, 40, 60]],
    [240, [0, 50, 100, 150, 200, 250]],
  ])('puts whole-number ticks up to at least %i', (max, ticks) => {
    expect(countTicks(max)).toEqual(ticks);
  });
});

describe('day labels', () => {
  const days = Array.from({ length: 14 }, (_, i) => `${i + 10} Mar`);

  it('names every day when there is room and every few days on a phone, never overlapping', () => {
    expect(labelStep(days, 60)).toBe(1);
    const step = labelStep(days, 18);
    expect(step).toBeGreaterThan(1);
    expect(step * 18).toBeGreaterThanOrEqual(textWidth('23 Mar'));
  });

  it('keeps a label at the edge inside the drawing', () => {
    expect(labelX(300, '23 Mar', 300)).toBe(300 - textWidth('23 Mar') / 2);
    expect(labelX(2, '10 Mar', 300)).toBe(textWidth('10 Mar') / 2);
    expect(labelX(150, '16 Mar', 300)).toBe(150);
  });
});
