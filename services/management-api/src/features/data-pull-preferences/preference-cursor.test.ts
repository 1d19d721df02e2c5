import { randomBytes } from 'node:crypto';
import { ValidationError } from '@meridian/domain';
import { createCursorCodec } from '@meridian/platform';
import { listScope } from '../shared/keyset-cursor';
import { decodePreferenceCursor, encodePreferenceCursor } from './preference-cursor';

const cursors = createCursorCodec(randomBytes(32));
const scope = listScope('data-pull-preferences', '6f1d1c9e-8a3b-4a53-9a1e-2b6c5d4e3f21', 'sandbox', 'us');

describe('data-pull preference cursor', () => {
  const position = { teamId: '0b8f3c1e-5d0a-4f5e-9d59-6d2a5a1f7c11', provider: 'my_fitness_pal_v2' };

  it('round-trips a position through an opaque cursor that reveals none of it', () => {
    const cursor = encodePreferenceCursor(cursors, scope, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePreferenceCursor(cursors, scope, cursor)).toEqual(position);
    expect(decodePreferenceCursor(cursors, scope, undefined)).toBeUndefined();
    const bytes = Buffer.from(cursor, 'base64url').toString('latin1');
    expect(bytes).not.toContain(position.teamId);
    expect(bytes).not.toContain(position.provider);
  });

  it.each([
    ['not a cursor', 'bogus!'],
    [
      'the unsealed base64url position (the old form)',
      Buffer.from(`${position.teamId},oura`).toString('base64url'),
    ],
    [
      'a cursor of the production list',
      encodePreferenceCursor(cursors, [...scope.slice(0, 2), 'production', 'us'], position),
    ],
    ['a sealed non-uuid team', encodePreferenceCursor(cursors, scope, { ...position, teamId: 'nope' })],
    [
      'a sealed odd provider',
      encodePreferenceCursor(cursors, scope, { ...position, provider: "oura' or 1=1" }),
    ],
    ['a sealed extra part', cursors.seal(scope, `${position.teamId},oura,extra`)],
  ])('rejects %s as a 422 on next_cursor', (_name, cursor) => {
    let caught: unknown;
    try {
      decodePreferenceCursor(cursors, scope, cursor);
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
