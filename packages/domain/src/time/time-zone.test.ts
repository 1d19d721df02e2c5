import { instantOfWallTime, isIanaTimeZone, localDateInZone, zoneOffsetSeconds } from './time-zone';

const at = (iso: string) => Date.parse(iso);
const wall = (local: string) => Date.parse(`${local}Z`);
const iso = (ms: number) => new Date(ms).toISOString();

/** The offset straight from Intl, without Luxon or memo: the reference the module must agree with. */
const formats = new Map<string, Intl.DateTimeFormat>();
function intlOffsetSeconds(zone: string, ms: number): number {
  const whole = Math.floor(ms / 1000) * 1000;
  const parts: Record<string, number> = {};
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  for (const p of format.formatToParts(new Date(whole)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - whole) / 1000);
}

describe('IANA time zones', () => {
  it('accepts tz database ids and known links, not abbreviations or junk', () => {
    for (const id of [
      'Europe/Berlin',
      'America/Argentina/Buenos_Aires',
      'UTC',
      'GMT',
      'US/Pacific',
      'Etc/GMT+5',
    ]) {
      expect(isIanaTimeZone(id)).toBe(true);
    }
    for (const id of ['EST', 'CET', 'Mars/Olympus', 'europe/berlin ', '', '+01:00']) {
      expect(isIanaTimeZone(id)).toBe(false);
    }
  });

  it('follows DST: Europe/Berlin springs forward at 01:00 UTC on 2026-03-29 and falls back on 2026-10-25', () => {
    expect(zoneOffsetSeconds('Europe/Berlin', at('2026-03-29T00:59:59.999Z'))).toBe(3600);
    expect(zoneOffsetSeconds('Europe/Berlin', at('2026-03-29T01:00:00Z'))).toBe(7200);
    expect(zoneOffsetSeconds('Europe/Berlin', at('2026-10-25T00:59:59Z'))).toBe(7200);
    expect(zoneOffsetSeconds('Europe/Berlin', at('2026-10-25T01:00:00Z'))).toBe(3600);
    expect(zoneOffsetSeconds('America/New_York', at('2026-03-10T12:00:00Z'))).toBe(-14400);
    expect(zoneOffsetSeconds('Asia/Kolkata', at('2026-03-10T12:00:00Z'))).toBe(19800);
    expect(zoneOffsetSeconds('Asia/Kathmandu', at('2026-06-01T00:00:00Z'))).toBe(20700);
  });

  it('is exact at a change that is not on a quarter hour (St. John’s changed at 00:01 local until 2011)', () => {
    expect(zoneOffsetSeconds('America/St_Johns', at('2010-03-14T03:30:59Z'))).toBe(-12600);
    expect(zoneOffsetSeconds('America/St_Johns', at('2010-03-14T03:31:00Z'))).toBe(-9000);
  });

  it('agrees with Intl at every hour of a year in zones with DST, half-hour and 45-minute offsets', () => {
    let checked = 0;
    for (const zone of [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'America/St_Johns',
    ]) {
      for (let ms = at('2025-12-31T00:00:00Z'); ms < at('2027-01-01T00:00:00Z'); ms += 3_600_000 + 61_000) {
        if (zoneOffsetSeconds(zone, ms) !== intlOffsetSeconds(zone, ms)) {
          expect([zone, iso(ms), zoneOffsetSeconds(zone, ms)]).toEqual([
            zone,
            iso(ms),
            intlOffsetSeconds(zone, ms),
          ]);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40_000);
  });

  it('refuses an unknown zone', () => {
    expect(() => zoneOffsetSeconds('Mars/Olympus', 0)).toThrow(RangeError);
  });

  it('gives local dates in a zone', () => {
    expect(localDateInZone(at('2026-06-01T23:30:00Z'), 'Europe/Berlin')).toBe('2026-06-02');
    expect(localDateInZone(at('2026-06-01T23:30:00Z'), 'UTC')).toBe('2026-06-01');
    expect(localDateInZone(at('2026-06-01T03:30:00Z'), 'America/Los_Angeles')).toBe('2026-05-31');
  });
});

describe('local wall times to instants', () => {
  it('reads ordinary wall times with the offset in force', () => {
    expect(iso(instantOfWallTime(wall('2026-03-08T00:00:00'), 'America/New_York'))).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(iso(instantOfWallTime(wall('2026-03-08T23:00:00'), 'America/New_York'))).toBe(
      '2026-03-09T03:00:00.000Z',
    );
    expect(iso(instantOfWallTime(wall('2026-07-01T12:00:00'), 'Asia/Kolkata'))).toBe(
      '2026-07-01T06:30:00.000Z',
    );
  });

  it('moves a wall time in a DST gap forward by the gap', () => {
    // 02:30 does not exist on the spring-forward night: it reads as 03:30 EDT / 03:30 CEST.
    expect(iso(instantOfWallTime(wall('2026-03-08T02:30:00'), 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(iso(instantOfWallTime(wall('2026-03-29T02:30:00'), 'Europe/Berlin'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    // Lord Howe moves by 30 minutes.
    expect(iso(instantOfWallTime(wall('2026-10-04T02:15:00'), 'Australia/Lord_Howe'))).toBe(
      '2026-10-03T15:45:00.000Z',
    );
  });

  it('takes the first occurrence of a wall time in a DST overlap, west and east of UTC', () => {
    expect(iso(instantOfWallTime(wall('2026-11-01T01:30:00'), 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(iso(instantOfWallTime(wall('2026-10-25T02:30:00'), 'Europe/Berlin'))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // Just after the overlap, only the new offset applies.
    expect(iso(instantOfWallTime(wall('2026-10-25T03:00:00'), 'Europe/Berlin'))).toBe(
      '2026-10-25T02:00:00.000Z',
    );
  });

  it('round-trips every quarter hour of a year where the wall time exists once', () => {
    const zone = 'Europe/Berlin';
    for (let ms = at('2026-01-01T00:00:00Z'); ms < at('2027-01-01T00:00:00Z'); ms += 900_000) {
      const local = ms + zoneOffsetSeconds(zone, ms) * 1000;
      const back = instantOfWallTime(local, zone);
      const inOverlap = zoneOffsetSeconds(zone, ms - 3_600_000) !== zoneOffsetSeconds(zone, ms + 3_600_000);
      if (!inOverlap) expect(iso(back)).toBe(iso(ms));
    }
  });
});
