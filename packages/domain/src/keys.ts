import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Environment, Region } from './tenancy';

/** Key formats (design): team API keys `sk_<region>_…` (sandbox) / `pk_<region>_…` (production); `mg_…` management. */
export type KeyKind = 'team_api_key' | 'management_key';

export interface GeneratedKey {
  value: string;
  hash: string;
  hint: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 base62 characters (~190 bits); no `_` or `-`, so the key's prefix is unambiguous. */
function randomPart(length = 32): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function hashKey(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameHash(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** What we may show after creation: the prefix and last four characters. */
export function keyHint(value: string): string {
  const prefix = /^(?:(?:sk|pk)_(?:us|eu)_|mg_)/.exec(value)?.[0] ?? '';
  return `${prefix}…${value.slice(-4)}`;
}

function finish(value: string): GeneratedKey {
  return { value, hash: hashKey(value), hint: keyHint(value) };
}

export function generateTeamApiKey(environment: Environment, region: Region): GeneratedKey {
  return finish(`${environment === 'sandbox' ? 'sk' : 'pk'}_${region}_${randomPart()}`);
}

export function generateManagementKey(): GeneratedKey {
  return finish(`mg_${randomPart()}`);
}

/** Cheap syntactic guess used only to pick the right error for a key sent to the wrong surface. */
export function looksLikeKind(value: string): KeyKind | null {
  if (/^(sk|pk)_(us|eu)_/.test(value)) return 'team_api_key';
  if (value.startsWith('mg_')) return 'management_key';
  return null;
}
