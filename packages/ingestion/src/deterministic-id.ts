import { createHash } from 'node:crypto';

/** Namespace of Meridian's name-based ids (a fixed random uuid). */
const MERIDIAN_NAMESPACE = Buffer.from('5b0c2b4e9d7a4f3c8e21a6d94c3f7b10', 'hex');

/**
 * A uuid v5 (RFC 9562: SHA-1 of namespace + name) over `parts`, so the same inputs always give the
 * same id. The parts are JSON-encoded, which keeps ("a:b", "c") and ("a", "b:c") apart.
 */
export function deterministicId(parts: readonly string[]): string {
  const hash = createHash('sha1').update(MERIDIAN_NAMESPACE).update(JSON.stringify(parts)).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The id of a summary: one per (user, kind, provider, the provider's own id). */
export function summaryId(userId: string, kind: string, provider: string, providerId: string): string {
  return deterministicId([userId, kind, provider, providerId]);
}
