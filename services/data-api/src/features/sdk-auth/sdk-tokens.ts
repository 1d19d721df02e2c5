import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { hashKey } from '@meridian/domain';

/**
 * The opaque tokens of a device session (decision 0009): 256 random bits behind a prefix that names the
 * kind, so a token sent to the wrong place gets the right error. Only SHA-256 hashes are stored.
 */
export const SDK_TOKEN_PREFIX = {
  signIn: 'mdsi_',
  access: 'mdat_',
  refresh: 'mdrt_',
} as const;

export type SdkTokenKind = keyof typeof SDK_TOKEN_PREFIX;

export interface IssuedToken {
  value: string;
  hash: string;
}

export function issueToken(kind: SdkTokenKind): IssuedToken {
  const value = `${SDK_TOKEN_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;
  return { value, hash: hashKey(value) };
}

export function tokenKindOf(value: string): SdkTokenKind | null {
  for (const kind of Object.keys(SDK_TOKEN_PREFIX) as SdkTokenKind[]) {
    if (value.startsWith(SDK_TOKEN_PREFIX[kind])) return kind;
  }
  return null;
}

/** The pair a rotation issued, as the replaced refresh token may claim it again during the grace window. */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * The replacing pair is sealed with a key derived from the replaced refresh token, which the database does
 * not hold (it holds a SHA-256 of it; the key is an HMAC under it): only the holder of the old token can
 * open it, so nothing usable is at rest.
 */
function sealKey(replacedRefreshToken: string): Buffer {
  return createHmac('sha256', replacedRefreshToken).update('meridian-sdk-grace-pair-v1').digest();
}

export function sealPair(pair: TokenPair, replacedRefreshToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(replacedRefreshToken), iv);
  const body = Buffer.concat([
    cipher.update(JSON.stringify([pair.accessToken, pair.refreshToken]), 'utf8'),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed pair, or null when it does not open with this token (never expected: the row matched its hash). */
export function openPair(sealed: string, replacedRefreshToken: string): TokenPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(replacedRefreshToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const [accessToken, refreshToken] = JSON.parse(text) as [string, string];
    return { accessToken, refreshToken };
  } catch {
    return null;
  }
}
