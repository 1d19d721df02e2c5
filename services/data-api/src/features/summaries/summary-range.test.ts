import { ValidationError } from '@meridian/domain';
import { calendarDateRange, parseRangeBound } from './summary-range';

describe('parseRangeBound', () => {
  it('reads a date as 00:00:00 at the start and 23:59:59(.999) at the end', () => {
    expect(parseRangeBound('2026-02-01', 'start')).toEqual({
      date: '2026-02-01',
      instant: Date.parse('2026-02-01T00:00:00Z'),
    });
    expect(parseRangeBound('2026-02-01', 'end')).toEqual({
      date: '2026-02-01',
      instant: Date.parse('2026-02-01T23:59:59.999Z'),
    });
  });

  it('keeps the date as written and the instant of the offset; no offset is UTC', () => {
    expect(parseRangeBound('2026-02-01T23:30:00-05:00', 'start')).toEqual({
      date: '2026-02-01',
      instant: Date.parse('2026-02-02T04:30:00Z'),
    });
    expect(parseRangeBound('2026-02-01T10:00', 'start')?.instant).toBe(Date.parse('2026-02-01T10:00:00Z'));
    expect(parseRangeBound('2026-02-01T10:00:00.25Z', 'start')?.instant).toBe(
      Date.parse('2026-02-01T10:00:00.250Z'),
    );
    expect(parseRangeBound('2026-02-01T10:00:00+0130', 'start')?.instant).toBe(
      Date.parse('2026-02-01T08:30:00Z'),
    );
    expect(parseRangeBound('2026-02-01T10:00:00 01:00', 'start')?.instant).toBe(
      Date.parse('2026-02-01T09:00:00Z'),
    );
  });

  it('reads the grammar the timeseries reads and ingestion read (one time module)', () => {
    // Once refused here but accepted by the timeseries reads: a space separator, ±HH offsets, a comma.
    expect(parseRangeBound('2026-02-01 10:00:00', 'start')?.instant).toBe(Date.parse('2026-02-01T10:00:00Z'));
    expect(parseRangeBound('2026-02-01T10:00:00-03', 'start')?.instant).toBe(
      Date.parse('2026-02-01T13:00:00Z'),
    );
    expect(parseRangeBound('2026-02-01T10:00:00,5Z', 'start')?.instant).toBe(
      Date.parse('2026-02-01T10:00:00.500Z'),
    );
    expect(parseRangeBound('0050-06-01', 'start')?.date).toBe('0050-06-01');
  });

  it.each([
    '',
    'yesterday',
    '2026-2-01',
    '2026-02-30',
    '2026-13-01',
    '2026-02-01T24:00:00Z',
    '2026-02-01T10:60:00Z',
    '2026-02-01T10:00:00+24:00',
    '2026-02-01T10:00:00Zjunk',
    '0000-01-01',
  ])('refuses %p', (value) => {
    expect(parseRangeBound(value, 'start')).toBeUndefined();
  });
});

describe('calendarDateRange', () => {
  const issues = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      return (e as ValidationError).issues.map((i) => [i.loc.join('.'), i.type]);
    }
    throw new Error('expected a ValidationError');
  };

  it('gives the inclusive calendar dates; no end means no upper bound', () => {
    expect(calendarDateRange('2026-02-01', '2026-02-03')).toEqual({ from: '2026-02-01', to: '2026-02-03' });
    expect(calendarDateRange('2026-02-01', undefined)).toEqual({ from: '2026-02-01', to: null });
    expect(calendarDateRange('2026-02-01', '')).toEqual({ from: '2026-02-01', to: null });
  });

  it('reports every unparsable bound at once', () => {
    expect(issues(() => calendarDateRange('x', 'y'))).toEqual([
      ['query.start_date', 'datetime_parsing'],
      ['query.end_date', 'datetime_parsing'],
    ]);
    expect(issues(() => calendarDateRange(['2026-02-01'], undefined))).toEqual([
      ['query.start_date', 'datetime_parsing'],
    ]);
  });

  it('refuses an end before the start, comparing instants', () => {
    expect(issues(() => calendarDateRange('2026-02-02', '2026-02-01'))).toEqual([
      ['query.end_date', 'value_error'],
    ]);
    expect(calendarDateRange('2026-02-01T23:00:00Z', '2026-02-01')).toEqual({
      from: '2026-02-01',
      to: '2026-02-01',
    });
    expect(issues(() => calendarDateRange('2026-02-01T10:00:00+00:00', '2026-02-01T10:30:00+01:00'))).toEqual(
      [['query.end_date', 'value_error']],
    );
  });
});
