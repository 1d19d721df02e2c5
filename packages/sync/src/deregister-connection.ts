import { connectorFor } from '@meridian/connectors';
import { clientForConnection, connectorContextFor } from './client-credentials';
import { createConnectionsRepository, type SyncConnection } from './connections.repository';
import { openTokens } from './sealed-tokens';
import type { SyncDeps } from './sync-deps';

/**
 * Deregisters a user's connection to a provider: the grant is revoked at the provider (best effort — an
 * outage or a refusal is logged and the deregistration goes on), then the connection row is deleted (its
 * sync streams go with it, so pulls stop). The user's data stays, and so do the historical pull rows, as
 * for demo connections.
 */

async function revokeAtProvider(deps: SyncDeps, connection: SyncConnection): Promise<void> {
  const connector = connectorFor(connection.provider);
  if (!connector?.revoke || !connection.credentialsSealed) return;
  try {
    const client = await clientForConnection(deps, connection);
    await connector.revoke(
      connectorContextFor(deps, connection.provider, client),
      openTokens(deps.secretBox, connection.credentialsSealed),
    );
  } catch (err) {
    deps.logger.warn('could not revoke the grant at the provider; the connection is deregistered anyway', {
      err,
      provider: connection.provider,
      connection_id: connection.id,
    });
  }
}

export async function deregisterConnection(
  deps: SyncDeps,
  input: { userId: string; provider: string },
): Promise<boolean> {
  const connection = await createConnectionsRepository(deps.db).findForUser(input.userId, input.provider);
  if (!connection) return false;
  await revokeAtProvider(deps, connection);
  return createConnectionsRepository(deps.db).delete(connection.id);
}
