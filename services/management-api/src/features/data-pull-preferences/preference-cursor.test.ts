import { ValidationError } from '@meridian/domain';
import { decodePreferenceCursor, encodePreferenceCursor } from './preference-cursor';

describe('data-pull preference cursor', () => {
  const position = { teamId: '0b8f3c1e-5d0a-4f5e-9d59-6d2a5a1f7c11', provider: 'my_fitness_pal_v2' };

  it('round-trips a position through opaque base64url', () => {
    const cursor = encodePreferenceCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePreferenceCursor(cursor)).toEqual(position);
    expect(decodePreferenceCursor(undefined)).toBeUndefined();
  });

  it.each([
    'bogus!',
    encodePreferenceCursor({ ...position, teamId: 'nope' }),
    encodePreferenceCursor({ ...position, provider: "oura' or 1=1" }),
    Buffer.from(`${position.teamId},oura,extra`).toString('base64url'),
  ])('rejects %s as a 422 on next_cursor', (cursor) => {
    let caught: unknown;
    try {
      decodePreferenceCursor(cursor);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues[0]).toMatchObject({
      loc: ['query', 'next_cursor'],
      input: cursor,
    });
  });
});
