/**
 * HMAC-SHA256 webhook signatures over `<unix seconds>.<raw body>`, the scheme Stripe and Standard Webhooks
 * use: the timestamp is signed with the body, so an old delivery cannot be replayed past the tolerance.
 * Several secrets are accepted while a partner rotates its signing secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './errors';
import type { PhlebotomyProvider } from './phlebotomy-partner';

export type SignatureEncoding = 'hex' | 'base64';

/** Default tolerance between the signed timestamp and our clock, either way (5 minutes, as Stripe). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function signWebhookPayload(
  secret: string,
  timestampSeconds: number,
  rawBody: string | Buffer,
  encoding: SignatureEncoding,
): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest(encoding);
}

export interface VerifyInput {
  provider: PhlebotomyProvider;
  secrets: readonly string[];
  /** The signed timestamp as received (unix seconds, text). */
  timestamp: string | undefined;
  /** Candidate signatures as received (already split out of the header). */
  signatures: readonly string[];
  rawBody: string | Buffer;
  encoding: SignatureEncoding;
  now: Date;
  toleranceSeconds?: number;
}

/** Throws `WebhookSignatureError` unless one signature matches one secret and the timestamp is fresh. */
export function verifyWebhookSignature(input: VerifyInput): void {
  const { provider } = input;
  if (input.timestamp === undefined || input.signatures.length === 0)
    throw new WebhookSignatureError(provider, 'missing');
  if (!/^\d{1,12}$/.test(input.timestamp)) throw new WebhookSignatureError(provider, 'malformed');
  const timestamp = Number(input.timestamp);
  const received = input.signatures.map((s) => Buffer.from(s, input.encoding));
  const matches = input.secrets.some((secret) => {
    const expected = Buffer.from(
      signWebhookPayload(secret, timestamp, input.rawBody, input.encoding),
      input.encoding,
    );
    return received.some((r) => r.length === expected.length && timingSafeEqual(r, expected));
  });
  if (!matches) throw new WebhookSignatureError(provider, 'mismatch');
  // Checked after the signature: a stale but authentic delivery is a replay, a forged one a mismatch.
  const tolerance = input.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(input.now.getTime() / 1000 - timestamp) > tolerance)
    throw new WebhookSignatureError(provider, 'stale');
}

/** One header's value (Node lower-cases names; a repeated header arrives as an array). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
