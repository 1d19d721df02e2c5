import {
  addDays,
  civilDate,
  dayNumber,
  daysFromCivil,
  isCalendarDate,
  localDate,
  localTimeOfDayMs,
  splitByLocalDate,
  utcMidnightMs,
  weekday,
} from './calendar-date';

describe('calendar dates', () => {
  it('knows which days exist', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('0000-01-01')).toBe(false);
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('2024-1-01')).toBe(false);
    expect(isCalendarDate('2024-01-01T00:00:00Z')).toBe(false);
  });

  it('counts days like the Date object does, in both directions, across leap days', () => {
    for (let day = -800_000; day <= 2_900_000; day += 997) {
      const iso = new Date(day * 86_400_000).toISOString();
      if (!/^\d{4}-/.test(iso)) continue;
      const date = iso.slice(0, 10);
      expect(civilDate(day)).toBe(date);
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      expect(daysFromCivil(y, m, d)).toBe(day);
    }
    expect(utcMidnightMs('2024-02-29')).toBe(Date.parse('2024-02-29T00:00:00Z'));
    expect(Number.isNaN(dayNumber('2023-02-29'))).toBe(true);
  });

  it('adds days over month, leap-day and year ends, and names weekdays', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-01', 365)).toBe('2027-03-01');
    expect(weekday('2026-11-23')).toBe(1);
    expect(weekday('1970-01-01')).toBe(4);
    expect(weekday('1969-12-28')).toBe(0);
  });

  it('gives the local date and time of day of an instant at an offset', () => {
    expect(localDate(Date.parse('2026-03-10T23:30:00Z'), 3600)).toBe('2026-03-11');
    expect(localDate(Date.parse('2026-03-11T03:30:00Z'), -14400)).toBe('2026-03-10');
    expect(localDate(Date.parse('1969-12-31T23:59:59Z'), 0)).toBe('1969-12-31');
    expect(localTimeOfDayMs(Date.parse('2026-06-01T23:30:00Z'), 7200)).toBe(90 * 60_000);
    expect(localTimeOfDayMs(Date.parse('1969-12-31T23:00:00Z'), 0)).toBe(23 * 3_600_000);
  });

  it('splits a span at local midnights pro rata by time, including 29 February', () => {
    expect(
      splitByLocalDate(Date.parse('2024-02-28T22:00:00Z'), Date.parse('2024-03-01T02:00:00Z'), 3600),
    ).toEqual([
      ['2024-02-28', 1 / 28],
      ['2024-02-29', 24 / 28],
      ['2024-03-01', 3 / 28],
    ]);
    expect(
      splitByLocalDate(Date.parse('2026-03-10T22:00:00Z'), Date.parse('2026-03-10T22:00:00Z'), 0),
    ).toEqual([['2026-03-10', 1]]);
  });
});
