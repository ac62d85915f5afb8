import { describe, expect, it } from 'vitest';
import { DEFAULT_CLASS_HOURS, passExcusesDay, timeOut, type PassMovements } from '@campus/contract';

const DAY = '2026-12-04';
const at = (time: string, date = DAY) => `${date}T${time}:00.000Z`;
const pass = (over: Partial<PassMovements>): PassMovements => ({
  date: DAY,
  time: '08:00',
  returnBy: null,
  exitedAt: null,
  returnedAt: null,
  revokedAt: null,
  ...over,
});

describe('when a gate pass excuses a day (class hours 09:00 to 17:00)', () => {
  const cases: [string, PassMovements, string, boolean][] = [
    ['approved for 16:30, not used, that morning', pass({ time: '16:30' }), at('10:00'), false],
    ['approved for 08:00, not used yet, at noon', pass({}), at('12:00'), false],
    ['out 08:10 to 18:00', pass({ exitedAt: at('08:10'), returnedAt: at('18:00') }), at('19:00'), true],
    ['out 08:10, back 12:00', pass({ exitedAt: at('08:10'), returnedAt: at('12:00') }), at('19:00'), false],
    [
      'out 15:05 to 15:50 (a pharmacy trip)',
      pass({ exitedAt: at('15:05'), returnedAt: at('15:50') }),
      at('18:00'),
      false,
    ],
    ['out since 08:30, still out at 16:00', pass({ exitedAt: at('08:30') }), at('16:00'), false],
    ['out since 08:30, still out at 17:30', pass({ exitedAt: at('08:30') }), at('17:30'), true],
    ['out from 09:30', pass({ exitedAt: at('09:30'), returnedAt: at('18:00') }), at('19:00'), false],
    ['no exit recorded, window 08:00 to 18:00, past', pass({ returnBy: '18:00' }), at('18:30'), true],
    ['no exit recorded, window 08:00 to 18:00, not past', pass({ returnBy: '18:00' }), at('17:30'), false],
    ['no exit recorded, window to the end of the day, next day', pass({}), at('01:00', '2026-12-05'), true],
    [
      'no exit recorded, window 10:00 to 18:00, past',
      pass({ time: '10:00', returnBy: '18:00' }),
      at('19:00'),
      false,
    ],
    [
      'revoked before use, its window past',
      pass({ revokedAt: at('07:00') }),
      at('01:00', '2026-12-05'),
      false,
    ],
  ];
  it.each(cases)('%s', (_name, movements, now, excused) => {
    expect(passExcusesDay(movements, DEFAULT_CLASS_HOURS, Date.parse(now))).toBe(excused);
  });

  it('follows the campus class hours', () => {
    const trip = pass({ exitedAt: at('15:05'), returnedAt: at('15:50') });
    expect(passExcusesDay(trip, { classStart: '15:10', classEnd: '15:45' }, Date.parse(at('18:00')))).toBe(
      true,
    );
    expect(passExcusesDay(trip, { classStart: '15:00', classEnd: '15:45' }, Date.parse(at('18:00')))).toBe(
      false,
    );
  });

  it('knows no time out before an exit or the end of the window', () => {
    expect(timeOut(pass({ time: '16:30' }), Date.parse(at('16:45')))).toBeUndefined();
    expect(timeOut(pass({ exitedAt: at('16:40') }), Date.parse(at('16:45')))).toEqual([
      Date.parse(at('16:40')),
      Date.parse(at('16:45')),
    ]);
  });
});
