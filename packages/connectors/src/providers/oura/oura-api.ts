import type { ConnectorContext, ProviderTokens } from '../../connector';
import { ProviderAuthError, ProviderResponseError } from '../../errors';
import { ProviderHttpStatusError } from '../../http';
import type { OuraPage } from './oura-types';

/**
 * GETs on `/v2/usercollection/*`: a 403 means the person did not grant the scope (or their Oura
 * membership lapsed) — an authorization problem, not a transient one; a list page without `data` is
 * unreadable.
 */
export async function ouraGet<T>(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
  path: string,
  query: Record<string, string | null | undefined>,
): Promise<T> {
  try {
    const res = await ctx.api.request<T>({ path, query, bearer: tokens.accessToken });
    return res.data;
  } catch (err) {
    if (err instanceof ProviderHttpStatusError && err.status === 403)
      throw new ProviderAuthError('required_scopes_not_granted', `Oura refused ${path} (403)`, 403);
    throw err;
  }
}

export async function ouraListPage<T>(
  ctx: ConnectorContext,
  tokens: ProviderTokens,
  collection: string,
  query: Record<string, string | null | undefined>,
): Promise<OuraPage<T>> {
  const page = await ouraGet<unknown>(ctx, tokens, `/v2/usercollection/${collection}`, query);
  if (!isPage(page)) throw new ProviderResponseError(`Oura ${collection} page without a data list`);
  return {
    data: page.data as T[],
    next_token: typeof page.next_token === 'string' && page.next_token !== '' ? page.next_token : null,
  };
}

function isPage(v: unknown): v is { data: unknown[]; next_token?: unknown } {
  return typeof v === 'object' && v !== null && Array.isArray((v as { data?: unknown }).data);
}

/** UTC calendar dates of a window [start, end): Oura's date collections filter on the documents' `day`. */
export function windowDays(start: Date, end: Date): { first: string; last: string } {
  return {
    first: start.toISOString().slice(0, 10),
    last: new Date(end.getTime() - 1).toISOString().slice(0, 10),
  };
}

export const OURA_SOURCE = { provider: 'oura', type: 'ring' } as const;
