import type { ConnectorContext } from '../../connector';
import { parseRetryAfter, ProviderAuthError, ProviderRateLimitError } from '../../errors';
import type { ProviderRequest, ProviderResponse } from '../../http';

/**
 * Strava calls with Strava's own failure signals read: a 429 carries no Retry-After, only
 * `X-RateLimit-Limit` / `X-RateLimit-Usage` ("15-minute,daily"); the 15-minute window resets at :00, :15,
 * :30 and :45 and the daily one at midnight UTC. A 401 naming a missing `…permission` is a scope the
 * person did not grant, not a dead token.
 */

const QUARTER_S = 15 * 60;
const DAY_S = 86_400;

/** Seconds until the exhausted window resets (daily when the daily limit is used up). */
export function stravaRetryAfter(headers: Record<string, string>, now: Date): number {
  const pair = (v: string | undefined) => (v ?? '').split(',').map((x) => Number(x.trim()));
  const [, dailyLimit] = pair(headers['x-ratelimit-limit']);
  const [, dailyUsage] = pair(headers['x-ratelimit-usage']);
  const nowS = Math.floor(now.getTime() / 1000);
  const dailyExhausted =
    Number.isFinite(dailyLimit) && Number.isFinite(dailyUsage) && dailyUsage! >= dailyLimit!;
  const period = dailyExhausted ? DAY_S : QUARTER_S;
  return Math.max(1, period - (nowS % period));
}

export async function stravaRequest<T>(
  ctx: ConnectorContext,
  req: ProviderRequest,
): Promise<ProviderResponse<T>> {
  const res = await ctx.api.request<T>({ ...req, acceptStatus: [...(req.acceptStatus ?? []), 401, 429] });
  if (res.status === 429) {
    const retryAfter =
      parseRetryAfter(res.headers['retry-after'], ctx.now()) ?? stravaRetryAfter(res.headers, ctx.now());
    throw new ProviderRateLimitError('Strava rate limit exceeded', retryAfter);
  }
  if (res.status === 401) {
    const errors = (res.data as { errors?: { field?: unknown }[] } | null)?.errors ?? [];
    const missingScope = errors.some((e) => typeof e.field === 'string' && e.field.endsWith('permission'));
    throw missingScope
      ? new ProviderAuthError('required_scopes_not_granted', 'Strava: a required scope was not granted', 401)
      : new ProviderAuthError('token_revoked', 'Strava refused the access token', 401);
  }
  return res;
}
