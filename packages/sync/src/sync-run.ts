import {
  connectorFor,
  ProviderAuthError,
  type Connector,
  type ConnectorContext,
  type FetchPage,
  type FetchRequest,
  type StreamSpec,
} from '@meridian/connectors';
import { clientForConnection, connectorContextFor } from './client-credentials';
import { connectorResources, loadPullPreferences, resourceEnabled } from './connection-plan';
import type { SyncConnection } from './connections.repository';
import { tuningOf, type SyncDeps, type SyncTuning } from './sync-deps';
import { createTokenHolder, type TokenHolder } from './token-manager';

/** Everything one run over a connection's claimed streams shares. */
export interface SyncRun {
  deps: SyncDeps;
  tuning: SyncTuning;
  connection: SyncConnection;
  connector: Connector;
  ctx: ConnectorContext;
  tokens: TokenHolder;
  /** Resources the team pulls from this provider (data-pull preferences, read at the start of the run). */
  enabled: ReadonlySet<string>;
  /** Wall-clock start of the run, for its time budget. */
  startedAt: number;
}

export async function openSyncRun(deps: SyncDeps, connection: SyncConnection): Promise<SyncRun> {
  const connector = connectorFor(connection.provider);
  if (!connector)
    throw new ProviderAuthError('provider_credential_error', `no connector for ${connection.provider}`);
  if (!connection.credentialsSealed)
    throw new ProviderAuthError('token_revoked', 'the connection holds no tokens');
  const client = await clientForConnection(deps, connection);
  const ctx = connectorContextFor(deps, connection.provider, client);
  const prefs = await loadPullPreferences(deps.db, connection, connection.provider);
  return {
    deps,
    tuning: tuningOf(deps),
    connection,
    connector,
    ctx,
    tokens: createTokenHolder(deps, {
      connectionId: connection.id,
      sealed: connection.credentialsSealed,
      connector,
      ctx,
    }),
    enabled: new Set(connectorResources(connector).filter((r) => resourceEnabled(prefs, r))),
    startedAt: Date.now(),
  };
}

export const budgetSpent = (run: SyncRun): boolean => Date.now() - run.startedAt >= run.tuning.runBudgetMs;

/**
 * One page of a stream with the current tokens. A refused access token (401) gets one forced refresh and
 * one more try: it may have expired early or been rotated by another worker; a second refusal is final.
 */
export async function fetchPage(
  run: SyncRun,
  spec: StreamSpec,
  window: Omit<FetchRequest, 'tokens' | 'fallbackTimeZone'>,
): Promise<FetchPage> {
  const request = (tokens: FetchRequest['tokens']) =>
    spec.fetch(run.ctx, { ...window, tokens, fallbackTimeZone: run.connection.fallbackTimeZone });
  try {
    return await request(await run.tokens.current());
  } catch (err) {
    if (!(err instanceof ProviderAuthError) || err.reason !== 'token_revoked') throw err;
    return request(await run.tokens.forceRefresh());
  }
}
