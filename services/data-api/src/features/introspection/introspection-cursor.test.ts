import { randomBytes } from 'node:crypto';
import { ValidationError } from '@meridian/domain';
import { createCursorCodec } from '@meridian/platform';
import { encodeCursor, pagePosition } from './introspection-cursor';

const position = { createdOn: '2026-01-01T10:00:00.123456Z', userId: '0e7c1a52-3f7d-4f0e-a1b4-6c2d9e8f7a10' };
const cursors = createCursorCodec(randomBytes(32));
const scope = ['data-api/introspection', 'resource_stats', 'team-a', 'sandbox'];
const seal = (text: string) => cursors.seal(scope, text);

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('introspection cursors', () => {
  it('round-trip the position and reveal none of it', () => {
    const cursor = encodeCursor(cursors, scope, position);
    expect(pagePosition(cursors, scope, cursor, undefined)).toEqual(position);
    const decoded = Buffer.from(cursor, 'base64url').toString('latin1');
    expect(decoded).not.toContain(position.userId);
    expect(decoded).not.toContain('2026');
  });

  it('prefer next_cursor over the deprecated cursor; absent or empty is the first page', () => {
    const other = encodeCursor(cursors, scope, { ...position, createdOn: '2026-01-02T10:00:00.000000Z' });
    expect(pagePosition(cursors, scope, encodeCursor(cursors, scope, position), other)).toEqual(position);
    expect(pagePosition(cursors, scope, '', encodeCursor(cursors, scope, position))).toEqual(position);
    expect(pagePosition(cursors, scope, undefined, undefined)).toBeNull();
    expect(pagePosition(cursors, scope, '', '')).toBeNull();
  });

  it.each([
    ['not a sealed cursor', 'bogus'],
    [
      'the unsealed position (the old form)',
      Buffer.from(JSON.stringify({ c: position.createdOn, u: position.userId })).toString('base64url'),
    ],
    [
      'another team’s cursor',
      createCursorCodec(randomBytes(32)).seal(
        scope,
        JSON.stringify({ c: position.createdOn, u: position.userId }),
      ),
    ],
    ['sealed wrong keys', seal('{"a":1}')],
    [
      'a sealed date without microseconds',
      seal(JSON.stringify({ c: '2026-01-01T10:00:00Z', u: position.userId })),
    ],
    ['a sealed user id that is not a uuid', seal(JSON.stringify({ c: position.createdOn, u: 'x' }))],
    ['sealed JSON null', seal('null')],
  ])('refuse %s with 422 at the parameter that carried it', (_name, cursor) => {
    expect(() => pagePosition(cursors, scope, cursor, undefined)).toThrow(ValidationError);
    const thrown = thrownBy(() => pagePosition(cursors, scope, undefined, cursor));
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues[0]).toMatchObject({
      loc: ['query', 'cursor'],
      type: 'value_error',
    });
  });

  it('refuse a cursor of another team environment or of the other introspection list', () => {
    const cursor = encodeCursor(cursors, scope, position);
    for (const foreign of [
      ['data-api/introspection', 'resource_stats', 'team-b', 'sandbox'],
      ['data-api/introspection', 'resource_stats', 'team-a', 'production'],
      ['data-api/introspection', 'historical_pulls', 'team-a', 'sandbox'],
    ]) {
      expect(() => pagePosition(cursors, foreign, cursor, undefined)).toThrow(ValidationError);
    }
  });
});
