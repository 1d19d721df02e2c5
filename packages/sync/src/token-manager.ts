import {
  ProviderAuthError,
  type Connector,
  type ConnectorContext,
  type ProviderTokens,
} from '@meridian/connectors';
import { withTransaction } from '@meridian/db';
import { createConnectionsRepository } from './connections.repository';
import { openRefreshToken, openTokens, sealRefreshToken, sealTokens } from './sealed-tokens';
import { tuningOf, type SyncDeps } from './sync-deps';

/**
 * Access tokens are refreshed shortly before they expire, once per connection however many workers need
 * them: the refresh happens while holding the connection row's lock, and a worker that waited re-reads the
 * tokens and uses the ones the other worker stored. A rotating provider's previous refresh token is kept
 * for a grace window, so a refresh whose response was lost can be retried with it.
 */

export class ConnectionGoneError extends Error {
  override name = 'ConnectionGoneError';
}

const DEFAULT_MARGIN_SECONDS = 300;

export function refreshMarginMs(connector: Connector): number {
  const seconds = connector.auth.type === 'oauth' ? connector.auth.refreshMarginSeconds : undefined;
  return (seconds ?? DEFAULT_MARGIN_SECONDS) * 1000;
}

export function nearExpiry(tokens: ProviderTokens, now: Date, marginMs: number): boolean {
  return tokens.expiresAt !== null && tokens.expiresAt.getTime() - now.getTime() <= marginMs;
}

export interface RefreshInput {
  connectionId: string;
  connector: Connector;
  ctx: ConnectorContext;
  /** The tokens the caller holds; when the stored ones differ, another worker already refreshed. */
  seen: ProviderTokens;
  /** Refresh even if not near expiry (the provider refused the access token). */
  force: boolean;
}

async function callRefresh(
  connector: Connector,
  ctx: ConnectorContext,
  tokens: ProviderTokens,
): Promise<ProviderTokens> {
  if (!connector.refresh)
    throw new ProviderAuthError('token_revoked', 'the access token was refused and cannot be refreshed');
  return connector.refresh(ctx, tokens);
}

/** Single-flight refresh; throws ProviderAuthError when the grant is dead, other errors when the provider is out. */
export async function refreshTokens(deps: SyncDeps, input: RefreshInput): Promise<ProviderTokens> {
  const tuning = tuningOf(deps);
  return withTransaction(deps.db, async (trx) => {
    const repo = createConnectionsRepository(trx);
    const row = await repo.lockTokens(input.connectionId);
    if (!row?.credentials_sealed) throw new ConnectionGoneError('the connection or its tokens are gone');
    const stored = openTokens(deps.secretBox, row.credentials_sealed);
    const now = deps.clock();
    if (stored.accessToken !== input.seen.accessToken) return stored;
    if (!input.force && !nearExpiry(stored, now, refreshMarginMs(input.connector))) return stored;

    let fresh: ProviderTokens;
    try {
      fresh = await callRefresh(input.connector, input.ctx, stored);
    } catch (err) {
      const previous =
        row.previous_refresh_sealed && row.previous_refresh_until && row.previous_refresh_until > now
          ? openRefreshToken(deps.secretBox, row.previous_refresh_sealed)
          : null;
      if (!(err instanceof ProviderAuthError) || previous === null || previous === stored.refreshToken)
        throw err;
      fresh = await callRefresh(input.connector, input.ctx, { ...stored, refreshToken: previous });
    }
    const rotated = stored.refreshToken !== null && fresh.refreshToken !== stored.refreshToken;
    await repo.storeTokens(input.connectionId, {
      credentials_sealed: sealTokens(deps.secretBox, fresh),
      previous_refresh_sealed: rotated
        ? sealRefreshToken(deps.secretBox, stored.refreshToken!)
        : row.previous_refresh_sealed,
      previous_refresh_until: rotated
        ? new Date(now.getTime() + tuning.refreshGraceMs)
        : row.previous_refresh_until,
      tokenExpiresAt: fresh.expiresAt,
      scopes: fresh.scopes,
      now,
    });
    return fresh;
  });
}

/** The tokens one run works with: refreshed when near expiry, or on demand after a refused request. */
export interface TokenHolder {
  current(): Promise<ProviderTokens>;
  forceRefresh(): Promise<ProviderTokens>;
}

export function createTokenHolder(
  deps: SyncDeps,
  input: { connectionId: string; sealed: string; connector: Connector; ctx: ConnectorContext },
): TokenHolder {
  let tokens = openTokens(deps.secretBox, input.sealed);
  const margin = refreshMarginMs(input.connector);
  const refresh = async (force: boolean) => {
    tokens = await refreshTokens(deps, { ...input, seen: tokens, force });
    return tokens;
  };
  return {
    async current() {
      if (!nearExpiry(tokens, deps.clock(), margin)) return tokens;
      // Without a refresh grant the provider decides: the token is tried as it is.
      if (!input.connector.refresh) return tokens;
      return refresh(false);
    },
    forceRefresh: () => refresh(true),
  };
}
