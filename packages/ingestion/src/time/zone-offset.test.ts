import { localOffset } from './local-offset';
import { createZoneOffsets, zoneOffsetSeconds } from './zone-offset';

describe('zone offsets', () => {
  it('follows DST: Europe/Berlin springs forward at 01:00 UTC on 2026-03-29', () => {
    expect(zoneOffsetSeconds('Europe/Berlin', Date.parse('2026-03-29T00:59:59Z'))).toBe(3600);
    expect(zoneOffsetSeconds('Europe/Berlin', Date.parse('2026-03-29T01:00:00Z'))).toBe(7200);
    expect(zoneOffsetSeconds('America/New_York', Date.parse('2026-03-10T12:00:00Z'))).toBe(-14400);
    expect(zoneOffsetSeconds('Asia/Kolkata', Date.parse('2026-03-10T12:00:00Z'))).toBe(19800);
  });

  it('memoises without crossing a transition', () => {
    const offsets = createZoneOffsets();
    expect(offsets('Europe/Berlin', Date.parse('2026-03-29T00:50:00Z'))).toBe(3600);
    expect(offsets('Europe/Berlin', Date.parse('2026-03-29T01:05:00Z'))).toBe(7200);
  });

  it('dates data by its own offset, else its zone, else the fallback, else UTC', () => {
    const offsets = createZoneOffsets();
    const ms = Date.parse('2026-07-01T12:00:00Z');
    expect(localOffset(ms, { offset: -3600, zone: 'Asia/Tokyo', fallbackZone: 'UTC' }, offsets)).toEqual({
      offset: -3600,
      zone: null,
      known: true,
    });
    expect(
      localOffset(ms, { offset: null, zone: 'Asia/Tokyo', fallbackZone: 'Europe/Berlin' }, offsets),
    ).toEqual({
      offset: 32400,
      zone: 'Asia/Tokyo',
      known: true,
    });
    expect(localOffset(ms, { offset: null, zone: null, fallbackZone: 'Europe/Berlin' }, offsets).offset).toBe(
      7200,
    );
    expect(localOffset(ms, { offset: null, zone: null, fallbackZone: null }, offsets)).toEqual({
      offset: 0,
      zone: null,
      known: false,
    });
  });
});
