import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Environment, Region } from './tenancy';

/** Key formats (design): team API keys `sk_<region>_…` (sandbox) / `pk_<region>_…` (production); `mg_…` management. */
export type KeyKind = 'team_api_key' | 'management_key';

export interface GeneratedKey {
  value: string;
  hash: string;
  hint: string;
}

function randomPart(): string {
  return randomBytes(24).toString('base64url');
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
  const cut = value.lastIndexOf('_') + 1;
  return `${value.slice(0, cut)}…${value.slice(-4)}`;
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
