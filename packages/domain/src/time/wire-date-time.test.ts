import { formatOffset, formatWireDateTime } from './wire-date-time';

describe('wire date-times', () => {
  it('writes the local time in the given offset, UTC as +00:00, milliseconds only when there are some', () => {
    const ms = Date.parse('2026-03-01T07:00:00Z');
    expect(formatWireDateTime(ms, 3600)).toBe('2026-03-01T08:00:00+01:00');
    expect(formatWireDateTime(ms)).toBe('2026-03-01T07:00:00+00:00');
    expect(formatWireDateTime(ms, null)).toBe('2026-03-01T07:00:00+00:00');
    expect(formatWireDateTime(new Date(ms + 120), -19800)).toBe('2026-03-01T01:30:00.120-05:30');
    expect(formatWireDateTime(Date.parse('2024-02-29T23:30:00Z'), 3600)).toBe('2024-03-01T00:30:00+01:00');
    expect(formatWireDateTime(Date.parse('1969-12-31T23:59:59.5Z'))).toBe('1969-12-31T23:59:59.500+00:00');
  });

  it('rounds offsets to the minute and refuses invalid instants', () => {
    expect(formatWireDateTime(0, 3629)).toBe('1970-01-01T01:00:00+01:00');
    expect(formatOffset(-345)).toBe('-05:45');
    expect(() => formatWireDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
