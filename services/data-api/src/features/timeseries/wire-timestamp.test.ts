import { formatWireDateTime } from '@meridian/domain';
import { JsonBytes } from './json-bytes';
import { formatWireTimestamp, writeWireTimestamp } from './wire-timestamp';

/** The straightforward rendering the fast formatter must match. */
function reference(ms: number, offsetSeconds: number | null): string {
  const minutes = Math.round((offsetSeconds ?? 0) / 60);
  const local = new Date(ms + minutes * 60_000).toISOString();
  const base = local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${base}${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
}

describe('formatWireTimestamp', () => {
  it('renders in the sample offset, UTC as +00:00', () => {
    const us = Date.parse('2026-03-01T07:00:00Z') * 1000;
    expect(formatWireTimestamp(us, 3600)).toBe('2026-03-01T08:00:00+01:00');
    expect(formatWireTimestamp(us, null)).toBe('2026-03-01T07:00:00+00:00');
    expect(formatWireTimestamp(us, 0)).toBe('2026-03-01T07:00:00+00:00');
    expect(formatWireTimestamp(us, -16_200)).toBe('2026-03-01T02:30:00-04:30');
    expect(formatWireTimestamp(us, 20_700)).toBe('2026-03-01T12:45:00+05:45');
  });

  it('writes milliseconds only when present and drops microseconds', () => {
    const ms = Date.parse('2026-03-01T07:00:00.250Z');
    expect(formatWireTimestamp(ms * 1000 + 999, null)).toBe('2026-03-01T07:00:00.250+00:00');
    expect(formatWireTimestamp(Date.parse('2026-03-01T07:00:00Z') * 1000 + 999, null)).toBe(
      '2026-03-01T07:00:00+00:00',
    );
  });

  it('crosses day, month, year and leap-day boundaries with the offset', () => {
    expect(formatWireTimestamp(Date.parse('2024-02-28T23:30:00Z') * 1000, 3600)).toBe(
      '2024-02-29T00:30:00+01:00',
    );
    expect(formatWireTimestamp(Date.parse('2026-01-01T00:30:00Z') * 1000, -3600)).toBe(
      '2025-12-31T23:30:00-01:00',
    );
    expect(formatWireTimestamp(Date.parse('1969-12-31T23:59:59.500Z') * 1000, null)).toBe(
      '1969-12-31T23:59:59.500+00:00',
    );
  });

  it('rounds an offset with seconds to the minute, keeping the instant', () => {
    expect(formatWireTimestamp(Date.parse('2026-03-01T07:00:00Z') * 1000, 3629)).toBe(
      '2026-03-01T08:00:00+01:00',
    );
  });

  it('matches the Date-based rendering across many instants and offsets', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const offsets = [null, 0, 3600, -3600, 19_800, -34_200, 50_400, -43_200, 31];
    for (let i = 0; i < 5000; i++) {
      const ms = Math.floor(random() * 8_000_000_000_000) - 1_000_000_000_000;
      const fraction = i % 3 === 0 ? 0 : Math.floor(random() * 1000);
      const offset = offsets[i % offsets.length]!;
      const at = ms - (ms % 1000) + fraction;
      expect(formatWireTimestamp(at * 1000, offset)).toBe(reference(at, offset));
    }
  });

  it('writes the time module’s bytes (writeWireTimestamp), day after day and offset after offset', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const offsets = [null, 0, 3600, -3600, 19_800, -34_200, 50_400, -43_200, 31, -59, 3629];
    const out = new JsonBytes(16);
    const expected: string[] = [];
    let at = Date.parse('2023-12-31T22:00:00Z');
    for (let i = 0; i < 5000; i++) {
      // Runs of close instants (a page) and jumps across days, years and the epoch.
      at = i % 500 === 0 ? Math.floor(random() * 8e12) - 1e12 : at + Math.floor(random() * 4) * 60_000;
      const ms = i % 4 === 0 ? at + Math.floor(random() * 1000) : at;
      const us = ms * 1000 + (i % 5);
      const offset = offsets[i % offsets.length]!;
      if (i > 0) out.byte(0x2c);
      writeWireTimestamp(out, us, offset);
      expected.push(formatWireDateTime(ms, offset));
    }
    expect(out.content().toString('latin1')).toBe(expected.join(','));
    expect(() => writeWireTimestamp(out, Number.NaN, 0)).toThrow(RangeError);
  });
});
