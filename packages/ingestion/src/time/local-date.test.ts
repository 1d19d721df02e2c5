import { localDate, nextDate, splitByLocalDate } from './local-date';

describe('local dates', () => {
  it('shifts the instant by the offset', () => {
    expect(localDate(Date.parse('2026-03-10T23:30:00Z'), 3600)).toBe('2026-03-11');
    expect(localDate(Date.parse('2026-03-11T03:30:00Z'), -14400)).toBe('2026-03-10');
    expect(nextDate('2026-02-28')).toBe('2026-03-01');
    expect(nextDate('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('splits a span at local midnight pro rata by time', () => {
    // 23:00–01:00 local (+01:00): half on each day.
    expect(
      splitByLocalDate(Date.parse('2026-03-10T22:00:00Z'), Date.parse('2026-03-11T00:00:00Z'), 3600),
    ).toEqual([
      ['2026-03-10', 0.5],
      ['2026-03-11', 0.5],
    ]);
    expect(
      splitByLocalDate(Date.parse('2026-03-10T22:00:00Z'), Date.parse('2026-03-10T22:00:00Z'), 0),
    ).toEqual([['2026-03-10', 1]]);
  });
});
