import { ValidationError } from '@meridian/domain';
import { createCursorCodec } from '@meridian/platform';
import {
  encodeCursor,
  instantOfMicros,
  isoMicros,
  parseCursor,
  parseTimeRange,
  timeseriesCursorScope,
  type Instant,
} from './timeseries-params';

const iso = (i: Instant | null) => (i ? isoMicros(i) : null);
const range = (start: string, end?: string) => {
  const r = parseTimeRange(start, end);
  return [iso(r.start), iso(r.end)];
};
const issueOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).issues;
  }
  throw new Error('expected a ValidationError');
};

describe('parseTimeRange', () => {
  it('date-only: start at 00:00:00, end through 23:59:59.999999 UTC', () => {
    expect(range('2026-03-01', '2026-03-02')).toEqual([
      '2026-03-01T00:00:00.000000Z',
      '2026-03-02T23:59:59.999999Z',
    ]);
    expect(range('2026-03-01')).toEqual(['2026-03-01T00:00:00.000000Z', null]);
    expect(range('2026-03-01', '')).toEqual(['2026-03-01T00:00:00.000000Z', null]);
  });

  it('date-times: no offset = UTC, offsets applied, fractions to the microsecond', () => {
    expect(range('2026-03-01T08:00', '2026-03-01T08:00:00.1234567')).toEqual([
      '2026-03-01T08:00:00.000000Z',
      '2026-03-01T08:00:00.123456Z',
    ]);
    expect(range('2026-03-01T08:00:00+01:00', '2026-03-01T08:00:00-0230')).toEqual([
      '2026-03-01T07:00:00.000000Z',
      '2026-03-01T10:30:00.000000Z',
    ]);
    expect(range('2026-03-01 08:00:00Z')).toEqual(['2026-03-01T08:00:00.000000Z', null]);
  });

  it('leap days and early years', () => {
    expect(range('2024-02-29')).toEqual(['2024-02-29T00:00:00.000000Z', null]);
    expect(range('0050-06-01')).toEqual(['0050-06-01T00:00:00.000000Z', null]);
  });

  it('clamps bounds that leave four-digit years', () => {
    expect(range('0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-01:00')).toEqual([
      '0001-01-01T00:00:00.000000Z',
      '9999-12-31T23:59:59.999999Z',
    ]);
  });

  it.each([
    ['2023-02-29', 'date_parsing'],
    ['2026-00-10', 'date_parsing'],
    ['0000-01-01', 'date_parsing'],
    ['2026-3-1', 'date_parsing'],
    ['', 'date_parsing'],
    ['2026-03-01T24:00:00', 'datetime_parsing'],
    ['2026-03-01T10:60', 'datetime_parsing'],
    ['2026-03-01T10:00:00+24:00', 'datetime_parsing'],
    ['2026-03-01T10', 'datetime_parsing'],
  ])('%s is a %s issue at start_date', (raw, type) => {
    const issues = issueOf(() => parseTimeRange(raw, undefined));
    expect(issues).toEqual([
      {
        loc: ['query', 'start_date'],
        msg: expect.any(String),
        type,
        input: raw,
        ctx: { error: expect.any(String) },
      },
    ]);
  });

  it('reports both bounds at once', () => {
    const issues = issueOf(() => parseTimeRange('x', 'y'));
    expect(issues.map((i) => i.loc[1])).toEqual(['start_date', 'end_date']);
  });

  it('end before start is a value_error at end_date; equal bounds are fine', () => {
    const issues = issueOf(() => parseTimeRange('2026-03-01T10:00:00Z', '2026-03-01T09:59:59.999999Z'));
    expect(issues[0]).toMatchObject({ loc: ['query', 'end_date'], type: 'value_error' });
    expect(range('2026-03-01T10:00:00Z', '2026-03-01T11:00:00+01:00')).toEqual([
      '2026-03-01T10:00:00.000000Z',
      '2026-03-01T10:00:00.000000Z',
    ]);
  });
});

describe('cursors', () => {
  const key = [Date.parse('2026-03-01T08:00:00Z') * 1000 + 17, 'oura', 'ring', ''] as [
    number,
    string,
    string,
    string,
  ];

  const cursors = createCursorCodec(Buffer.alloc(32, 7));
  const scope = timeseriesCursorScope(
    { teamId: '7f0c4a52-0a3e-4d3c-9b1e-2a7c6f1d0e11', environment: 'sandbox' },
    'a1b2c3d4-0000-4000-8000-000000000001',
    'heartrate',
  );
  const plain = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('round-trip as opaque base64url that shows nothing of the position', () => {
    const cursor = encodeCursor(cursors, scope, key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain('oura');
    expect(parseCursor(cursors, scope, cursor, undefined)).toEqual(key);
    expect(parseCursor(cursors, scope, undefined, cursor)).toEqual(key);
  });

  it('next_cursor wins over cursor; empty means the first page', () => {
    const other = encodeCursor(cursors, scope, [1, 'garmin', 'watch', '']);
    expect(parseCursor(cursors, scope, encodeCursor(cursors, scope, key), other)).toEqual(key);
    expect(parseCursor(cursors, scope, '', encodeCursor(cursors, scope, key))).toEqual(key);
    expect(parseCursor(cursors, scope, undefined, undefined)).toBeNull();
    expect(parseCursor(cursors, scope, '', '')).toBeNull();
  });

  it.each([
    ['next_cursor', '***'],
    // The former plain base64url form of a valid position no longer opens.
    ['next_cursor', plain(key)],
    ['next_cursor', plain([1, 'a', 'b'])],
    ['cursor', plain([1, 'a', 'b', null])],
  ])('a %s this deployment did not seal (%s) is a value_error there', (name, raw) => {
    const issues = issueOf(() =>
      name === 'cursor'
        ? parseCursor(cursors, scope, undefined, raw)
        : parseCursor(cursors, scope, raw, undefined),
    );
    expect(issues).toEqual([
      {
        loc: ['query', name],
        msg: 'Value error, invalid cursor',
        type: 'value_error',
        input: raw,
        ctx: { error: 'invalid cursor' },
      },
    ]);
  });

  it('a cursor of another read, user, team environment or deployment does not open', () => {
    const cursor = encodeCursor(cursors, scope, key);
    const team = { teamId: '7f0c4a52-0a3e-4d3c-9b1e-2a7c6f1d0e11', environment: 'sandbox' } as const;
    const user = 'a1b2c3d4-0000-4000-8000-000000000001';
    const others = [
      timeseriesCursorScope(team, user, 'steps'),
      timeseriesCursorScope(team, 'a1b2c3d4-0000-4000-8000-000000000002', 'heartrate'),
      timeseriesCursorScope({ ...team, environment: 'production' }, user, 'heartrate'),
      timeseriesCursorScope({ ...team, teamId: '7f0c4a52-0a3e-4d3c-9b1e-2a7c6f1d0e12' }, user, 'heartrate'),
    ];
    for (const other of others) {
      expect(issueOf(() => parseCursor(cursors, other, cursor, undefined))[0]?.loc).toEqual([
        'query',
        'next_cursor',
      ]);
    }
    const elsewhere = createCursorCodec(Buffer.alloc(32, 8));
    expect(issueOf(() => parseCursor(elsewhere, scope, cursor, undefined))).toHaveLength(1);
  });

  it('microsecond keys map back to exact instants', () => {
    expect(isoMicros(instantOfMicros(key[0]))).toBe('2026-03-01T08:00:00.000017Z');
    expect(isoMicros(instantOfMicros(-1))).toBe('1969-12-31T23:59:59.999999Z');
  });
});
