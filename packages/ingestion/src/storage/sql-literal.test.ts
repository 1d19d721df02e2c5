import { sqlLiteral } from './samples.repository';

describe('sqlLiteral (the first insert of a batch, sent with its savepoint in one message)', () => {
  it('escapes quotes and backslashes, and writes a question mark so knex cannot number it', () => {
    expect(sqlLiteral("it's")).toBe("E'it\\'s'");
    expect(sqlLiteral('a \\ b')).toBe("E'a \\\\ b'");
    expect(sqlLiteral('what?')).toBe("E'what\\x3f'");
    expect(sqlLiteral('what?')).not.toContain('?');
  });

  it('writes numbers in parentheses and arrays of texts as array literals', () => {
    expect(sqlLiteral(-3600)).toBe('(-3600)');
    expect(sqlLiteral(1736377140000.5)).toBe('(1736377140000.5)');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(['u:garmin', 'u:"x"'])).toBe(`E'{"u:garmin","u:\\\\"x\\\\""}'`);
  });

  it('refuses what has no literal', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow(/finite/);
    expect(() => sqlLiteral('a\u0000b')).toThrow(/NUL/);
    expect(() => sqlLiteral({ a: 1 })).toThrow(/unsupported/);
  });
});
