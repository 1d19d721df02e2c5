import { isBoundBefore, readRangeBound, type RangeBound } from './range-bound';

const bound = (text: string, side: 'start' | 'end' = 'start') => readRangeBound(text, side) as RangeBound;

describe('range bounds (start_date / end_date)', () => {
  it('reads a date-only start as 00:00:00 and a date-only end as 23:59:59, inclusive, in UTC', () => {
    expect(bound('2026-02-01', 'start')).toEqual({
      date: '2026-02-01',
      dateOnly: true,
      ms: Date.parse('2026-02-01T00:00:00Z'),
      us: 0,
    });
    expect(bound('2026-02-01', 'end')).toEqual({
      date: '2026-02-01',
      dateOnly: true,
      ms: Date.parse('2026-02-01T23:59:59.999Z'),
      us: 999,
    });
    expect(bound('2024-02-29', 'end').date).toBe('2024-02-29');
  });

  it('reads a date-time in its offset, keeping the date as written; no offset is UTC', () => {
    expect(bound('2026-02-01T23:30:00-05:00')).toEqual({
      date: '2026-02-01',
      dateOnly: false,
      ms: Date.parse('2026-02-02T04:30:00Z'),
      us: 0,
    });
    expect(bound('2026-02-01T10:00').ms).toBe(Date.parse('2026-02-01T10:00:00Z'));
    expect(bound('2026-02-01 10:00:00.0000015Z')).toMatchObject({
      ms: Date.parse('2026-02-01T10:00:00Z'),
      us: 1,
    });
  });

  it('reads a space before the offset as the + a query string lost', () => {
    expect(bound('2026-02-01T10:00:00 01:00').ms).toBe(Date.parse('2026-02-01T09:00:00Z'));
  });

  it.each([
    ['2023-02-29', 'date_parsing'],
    ['0000-01-01', 'date_parsing'],
    ['2026-3-1', 'date_parsing'],
    ['', 'date_parsing'],
    ['yesterday', 'date_parsing'],
    ['2026-03-01T24:00:00', 'datetime_parsing'],
    ['2026-03-01T10:00:00+24:00', 'datetime_parsing'],
    ['2026-03-01T10', 'datetime_parsing'],
    ['10:00', 'datetime_parsing'],
  ])('refuses %p as a %s problem', (text, type) => {
    expect(readRangeBound(text, 'start')).toMatchObject({ type, error: expect.any(String) });
  });

  it('orders bounds to the microsecond', () => {
    expect(isBoundBefore(bound('2026-02-01', 'end'), bound('2026-02-02'))).toBe(true);
    expect(isBoundBefore(bound('2026-02-01T23:59:59.999999Z'), bound('2026-02-01', 'end'))).toBe(false);
    expect(isBoundBefore(bound('2026-02-01T23:59:59.999998Z'), bound('2026-02-01', 'end'))).toBe(true);
  });
});
