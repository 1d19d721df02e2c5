import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing (api-shapes §7.3): HMAC-SHA256 of `<id>.<timestamp>.<body>` keyed with the
 * base64-decoded part of the secret after `whsec_`; one `v1,<base64>` entry per active secret.
 */
export function signWebhook(
  secrets: readonly string[],
  msgId: string,
  timestamp: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const mac = createHmac('sha256', key).update(`${msgId}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}

/** The Standard Webhooks headers and their `svix-*` aliases. */
export function signatureHeaders(
  secrets: readonly string[],
  msgId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  const signature = signWebhook(secrets, msgId, timestamp, body);
  const ts = String(timestamp);
  return {
    'webhook-id': msgId,
    'webhook-timestamp': ts,
    'webhook-signature': signature,
    'svix-id': msgId,
    'svix-timestamp': ts,
    'svix-signature': signature,
  };
}
