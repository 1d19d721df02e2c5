import { ValidationError } from '@meridian/domain';
import { encodeCursor, pagePosition } from './introspection-cursor';

const position = { createdOn: '2026-01-01T10:00:00.123456Z', userId: '0e7c1a52-3f7d-4f0e-a1b4-6c2d9e8f7a10' };

describe('introspection cursors', () => {
  it('round-trip the position', () => {
    expect(pagePosition(encodeCursor(position), undefined)).toEqual(position);
  });

  it('prefer next_cursor over the deprecated cursor; absent or empty is the first page', () => {
    const other = encodeCursor({ ...position, createdOn: '2026-01-02T10:00:00.000000Z' });
    expect(pagePosition(encodeCursor(position), other)).toEqual(position);
    expect(pagePosition('', encodeCursor(position))).toEqual(position);
    expect(pagePosition(undefined, undefined)).toBeNull();
    expect(pagePosition('', '')).toBeNull();
  });

  it.each([
    ['not base64 json', 'bogus'],
    ['wrong keys', Buffer.from('{"a":1}').toString('base64url')],
    [
      'a date without microseconds',
      Buffer.from(JSON.stringify({ c: '2026-01-01T10:00:00Z', u: position.userId })).toString('base64url'),
    ],
    [
      'a user id that is not a uuid',
      Buffer.from(JSON.stringify({ c: position.createdOn, u: 'x' })).toString('base64url'),
    ],
    ['JSON null', Buffer.from('null').toString('base64url')],
  ])('refuse %s with 422 at the parameter that carried it', (_name, cursor) => {
    expect(() => pagePosition(cursor, undefined)).toThrow(ValidationError);
    const thrown = (() => {
      try {
        return pagePosition(undefined, cursor);
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues[0]).toMatchObject({
      loc: ['query', 'cursor'],
      type: 'value_error',
    });
  });
});
