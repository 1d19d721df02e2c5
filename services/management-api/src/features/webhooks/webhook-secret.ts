import { randomBytes } from 'node:crypto';

/** Endpoint signing secrets (api-shapes §7.3): `whsec_` + base64 of 24–64 random bytes. */
const SECRET_RE = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function isValidWebhookSecret(value: string): boolean {
  const body = SECRET_RE.exec(value)?.[1];
  if (body === undefined) return false;
  const bytes = Buffer.from(body, 'base64');
  return bytes.length >= 24 && bytes.length <= 64 && bytes.toString('base64') === body;
}

/** A webhook id: `ep_` and 24 base64url characters (opaque on the wire). */
export function newWebhookId(): string {
  return `ep_${randomBytes(18).toString('base64url')}`;
}
