import { randomBytes } from 'node:crypto';
import { ValidationError } from '@meridian/domain';
import { createCursorCodec, openCursorParam, sealNextCursor } from './cursor-codec';

const key = randomBytes(32);
const codec = createCursorCodec(key);
const teamA = ['data-api/events', '7b0c7c2e-6f4e-4a57-9d0e-0c3f5b1c2a11', 'sandbox'];

function flipByte(cursor: string, at: number): string {
  const raw = Buffer.from(cursor, 'base64url');
  raw[at] = raw[at]! ^ 0x01;
  return raw.toString('base64url');
}

describe('cursor codec', () => {
  it('round-trips a position for its scope, URL-safe and short', () => {
    const cursor = codec.seal(teamA, '123456789');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThanOrEqual(64);
    expect(codec.open(teamA, cursor)).toBe('123456789');
    expect(createCursorCodec(Buffer.from(key)).open(teamA, cursor)).toBe('123456789');
  });

  it('reveals nothing of the position: no digits of it, and two seals of it differ', () => {
    const a = codec.seal(teamA, '987654321');
    const b = codec.seal(teamA, '987654321');
    expect(a).not.toBe(b);
    for (const cursor of [a, b]) {
      expect(cursor).not.toContain('987654321');
      expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toContain('987654321');
      expect(Buffer.from(cursor, 'base64').toString('latin1')).not.toContain('987654321');
    }
  });

  it('opens nothing that was altered, truncated, or not ours', () => {
    const cursor = codec.seal(teamA, '42');
    const length = Buffer.from(cursor, 'base64url').length;
    for (const at of [0, 1, 13, length - 17, length - 1])
      expect(codec.open(teamA, flipByte(cursor, at))).toBeUndefined();
    expect(codec.open(teamA, cursor.slice(0, -2))).toBeUndefined();
    expect(codec.open(teamA, Buffer.from('42').toString('base64url'))).toBeUndefined();
    expect(codec.open(teamA, '$$$')).toBeUndefined();
    expect(codec.open(teamA, 'A'.repeat(600))).toBeUndefined();
    expect(createCursorCodec(randomBytes(32)).open(teamA, cursor)).toBeUndefined();
  });

  it('binds a cursor to its scope: another team, environment, list or split of the parts is refused', () => {
    const cursor = codec.seal(teamA, '42');
    expect(codec.open([teamA[0]!, 'another-team', 'sandbox'], cursor)).toBeUndefined();
    expect(codec.open([teamA[0]!, teamA[1]!, 'production'], cursor)).toBeUndefined();
    expect(codec.open(['data-api/introspection', teamA[1]!, 'sandbox'], cursor)).toBeUndefined();
    expect(codec.open(['a', 'bc'], codec.seal(['ab', 'c'], 'x'))).toBeUndefined();
  });

  it('openCursorParam: absent or empty is the first page, a bad cursor a 422 at the parameter', () => {
    expect(openCursorParam(codec, teamA, undefined, 'after')).toBeUndefined();
    expect(openCursorParam(codec, teamA, '', 'after')).toBeUndefined();
    expect(openCursorParam(codec, teamA, codec.seal(teamA, '7'), 'after')).toBe('7');
    let thrown: unknown;
    try {
      openCursorParam(codec, ['data-api/events', 'other', 'sandbox'], codec.seal(teamA, '7'), 'after');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues[0]).toMatchObject({
      loc: ['query', 'after'],
      type: 'value_error',
    });
  });

  it('sealNextCursor keeps null for the last page', () => {
    expect(sealNextCursor(codec, teamA, null)).toBeNull();
    expect(codec.open(teamA, sealNextCursor(codec, teamA, 'p')!)).toBe('p');
  });

  it('needs a 32-byte key', () => {
    expect(() => createCursorCodec(randomBytes(16))).toThrow(/32 bytes/);
  });
});
