import { parseDateTime } from './parse-date-time';

describe('parseDateTime', () => {
  it('reads offsets, Z, and no offset as UTC', () => {
    expect(parseDateTime('2026-03-01T08:00:00+01:00')).toBe(Date.parse('2026-03-01T07:00:00Z'));
    expect(parseDateTime('2026-03-01T08:00:00.250Z')).toBe(Date.parse('2026-03-01T08:00:00.250Z'));
    expect(parseDateTime('2026-03-01T08:00')).toBe(Date.parse('2026-03-01T08:00:00Z'));
    expect(parseDateTime('2026-03-01T08:00:00-0530')).toBe(Date.parse('2026-03-01T13:30:00Z'));
  });

  it('refuses what is not a date-time', () => {
    for (const bad of [
      '2026-03-01',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      'yesterday',
      '2026-03-01T24:00:00Z',
    ]) {
      expect(parseDateTime(bad)).toBeNull();
    }
  });
});
