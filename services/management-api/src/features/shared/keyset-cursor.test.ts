import { randomBytes } from 'node:crypto';
import { ValidationError } from '@meridian/domain';
import { createCursorCodec } from '@meridian/platform';
import { decodeCursor, encodeCursor, listScope, sealCursor } from './keyset-cursor';

const cursors = createCursorCodec(randomBytes(32));
const orgA = listScope('teams', '6f1d1c9e-8a3b-4a53-9a1e-2b6c5d4e3f21');
const position = { at: '2026-11-21T10:00:00.123456Z', id: '0b8f3c1e-5d0a-4f5e-9d59-6d2a5a1f7c11' };

function caughtBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('keyset cursor', () => {
  it('round-trips a position through an opaque, URL-safe cursor that reveals none of it', () => {
    const cursor = sealCursor(cursors, orgA, encodeCursor(position))!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursors, orgA, cursor)).toEqual(position);
    expect(decodeCursor(cursors, orgA, undefined)).toBeUndefined();
    expect(sealCursor(cursors, orgA, null)).toBeNull();
    const bytes = Buffer.from(cursor, 'base64url').toString('latin1');
    expect(bytes).not.toContain(position.id);
    expect(bytes).not.toContain('2026-11-21');
  });

  it.each([
    ['bogus', 'bogus'],
    ['a b', 'a b'],
    ['empty', ''],
    [
      'the unsealed base64url position (the old form)',
      Buffer.from(encodeCursor(position)).toString('base64url'),
    ],
    ['another org’s cursor', cursors.seal(listScope('teams', 'another-org'), encodeCursor(position))],
    ['another list’s cursor', cursors.seal(listScope('members', orgA[1]!), encodeCursor(position))],
    ['a sealed non-uuid id', cursors.seal(orgA, encodeCursor({ ...position, id: 'nope' }))],
    [
      'a sealed impossible date',
      cursors.seal(orgA, encodeCursor({ ...position, at: '2026-02-31T10:00:00.000000Z' })),
    ],
    [
      'a sealed date without microseconds',
      cursors.seal(orgA, encodeCursor({ ...position, at: '2026-11-21 10:00:00' })),
    ],
  ])('rejects %s as a 422 on next_cursor', (_name, cursor) => {
    const caught = caughtBy(() => decodeCursor(cursors, orgA, cursor));
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues[0]).toMatchObject({
      loc: ['query', 'next_cursor'],
      type: 'value_error',
      input: cursor,
    });
  });

  it('takes other id shapes when told', () => {
    const cursor = cursors.seal(orgA, encodeCursor({ ...position, id: 'ep_abc' }));
    expect(decodeCursor(cursors, orgA, cursor, (id) => id.startsWith('ep_'))).toEqual({
      ...position,
      id: 'ep_abc',
    });
    expect(() => decodeCursor(cursors, orgA, cursor)).toThrow(ValidationError);
  });
});
