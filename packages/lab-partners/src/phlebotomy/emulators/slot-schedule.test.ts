import { slotsOfDay } from './slot-schedule';

const iso = (ms: number) => new Date(ms).toISOString();

describe('slotsOfDay', () => {
  it('lays slots out in local wall time of the zone, DST included', () => {
    // New York: EDT (UTC-4) on Saturday 31 October 2026, EST (UTC-5) from Sunday 1 November.
    expect(iso(slotsOfDay('10001', 'America/New_York', '2026-10-31')[0]!.startMs)).toBe(
      '2026-10-31T11:00:00.000Z',
    );
    expect(iso(slotsOfDay('10001', 'America/New_York', '2026-11-02')[0]!.startMs)).toBe(
      '2026-11-02T12:00:00.000Z',
    );
    // Phoenix keeps UTC-7 all year.
    expect(iso(slotsOfDay('85004', 'America/Phoenix', '2026-07-01')[0]!.startMs)).toBe(
      '2026-07-01T14:00:00.000Z',
    );
  });

  it('has no slots on Sundays and follows the configured hours', () => {
    expect(slotsOfDay('10001', 'America/New_York', '2026-11-01')).toEqual([]);
    const slots = slotsOfDay('10001', 'UTC', '2026-11-02', {
      firstHour: 8,
      lastHour: 10,
      slotMinutes: 30,
      capacity: 2,
    });
    expect(slots.map((s) => [iso(s.startMs), iso(s.endMs), s.capacity, s.isPriority, s.priceCents])).toEqual([
      ['2026-11-02T08:00:00.000Z', '2026-11-02T08:30:00.000Z', 2, true, 4900],
      ['2026-11-02T08:30:00.000Z', '2026-11-02T09:00:00.000Z', 2, false, 2900],
      ['2026-11-02T09:00:00.000Z', '2026-11-02T09:30:00.000Z', 2, false, 2900],
      ['2026-11-02T09:30:00.000Z', '2026-11-02T10:00:00.000Z', 2, false, 2900],
    ]);
  });

  it('derives capacities from zip, date and time: the same every time, different across areas', () => {
    const a = slotsOfDay('10001', 'America/New_York', '2026-11-03').map((s) => s.capacity);
    expect(slotsOfDay('10001', 'America/New_York', '2026-11-03').map((s) => s.capacity)).toEqual(a);
    for (const c of a) expect([0, 1, 2, 3]).toContain(c);
    const week = ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'].map((d) =>
      slotsOfDay('94103', 'America/Los_Angeles', d)
        .map((s) => s.capacity)
        .join(''),
    );
    expect(new Set(week).size).toBeGreaterThan(1);
  });
});
