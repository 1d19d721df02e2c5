import { addDays, localDate, localMinuteOfDay, offsetSeconds, weekday, zonedInstant } from './zoned-time';

describe('zoned time', () => {
  it('reads offsets on both sides of a DST change', () => {
    expect(offsetSeconds(Date.parse('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(-5 * 3600);
    expect(offsetSeconds(Date.parse('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * 3600);
    expect(offsetSeconds(Date.parse('2026-10-25T00:59:00Z'), 'Europe/Berlin')).toBe(2 * 3600);
    expect(offsetSeconds(Date.parse('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe(3600);
    expect(offsetSeconds(Date.parse('2026-06-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(5 * 3600 + 45 * 60);
  });

  it('turns local wall times into instants, including across DST', () => {
    expect(new Date(zonedInstant('2026-03-08', 0, 'America/New_York')).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-09', 0, 'America/New_York')).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(new Date(zonedInstant('2026-03-08', 23 * 60, 'America/New_York')).toISOString()).toBe(
      '2026-03-09T03:00:00.000Z',
    );
    // 02:30 does not exist on the spring-forward night: it reads as 03:30 EDT.
    expect(new Date(zonedInstant('2026-03-08', 150, 'America/New_York')).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // Minutes past 24 h roll into the next day.
    expect(zonedInstant('2026-06-01', 24 * 60 + 30, 'UTC')).toBe(Date.parse('2026-06-02T00:30:00Z'));
  });

  it('gives local dates, minutes of day and weekdays', () => {
    const t = Date.parse('2026-06-01T23:30:00Z');
    expect(localDate(t, 'UTC')).toBe('2026-06-01');
    expect(localDate(t, 'Europe/Berlin')).toBe('2026-06-02');
    expect(localMinuteOfDay(t, 'Europe/Berlin')).toBe(90);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(weekday('2026-11-23')).toBe(1);
  });
});
