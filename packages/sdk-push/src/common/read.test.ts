import { parseIsoDateTime } from '@meridian/domain';
import { Issues } from './issues';
import { RecordReader } from './read';

/** What `instant` read before its fast path: the domain grammar's reader, offsets other than `Z` kept. */
function expected(text: string) {
  const parsed = text.length <= 64 ? parseIsoDateTime(text) : null;
  if (parsed === null) return null;
  const utc = text.endsWith('Z') || text.endsWith('z');
  return {
    ms: parsed.ms,
    writtenOffset: parsed.offsetMinutes === null || utc ? null : parsed.offsetMinutes * 60,
    text,
  };
}

function read(text: unknown) {
  const issues = new Issues();
  const got = new RecordReader({ at: text }, ['r'], issues).instant('at', { required: true });
  return { got, issues: issues.list };
}

describe('RecordReader.instant', () => {
  const texts = [
    '2026-05-01T07:00:00.000+02:00',
    '2026-05-01T07:00:00+02:00',
    '2026-05-01T07:00:00-09:30',
    '2026-05-01T07:00:00.123456789-00:00',
    '2026-05-01T07:00:00.5+05:45',
    '2026-05-01T07:00+01:00',
    '2026-05-01 07:00:00,25+01:00',
    '2026-05-01t07:00:00Z',
    '2026-05-01T07:00:00.999Z',
    '2026-05-01T07:00:00z',
    '2026-05-01T07:00:00+0200',
    '2026-05-01T07:00:00+02',
    '2026-05-01T07:00:00',
    '2024-02-29T23:59:59.999+14:00',
    '0001-01-01T00:00:00+23:59',
    // Refused: out of range or not the grammar.
    '2025-02-29T00:00:00+01:00',
    '2026-13-01T00:00:00Z',
    '2026-05-01T24:00:00+01:00',
    '2026-05-01T07:00:60+01:00',
    '2026-05-01T07:00:00+24:00',
    '2026-05-01T07:00:00+01:60',
    '2026-05-01T07:00:00+1:000',
    '2026-05-01T07:00:00.+01:00',
    '2026-05-01X07:00:00+01:00',
    '2026-5-01T07:00:00Z',
    'x026-05-01T07:00:00Z',
    '2026-05-01T07:00:00 +01:00',
    '+01:00',
    'Z',
    '',
    `2026-05-01T07:00:00.${'1'.repeat(60)}+01:00`,
  ];

  it.each(texts)('reads %j as the domain grammar does', (text) => {
    const { got, issues } = read(text);
    const want = expected(text);
    expect(got).toEqual(want);
    if (want === null) {
      expect(issues.map((i) => [i.loc, i.type])).toEqual([[['r', 'at'], 'datetime_parsing']]);
    } else {
      expect(issues).toEqual([]);
    }
  });

  it('refuses what is not text, and reports an absent required instant as missing', () => {
    expect(read(1_700_000_000_000).issues.map((i) => i.type)).toEqual(['datetime_parsing']);
    expect(read(null).issues.map((i) => i.type)).toEqual(['missing']);
  });
});
