import type { ProviderAuthReason } from '@meridian/connectors';
import { createOutboxRepository, withTransaction } from '@meridian/db';
import { eventEnvelope, providerBySlug } from '@meridian/domain';
import { createConnectionsRepository } from './connections.repository';
import { createHistoricalPullsRepository } from './historical-pulls.repository';
import type { SyncDeps } from './sync-deps';
import { createSyncStreamsRepository } from './sync-streams.repository';

/**
 * A connection that lost its authorization: status `error` with `error_details` (api-shapes §4.1
 * `ConnectionErrorDetails`), its streams stopped, its unfinished pulls failed (`non_retriable_error`), and
 * one `provider.connection.error` telling the person how to re-link — all once, in one transaction.
 */

export type ConnectionErrorType =
  | 'token_refresh_failed'
  | 'webhook_registration_failed'
  | 'user_not_found'
  | 'deregistered_per_provider'
  | 'required_scopes_not_granted'
  | 'provider_credential_error'
  | 'provider_password_expired'
  | 'unknown';

/** A refused access token (401) that a refresh could not mend reads as a failed refresh to integrators. */
export function errorTypeForAuth(reason: ProviderAuthReason): ConnectionErrorType {
  switch (reason) {
    case 'token_revoked':
    case 'token_refresh_failed':
      return 'token_refresh_failed';
    case 'required_scopes_not_granted':
    case 'provider_credential_error':
    case 'provider_password_expired':
    case 'user_not_found':
      return reason;
  }
}

function relinkMessage(providerName: string, errorType: ConnectionErrorType, linkWebUrl?: string): string {
  const why =
    errorType === 'deregistered_per_provider'
      ? `The ${providerName} account removed its authorization.`
      : errorType === 'required_scopes_not_granted'
        ? `${providerName} no longer grants the permissions needed.`
        : `Meridian can no longer read ${providerName} data for this user.`;
  const where = linkWebUrl ? ` through the link widget (${linkWebUrl})` : ' through the link widget';
  return `${why} Ask the user to connect ${providerName} again${where}; syncing resumes where it stopped.`;
}

export async function markConnectionError(
  deps: SyncDeps,
  connectionId: string,
  input: { errorType: ConnectionErrorType; detail: string },
): Promise<boolean> {
  const now = deps.clock();
  const marked = await withTransaction(deps.db, async (trx) => {
    const connections = createConnectionsRepository(trx);
    const connection = await connections.find(connectionId, { forUpdate: true });
    if (!connection || connection.status === 'error') return false;
    const details = {
      error_type: input.errorType,
      error_message: input.detail,
      errored_at: now.toISOString(),
    };
    if (!(await connections.markError(connectionId, details, now))) return false;
    await createSyncStreamsRepository(trx).failAll(connectionId, 'non_retriable_error', now);
    await createHistoricalPullsRepository(trx).failUnfinished(
      connection.userId,
      connection.provider,
      'non_retriable_error',
      now,
    );
    const name = providerBySlug(connection.provider)?.name ?? connection.provider;
    await createOutboxRepository(trx).append([
      {
        teamId: connection.teamId,
        environment: connection.environment,
        userId: connection.userId,
        envelope: eventEnvelope(
          'provider.connection.error',
          {
            user_id: connection.userId,
            provider: connection.provider,
            message: relinkMessage(name, input.errorType, deps.linkWebUrl),
            error_type: input.errorType,
            error_details: input.detail,
          },
          { userId: connection.userId, clientUserId: connection.clientUserId, teamId: connection.teamId },
        ),
      },
    ]);
    return true;
  });
  if (marked) {
    deps.logger.warn('provider connection is in error until the user connects again', {
      connection_id: connectionId,
      error_type: input.errorType,
    });
  }
  return marked;
}
