import type { Knex } from '@meridian/db';

/**
 * Per-endpoint `rate_limit` (deliveries per second, api-shapes §7.3) shared by every replica: a sliding log
 * of grants per endpoint in PostgreSQL (`webhook_rate_take`, one round trip under the row lock), so the
 * replicas together never send more than the limit in any second. Only endpoints with a limit pay the
 * round trip.
 */
export interface RateLimiter {
  /**
   * Asks for `wanted` deliveries to `webhookId` now; `granted` (0..wanted) may go, the rest ask again in
   * `retryInMs`.
   */
  take(webhookId: string, perSecond: number, wanted: number): Promise<{ granted: number; retryInMs: number }>;
}

/**
 * The window is a little longer than a second: a grant is counted until the request has surely arrived,
 * so delays between granting and sending cannot squeeze more than the limit into a receiver's second.
 */
export const RATE_WINDOW_MS = 1_100;

export function createRateLimiter(db: Knex): RateLimiter {
  return {
    async take(webhookId, perSecond, wanted) {
      if (wanted <= 0) return { granted: 0, retryInMs: 0 };
      const { rows } = await db.raw<{ rows: { granted: number; retry_in_ms: number }[] }>(
        'select granted, retry_in_ms from webhook_rate_take(?, ?, ?, ?)',
        [webhookId, Math.floor(perSecond), Math.floor(wanted), RATE_WINDOW_MS],
      );
      const row = rows[0]!;
      return { granted: row.granted, retryInMs: Math.max(1, row.retry_in_ms) };
    },
  };
}
