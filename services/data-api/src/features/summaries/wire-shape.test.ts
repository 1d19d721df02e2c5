import {
  bool,
  date,
  dateTime,
  formatUtcDateTime,
  int,
  listOf,
  num,
  obj,
  oneOf,
  recordOf,
  renderShape,
  required,
  str,
  uuid,
} from './wire-shape';

describe('renderShape', () => {
  it('passes values that fit and nulls the rest', () => {
    expect(renderShape(num, 1.5)).toBe(1.5);
    expect(renderShape(num, Number.NaN)).toBeNull();
    expect(renderShape(num, '1')).toBeNull();
    expect(renderShape(int, 2)).toBe(2);
    expect(renderShape(int, 2.5)).toBeNull();
    expect(renderShape(str, '')).toBe('');
    expect(renderShape(bool, false)).toBe(false);
    expect(renderShape(bool, 0)).toBeNull();
    expect(renderShape(date, '2024-02-29')).toBe('2024-02-29');
    expect(renderShape(date, '2025-02-29')).toBeNull();
    expect(renderShape(uuid, '0E7C1A52-3F7D-4F0E-A1B4-6C2D9E8F7A10')).toBe(
      '0e7c1a52-3f7d-4f0e-a1b4-6c2d9e8f7a10',
    );
    expect(renderShape(uuid, 'x')).toBeNull();
    expect(renderShape(str, undefined)).toBeNull();
  });

  it('writes date-times with their offset, Z and no offset as +00:00', () => {
    expect(renderShape(dateTime, '2026-02-01T10:00:00+01:00')).toBe('2026-02-01T10:00:00+01:00');
    expect(renderShape(dateTime, '2026-02-01T10:00:00.5-0330')).toBe('2026-02-01T10:00:00.5-03:30');
    expect(renderShape(dateTime, '2026-02-01T10:00:00Z')).toBe('2026-02-01T10:00:00+00:00');
    expect(renderShape(dateTime, '2026-02-01T10:00:00')).toBe('2026-02-01T10:00:00+00:00');
    expect(renderShape(dateTime, new Date('2026-02-01T10:00:00.120Z'))).toBe('2026-02-01T10:00:00.120+00:00');
    expect(renderShape(dateTime, '2026-02-01')).toBeNull();
    expect(renderShape(dateTime, '2026-02-31T10:00:00Z')).toBeNull();
    expect(formatUtcDateTime(new Date('2026-02-01T10:00:00Z'))).toBe('2026-02-01T10:00:00+00:00');
  });

  it('maps enum values outside the list to the fallback', () => {
    expect(renderShape(oneOf(['a', 'b']), 'a')).toBe('a');
    expect(renderShape(oneOf(['a', 'b']), 'c')).toBeNull();
    expect(renderShape(oneOf([-1, 1, 2], -1), 7)).toBe(-1);
    expect(renderShape(oneOf([-1, 1, 2], -1), null)).toBeNull();
  });

  it('keeps listed members only, fills missing ones, and drops an object missing a required member', () => {
    const sport = obj({ id: required(int), name: required(str), note: str });
    expect(renderShape(sport, { id: 1, name: 'Run', extra: true })).toEqual({
      id: 1,
      name: 'Run',
      note: null,
    });
    expect(renderShape(sport, { name: 'Run' })).toBeNull();
    expect(renderShape(sport, [1])).toBeNull();
  });

  it('leaves out list items and record entries that do not fit', () => {
    expect(
      renderShape(listOf(obj({ date: required(date) })), [{ date: '2026-01-01' }, { date: 'x' }, 3]),
    ).toEqual([{ date: '2026-01-01' }]);
    expect(renderShape(listOf(int), 'nope')).toBeNull();
    expect(renderShape(recordOf(num), { a: 1, b: 'x' })).toEqual({ a: 1 });
    expect(renderShape(recordOf(num), [1])).toBeNull();
  });
});
