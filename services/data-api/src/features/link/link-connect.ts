import type { ProviderTokens } from '@meridian/connectors';
import { establishConnection } from '@meridian/sync';
import { teamEnvLinkSettings } from '../team/team-env-settings';
import type { LinkDeps } from './link-deps';
import { LinkFlowError } from './link-outcome';
import type { LinkTokenRecord } from './link-tokens.repository';

/**
 * The last steps every link flow shares once the provider said yes: the duplicate-account rule, the
 * connection itself (`establishConnection`: sealed tokens, historical pulls, `provider.connection.created`),
 * and using up the link token.
 */

export interface ConnectionToMake {
  provider: string;
  authType: 'oauth' | 'password' | 'email' | 'app';
  tokens: ProviderTokens | null;
  credentialSource: 'platform' | 'team_custom';
  externalUserId: string | null;
  status?: 'connected' | 'pending';
}

/**
 * With `reject_duplicate_connection` the second user is refused. Without it both users stay connected:
 * the first connection is never revoked (revoking at the provider could end the account's grant for both).
 */
export async function assertNotDuplicate(
  deps: LinkDeps,
  session: LinkTokenRecord,
  provider: string,
  externalUserId: string | null,
): Promise<void> {
  if (externalUserId === null) return;
  const taken = await deps.uow.read(async ({ teams, linkConnections }) => {
    const team = await teams.findById(session.teamId);
    if (!teamEnvLinkSettings(team?.settings, session.environment).rejectDuplicateConnection) return false;
    return linkConnections.isLinkedToAnotherUser(session, session.userId, { provider, externalUserId });
  });
  if (taken) {
    throw new LinkFlowError(
      'duplicate_connection',
      'This provider account is already connected to another user of this application.',
    );
  }
}

export async function completeConnection(
  deps: LinkDeps,
  session: LinkTokenRecord,
  connection: ConnectionToMake,
): Promise<{ connectionId: string }> {
  await assertNotDuplicate(deps, session, connection.provider, connection.externalUserId);
  const made = await establishConnection(deps.sync, {
    userId: session.userId,
    provider: connection.provider,
    authType: connection.authType,
    tokens: connection.tokens,
    credentialSource: connection.credentialSource,
    externalUserId: connection.externalUserId,
    status: connection.status,
  });
  const connected = new Set(session.state.connected_providers ?? []);
  connected.add(connection.provider);
  const now = deps.clock();
  await deps.uow.write(({ linkTokens }) =>
    linkTokens.consume(session.id, now, {
      status: 'connected',
      provider: connection.provider,
      error_type: null,
      error: null,
      provider_mfa: null,
      mfa_pending_sealed: null,
      connected_providers: [...connected],
    }),
  );
  return { connectionId: made.connectionId };
}

/** Shows the failure to the widget (`GET /v2/link/state`); the token stays usable for another try. */
export async function recordLinkError(
  deps: LinkDeps,
  session: LinkTokenRecord,
  provider: string,
  error: LinkFlowError,
): Promise<void> {
  await deps.uow.write(({ linkTokens }) =>
    linkTokens.setState(session.id, {
      ...session.state,
      status: 'error',
      provider,
      error_type: error.errorType,
      error: error.message,
      provider_mfa: null,
      mfa_pending_sealed: null,
    }),
  );
}
