import { addPeriod, alignRows } from '../align';
import { windowStart } from '../compile-query';

const day = (d: string) => `2025-03-${d}T00:00:00`;
const loc = ['body', 'queries', '0', 'align'];

describe('addPeriod', () => {
  it('does wall-clock arithmetic with month ends clamped', () => {
    expect(addPeriod('2025-03-31T00:00:00', { unit: 'month', value: 1 }, -1)).toBe('2025-02-28T00:00:00');
    expect(addPeriod('2024-02-29T00:00:00', { unit: 'year', value: 1 })).toBe('2025-02-28T00:00:00');
    expect(addPeriod('2025-03-29T23:00:00', { unit: 'hour', value: 2 })).toBe('2025-03-30T01:00:00');
    expect(addPeriod('2025-03-03T00:00:00', { unit: 'week', value: 2 })).toBe('2025-03-17T00:00:00');
  });
  it('window starts never leave year 1..', () => {
    expect(windowStart('2025-03-30', { unit: 'month', value: 1 })).toBe('2025-02-28T00:00:00');
    expect(windowStart('2025-04-13', { unit: 'week', value: 3 })).toBe('2025-03-24T00:00:00');
    expect(windowStart('2025-01-01', { unit: 'year', value: 100000 })).toBe('0001-01-01T00:00:00');
  });
});

describe('alignRows', () => {
  // Columns: [bucket, provider, value]; data on 03-01 (garmin 1) and 03-05 (garmin 5), 03-03 (oura 3).
  const rows = [
    [day('01'), 'garmin', 1],
    [day('03'), 'oura', 3],
    [day('05'), 'garmin', 5],
  ];
  const base = {
    rows,
    bucketColumn: 0,
    partitionColumns: [1],
    period: { unit: 'day' as const, value: 1 },
    first: day('01'),
    last: day('06'),
    width: 3,
  };
  const values = (out: unknown[][], provider: string) =>
    out.filter((r) => r[1] === provider).map((r) => r[2]);

  it('carry_backward takes the next bucket within max_age, per partition', () => {
    const out = alignRows({
      ...base,
      align: { mode: 'carry_backward', limit: { kind: 'period', loc, unit: 'day', value: 2 }, loc },
    });
    expect(values(out, 'garmin')).toEqual([1, null, 5, 5, 5, null]);
    expect(values(out, 'oura')).toEqual([3, 3, 3, null, null, null]);
  });

  it('carry_nearest takes the closest within span, the earlier on a tie', () => {
    const out = alignRows({
      ...base,
      align: { mode: 'carry_nearest', limit: { kind: 'period', loc, unit: 'day', value: 2 }, loc },
    });
    // garmin 03-02: 1 (1 day) vs 5 (3 days) → 1; 03-03: tie 2/2 → 1 (earlier); 03-04 → 5; 03-06 → 5.
    expect(values(out, 'garmin')).toEqual([1, 1, 1, 5, 5, 5]);
  });

  it('carry_forward without max_age is unbounded; an empty single partition becomes rows of nulls', () => {
    const out = alignRows({ ...base, align: { mode: 'carry_forward', limit: null, loc } });
    expect(values(out, 'oura')).toEqual([null, null, 3, 3, 3, 3]);
    const empty = alignRows({
      ...base,
      rows: [],
      partitionColumns: [],
      align: { mode: 'carry_forward', limit: null, loc },
    });
    expect(empty).toEqual(['01', '02', '03', '04', '05', '06'].map((d) => [day(d), null, null]));
  });

  it('refuses to fill more buckets than the limit', () => {
    expect(() =>
      alignRows({
        ...base,
        period: { unit: 'minute', value: 1 },
        first: '2000-01-01T00:00:00',
        last: '2025-01-01T00:00:00',
        align: { mode: 'carry_forward', limit: null, loc },
      }),
    ).toThrow(expect.objectContaining({ kind: 'validation' }));
  });
});
