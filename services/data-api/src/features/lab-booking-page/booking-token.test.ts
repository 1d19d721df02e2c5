import { createHmac, hkdfSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { BookingTokenError, createBookingTokens } from './booking-token';

/** The booking token alone: what it carries, when it stops working, and what is not one. */

const KEY = Buffer.alloc(32, 3);
const SCOPE = { teamId: '11111111-1111-4111-8111-111111111111', environment: 'sandbox' as const };
const ORDER = '22222222-2222-4222-8222-222222222222';

async function problemOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof BookingTokenError) return err.problem;
    throw err;
  }
  return 'accepted';
}

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('booking tokens', () => {
  let now = new Date('2026-11-25T10:00:00Z');
  const tokens = createBookingTokens(KEY, () => now);
  afterEach(() => {
    now = new Date('2026-11-25T10:00:00Z');
  });

  it('names one order of one team environment until it expires', async () => {
    const { token, expiresAt } = await tokens.issue(SCOPE, ORDER, 600);
    expect(expiresAt.toISOString()).toBe('2026-11-25T10:10:00.000Z');
    expect(await tokens.verify(token)).toMatchObject({ ...SCOPE, orderId: ORDER, expiresAt });
    now = new Date('2026-11-25T10:09:59Z');
    expect(await problemOf(tokens.verify(token))).toBe('accepted');
    now = new Date('2026-11-25T10:10:00Z');
    expect(await problemOf(tokens.verify(token))).toBe('token_expired');
  });

  it('refuses another key, a changed claim, alg none, another audience and junk', async () => {
    const { token } = await tokens.issue(SCOPE, ORDER, 600);
    const other = createBookingTokens(Buffer.alloc(32, 4), () => now);
    expect(await problemOf(other.verify(token))).toBe('invalid_token');

    const [head, payload, sig] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(await problemOf(tokens.verify(`${head}.${b64({ ...claims, env: 'production' })}.${sig}`))).toBe(
      'invalid_token',
    );
    expect(await problemOf(tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`))).toBe(
      'invalid_token',
    );
    // Correctly signed with the derived key's sibling (the raw secrets key): not ours either.
    const forgedHead = b64({ alg: 'HS256', typ: 'JWT' });
    const forgedSig = createHmac('sha256', KEY).update(`${forgedHead}.${payload}`).digest('base64url');
    expect(await problemOf(tokens.verify(`${forgedHead}.${payload}.${forgedSig}`))).toBe('invalid_token');

    // Signed with the right key for another audience (another kind of Meridian token).
    const derived = new Uint8Array(
      hkdfSync('sha256', KEY, Buffer.alloc(0), 'meridian lab booking page token v1', 32),
    );
    const foreignAudience = await new SignJWT({ tid: SCOPE.teamId, env: SCOPE.environment })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('meridian-data-api')
      .setAudience('something-else')
      .setSubject(ORDER)
      .setJti('j')
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 600)
      .sign(derived);
    expect(await problemOf(tokens.verify(foreignAudience))).toBe('invalid_token');
    const sameAudience = await new SignJWT({ tid: SCOPE.teamId, env: SCOPE.environment })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('meridian-data-api')
      .setAudience('lab-booking-page')
      .setSubject(ORDER)
      .setJti('j')
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 600)
      .sign(derived);
    // The control: the same construction with the right audience is accepted.
    expect(await problemOf(tokens.verify(sameAudience))).toBe('accepted');

    for (const junk of [undefined, '', 'abc', 'a.b.c', 'x'.repeat(5000)])
      expect(await problemOf(tokens.verify(junk))).toBe('invalid_token');
  });
});
