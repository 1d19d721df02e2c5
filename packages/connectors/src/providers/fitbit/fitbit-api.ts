import type { ConnectorContext, ProviderTokens } from '../../connector';
import { ProviderAuthError, ProviderResponseError } from '../../errors';
import { ProviderHttpStatusError } from '../../http';

/**
 * GETs on the Fitbit Web API. A 429 waits as long as `Fitbit-Rate-Limit-Reset` says when there is no
 * Retry-After; a 403 is a scope the person did not grant (an authorization problem, not a transient one).
 */
export async function fitbitGet<T>(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<T> {
  try {
    const res = await ctx.api.request<T>({
      path,
      query,
      bearer: tokens.accessToken,
      retryAfterHeader: 'fitbit-rate-limit-reset',
    });
    if (typeof res.data !== 'object' || res.data === null)
      throw new ProviderResponseError(`Fitbit ${path} answered no JSON object`);
    return res.data;
  } catch (err) {
    if (err instanceof ProviderHttpStatusError && err.status === 403)
      throw new ProviderAuthError(
        'required_scopes_not_granted',
        'Fitbit refused the request (403 insufficient scope)',
        403,
      );
    throw err;
  }
}

export const FITBIT_SOURCE = { provider: 'fitbit', type: 'watch' } as const;
