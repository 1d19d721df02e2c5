import { formatHl7Date, formatHl7DateTime, parseHl7Date, parseHl7DateTime } from './datetime';

describe('HL7 date/times', () => {
  it('reads a DTM with an offset in that offset', () => {
    expect(parseHl7DateTime('20261120143000-0500', 'UTC')).toEqual({
      ms: Date.parse('2026-11-20T19:30:00Z'),
      iso: '2026-11-20T14:30:00-05:00',
    });
    expect(parseHl7DateTime('20261120143000.25+0130', 'UTC')?.iso).toBe('2026-11-20T14:30:00.250+01:30');
  });

  it('reads a DTM without an offset as a wall time of the lab zone (DST included)', () => {
    expect(parseHl7DateTime('202607011200', 'America/New_York')?.iso).toBe('2026-07-01T12:00:00-04:00');
    expect(parseHl7DateTime('202601011200', 'America/New_York')?.iso).toBe('2026-01-01T12:00:00-05:00');
    expect(parseHl7DateTime('2026', 'UTC')?.iso).toBe('2026-01-01T00:00:00+00:00');
  });

  it('is empty-tolerant and strict on garbage', () => {
    expect(parseHl7DateTime('', 'UTC')).toBeNull();
    for (const bad of [
      '2026-11-20',
      '20261340',
      '20260230',
      '2026112025',
      '20261120143000+2500',
      'yesterday',
    ]) {
      expect([bad, parseHl7DateTime(bad, 'UTC')]).toEqual([bad, undefined]);
    }
  });

  it('reads and writes dates', () => {
    expect(parseHl7Date('19850412')).toBe('1985-04-12');
    expect(parseHl7Date('198504121200')).toBe('1985-04-12');
    expect(parseHl7Date('')).toBeNull();
    expect(parseHl7Date('19850230')).toBeUndefined();
    expect(formatHl7Date('1985-04-12')).toBe('19850412');
    expect(() => formatHl7Date('1985-02-30')).toThrow(RangeError);
    expect(formatHl7DateTime(new Date('2026-11-20T14:30:05.123Z'))).toBe('20261120143005+0000');
  });
});
