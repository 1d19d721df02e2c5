import { ValidationError } from '@meridian/domain';
import { decodeCursor, encodeCursor } from './keyset-cursor';

describe('keyset cursor', () => {
  const position = { at: '2026-11-21T10:00:00.123456Z', id: '0b8f3c1e-5d0a-4f5e-9d59-6d2a5a1f7c11' };

  it('round-trips a position through an opaque base64url string', () => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it.each([
    'bogus',
    'a b',
    encodeCursor({ ...position, id: 'nope' }),
    encodeCursor({ ...position, at: '2026-02-31T10:00:00.000000Z' }),
    encodeCursor({ ...position, at: '2026-11-21 10:00:00' }),
  ])('rejects %s as a 422 on next_cursor', (cursor) => {
    let caught: unknown;
    try {
      decodeCursor(cursor);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues[0]).toMatchObject({
      loc: ['query', 'next_cursor'],
      type: 'value_error',
      input: cursor,
    });
  });
});
