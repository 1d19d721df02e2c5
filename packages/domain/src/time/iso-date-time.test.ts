import { isoDateTimeMs, parseIsoDateTime, readIsoDateTime } from './iso-date-time';

const ms = (iso: string) => Date.parse(iso);

describe('the ISO 8601 date-time grammar', () => {
  it.each([
    ['2026-03-01T08:00:00Z', '2026-03-01T08:00:00.000Z'],
    ['2026-03-01t08:00:00z', '2026-03-01T08:00:00.000Z'],
    ['2026-03-01 08:00:00Z', '2026-03-01T08:00:00.000Z'],
    ['2026-03-01T08:00', '2026-03-01T08:00:00.000Z'],
    ['2026-03-01T08:00:00', '2026-03-01T08:00:00.000Z'],
    ['2026-03-01T08:00:00+01:00', '2026-03-01T07:00:00.000Z'],
    ['2026-03-01T08:00:00+0100', '2026-03-01T07:00:00.000Z'],
    ['2026-03-01T08:00:00+01', '2026-03-01T07:00:00.000Z'],
    ['2026-03-01T08:00:00-05:30', '2026-03-01T13:30:00.000Z'],
    ['2026-03-01T08:00+05:45', '2026-03-01T02:15:00.000Z'],
    ['2026-03-01T08:00:00.25Z', '2026-03-01T08:00:00.250Z'],
    ['2026-03-01T08:00:00,25Z', '2026-03-01T08:00:00.250Z'],
    ['2026-03-01T08:00:00.123456789+00:00', '2026-03-01T08:00:00.123Z'],
    ['2026-03-01T00:30:00+23:59', '2026-02-28T00:31:00.000Z'],
  ])('reads %s', (text, instant) => {
    expect(isoDateTimeMs(text)).toBe(ms(instant));
  });

  it.each([
    ['2026-03-01', 'syntax'],
    ['yesterday', 'syntax'],
    ['', 'syntax'],
    ['2026-3-01T08:00:00Z', 'syntax'],
    ['20260301T080000Z', 'syntax'],
    ['2026-W10-1T08:00:00Z', 'syntax'],
    ['2026-060T08:00:00Z', 'syntax'],
    ['2026-03-01T08', 'syntax'],
    ['2026-03-01T08:00:00Zjunk', 'syntax'],
    ['2026-03-01T08:00:00.Z', 'syntax'],
    ['2026-03-01T08:00:00+1', 'syntax'],
    ['2026-03-01T08:00:00 01:00', 'syntax'],
    ['2026-02-30T00:00:00Z', 'range'],
    ['2026-13-01T00:00:00Z', 'range'],
    ['2026-00-01T00:00:00Z', 'range'],
    ['0000-01-01T00:00:00Z', 'range'],
    ['2026-03-01T24:00:00Z', 'range'],
    ['2026-03-01T10:60:00Z', 'range'],
    ['2026-03-01T10:00:60Z', 'range'],
    ['2026-03-01T10:00:00+24:00', 'range'],
    ['2026-03-01T10:00:00+01:60', 'range'],
  ])('refuses %s (%s)', (text, problem) => {
    expect(readIsoDateTime(text)).toBe(problem);
    expect(parseIsoDateTime(text)).toBeNull();
  });

  it('reads leap days only in leap years, Gregorian rules included', () => {
    expect(isoDateTimeMs('2024-02-29T12:00:00Z')).toBe(ms('2024-02-29T12:00:00Z'));
    expect(isoDateTimeMs('2000-02-29T12:00:00Z')).toBe(ms('2000-02-29T12:00:00Z'));
    expect(readIsoDateTime('2023-02-29T12:00:00Z')).toBe('range');
    expect(readIsoDateTime('1900-02-29T12:00:00Z')).toBe('range');
  });

  it('keeps the date and time as written, the offset, and the fraction to the microsecond', () => {
    expect(parseIsoDateTime('2026-03-01t23:30:00,1234567-05:00')).toEqual({
      date: '2026-03-01',
      time: '23:30:00.1234567',
      offsetMinutes: -300,
      ms: ms('2026-03-02T04:30:00.123Z'),
      us: 456,
    });
    expect(parseIsoDateTime('2026-03-01T08:00')).toMatchObject({ time: '08:00', offsetMinutes: null });
    expect(parseIsoDateTime('2026-03-01T08:00:00Z')).toMatchObject({ time: '08:00:00', offsetMinutes: 0 });
  });

  it('reads years before 100 as written (Date.UTC would move them to the 1900s)', () => {
    expect(new Date(isoDateTimeMs('0050-06-01T00:00:00Z')!).getUTCFullYear()).toBe(50);
    expect(isoDateTimeMs('9999-12-31T23:59:59Z')).toBe(ms('9999-12-31T23:59:59Z'));
  });

  it('reads a space as the sign of the offset only when asked (query strings)', () => {
    expect(parseIsoDateTime('2026-03-01T10:00:00 01:00', { spaceAsPlus: true })?.ms).toBe(
      ms('2026-03-01T09:00:00Z'),
    );
    expect(parseIsoDateTime('2026-03-01 10:00 0130', { spaceAsPlus: true })?.ms).toBe(
      ms('2026-03-01T08:30:00Z'),
    );
  });

  it('agrees with Date.parse on every form both accept', () => {
    const base = Date.parse('2023-12-31T00:00:00Z');
    for (let i = 0; i < 2000; i++) {
      const instant = base + i * 7_654_321;
      const text = new Date(instant).toISOString();
      expect(isoDateTimeMs(text)).toBe(instant);
      const offset = ((i % 57) - 28) * 30;
      const sign = offset < 0 ? '-' : '+';
      const abs = Math.abs(offset);
      const local = new Date(instant + offset * 60_000).toISOString().slice(0, 23);
      const withOffset = `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
      expect(isoDateTimeMs(withOffset)).toBe(Date.parse(withOffset));
    }
  });

  it('reads every text exactly as the grammar reader does (the fast reader of common forms included)', () => {
    const grammar = (text: string) => {
      const read = readIsoDateTime(text);
      return typeof read === 'string' ? null : read.ms;
    };
    const seeds = [
      '2026-03-01T08:00:00Z',
      '2026-03-01t08:00:00z',
      '2026-03-01 08:00:00+05:45',
      '2024-02-29T23:59:59.999-23:59',
      '1900-02-28T00:00:00.1+00:00',
      '0001-01-01T00:00:00,123456789Z',
      '9999-12-31T23:59:59-00:00',
      '2026-03-01T08:00:00.5',
      '2026-03-01T08:00+01:00',
      '2026-03-01T08:00:00+0100',
      '2026-03-01T08:00:00+01',
    ];
    // Each seed, and each seed with one character replaced, dropped or doubled: valid and invalid forms,
    // out-of-range fields and near-misses of the fast reader's shapes.
    const alphabet = Array.from('012359-:+Tt Zz.,x٣');
    let checked = 0;
    for (const seed of seeds) {
      const texts = new Set([seed]);
      for (let i = 0; i < seed.length; i += 1) {
        texts.add(seed.slice(0, i) + seed.slice(i + 1));
        texts.add(seed.slice(0, i + 1) + seed.slice(i));
        for (const c of alphabet) texts.add(seed.slice(0, i) + c + seed.slice(i + 1));
      }
      for (const text of texts) {
        expect([text, isoDateTimeMs(text)]).toEqual([text, grammar(text)]);
        checked += 1;
      }
    }
    // Random instants and offsets in the common forms.
    let state = 42;
    const random = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state % n;
    };
    for (let i = 0; i < 3000; i += 1) {
      const pad = (v: number, w = 2) => String(v).padStart(w, '0');
      const fraction = ['', `.${pad(random(1000), 3)}`, `,${random(10)}`, `.${pad(random(1_000_000), 6)}7`][
        random(4)
      ];
      const offset = [
        '',
        'Z',
        `+${pad(random(25))}:${pad(random(61))}`,
        `-${pad(random(24))}:${pad(random(60))}`,
      ][random(4)];
      const text = `${pad(random(10_000), 4)}-${pad(random(14))}-${pad(random(32))}T${pad(random(25))}:${pad(random(61))}:${pad(random(61))}${fraction}${offset}`;
      expect([text, isoDateTimeMs(text)]).toEqual([text, grammar(text)]);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(8000);
  });
});
