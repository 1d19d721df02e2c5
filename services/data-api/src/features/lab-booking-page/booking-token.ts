import { hkdfSync, randomBytes } from 'node:crypto';
import type * as Jose from 'jose';
import { DomainError, type Environment, type TeamScope } from '@meridian/domain';

/**
 * The booking page's credential: a JWT (HS256, jose) naming one order of one team environment, signed with a
 * key derived from SECRETS_ENCRYPTION_KEY (HKDF, its own label) and expiring. Nothing is stored: the order's
 * state revokes it (a cancelled, completed or failed order refuses every token, see the service), and a new
 * SECRETS_ENCRYPTION_KEY revokes them all. The page sends it as `x-service-booking-token`.
 */

export const BOOKING_TOKEN_HEADER = 'x-service-booking-token';

const HKDF_LABEL = 'meridian lab booking page token v1';
const ISSUER = 'meridian-data-api';
const AUDIENCE = 'lab-booking-page';
/** A JWT this long is not ours (ours are ~400 characters); refused before any work. */
const MAX_TOKEN_CHARS = 2048;

export const DEFAULT_BOOKING_TOKEN_TTL_SECONDS = 7 * 86_400;
export const MIN_BOOKING_TOKEN_TTL_SECONDS = 300;
export const MAX_BOOKING_TOKEN_TTL_SECONDS = 30 * 86_400;

export type BookingTokenProblem = 'invalid_token' | 'token_expired' | 'token_revoked';

const MESSAGES: Record<BookingTokenProblem, string> = {
  invalid_token: 'The booking link is not valid; ask for a new one.',
  token_expired: 'The booking link has expired; ask for a new one.',
  token_revoked: 'The booking link is no longer valid: the order was cancelled or completed.',
};

export class BookingTokenError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(readonly problem: BookingTokenProblem) {
    super(problem, MESSAGES[problem]);
  }
}

/** What a valid token grants: the booking page of one order. */
export interface BookingSession extends TeamScope {
  orderId: string;
  tokenId: string;
  expiresAt: Date;
}

export interface BookingTokens {
  issue(scope: TeamScope, orderId: string, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }>;
  /** The session of a token; throws `BookingTokenError` (401) for a missing, forged, foreign or expired one. */
  verify(presented: string | undefined): Promise<BookingSession>;
}

let joseModule: typeof Jose | undefined;

/**
 * jose, loaded at the first token issued or checked (issue #16): a data API that serves no booking page never
 * loads it. `require`, not `import()`: the package loads as CommonJS under tsx, jest and the compiled build alike.
 */
function jose(): typeof Jose {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  joseModule ??= require('jose') as typeof Jose;
  return joseModule;
}

const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createBookingTokens(secretsKey: Buffer, clock: () => Date): BookingTokens {
  if (secretsKey.length !== 32) throw new Error('The secrets encryption key must be 32 bytes.');
  const key = new Uint8Array(hkdfSync('sha256', secretsKey, Buffer.alloc(0), HKDF_LABEL, 32));
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  return {
    async issue(scope, orderId, ttlSeconds) {
      const iat = nowSeconds();
      const exp = iat + ttlSeconds;
      const { SignJWT } = jose();
      const token = await new SignJWT({ tid: scope.teamId, env: scope.environment })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(orderId)
        .setJti(randomBytes(12).toString('base64url'))
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },

    async verify(presented) {
      if (!presented || presented.length > MAX_TOKEN_CHARS) throw new BookingTokenError('invalid_token');
      const { errors: joseErrors, jwtVerify } = jose();
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(presented, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'jti'],
          currentDate: clock(),
          clockTolerance: 0,
        }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new BookingTokenError('token_expired');
        throw new BookingTokenError('invalid_token');
      }
      const { sub, tid, env, jti, exp } = payload;
      if (
        typeof sub !== 'string' ||
        !UUID.test(sub) ||
        typeof tid !== 'string' ||
        !UUID.test(tid) ||
        !ENVIRONMENTS.includes(env as Environment) ||
        typeof jti !== 'string' ||
        typeof exp !== 'number'
      ) {
        throw new BookingTokenError('invalid_token');
      }
      return {
        teamId: tid,
        environment: env as Environment,
        orderId: sub,
        tokenId: jti,
        expiresAt: new Date(exp * 1000),
      };
    },
  };
}
