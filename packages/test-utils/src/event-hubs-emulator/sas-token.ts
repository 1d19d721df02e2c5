import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Shared Access Signature tokens as Event Hubs issues and checks them:
 * `SharedAccessSignature sr=<url-encoded audience>&sig=<url-encoded base64 HMAC-SHA256>&se=<expiry s>&skn=<key name>`,
 * the signature covering `<url-encoded audience>\n<expiry>` with the key's UTF-8 bytes (as @azure/core-amqp signs).
 */

export interface SasKey {
  name: string;
  key: string;
}

export type SasVerdict = { ok: true; audience: string; keyName: string } | { ok: false; reason: string };

const PREFIX = 'SharedAccessSignature ';

function sign(key: string, encodedAudience: string, expiry: string): Buffer {
  return createHmac('sha256', Buffer.from(key, 'utf8')).update(`${encodedAudience}\n${expiry}`).digest();
}

/** Builds a token the way the Azure SDK does (for tests that talk to the emulator without the SDK). */
export function createSasToken(key: SasKey, audience: string, expiresAt: Date): string {
  const sr = encodeURIComponent(audience);
  const se = String(Math.floor(expiresAt.getTime() / 1000));
  const sig = encodeURIComponent(sign(key.key, sr, se).toString('base64'));
  return `${PREFIX}sr=${sr}&sig=${sig}&se=${se}&skn=${encodeURIComponent(key.name)}`;
}

/** Checks a token's format, key name, signature and expiry against the configured keys. */
export function verifySasToken(token: unknown, keys: readonly SasKey[], now: Date): SasVerdict {
  if (typeof token !== 'string' || !token.startsWith(PREFIX))
    return { ok: false, reason: 'InvalidToken: not a SharedAccessSignature token' };
  const fields = new Map<string, string>();
  for (const part of token.slice(PREFIX.length).split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const sr = fields.get('sr');
  const sig = fields.get('sig');
  const se = fields.get('se');
  const skn = fields.get('skn');
  if (!sr || !sig || !se || !skn) return { ok: false, reason: 'InvalidToken: missing sr, sig, se or skn' };
  let keyName: string;
  let audience: string;
  let signature: Buffer;
  try {
    keyName = decodeURIComponent(skn);
    audience = decodeURIComponent(sr);
    signature = Buffer.from(decodeURIComponent(sig), 'base64');
  } catch {
    return { ok: false, reason: 'InvalidToken: malformed encoding' };
  }
  const key = keys.find((k) => k.name === keyName);
  if (!key) return { ok: false, reason: `InvalidSignature: unknown SharedAccessKeyName '${keyName}'` };
  const expected = sign(key.key, sr, se);
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
    return { ok: false, reason: 'InvalidSignature: the token has an invalid signature' };
  if (!/^\d+$/.test(se) || Number(se) * 1000 <= now.getTime())
    return { ok: false, reason: 'ExpiredToken: the token has expired' };
  return { ok: true, audience, keyName };
}

/** The entity path of an audience URL (`sb://host:port/hub/Partitions/0` → `hub/Partitions/0`). */
export function audiencePath(audience: string): string {
  const withoutScheme = audience.replace(/^[a-z]+:\/\//i, '');
  const slash = withoutScheme.indexOf('/');
  return slash < 0 ? '' : withoutScheme.slice(slash + 1).replace(/\/+$/, '');
}

/** True when a token for `granted` (an entity path; '' = the namespace) covers `entity`. */
export function audienceCovers(granted: string, entity: string): boolean {
  const g = granted.toLowerCase();
  const e = entity.toLowerCase();
  return g === '' || e === g || e.startsWith(`${g}/`);
}
