import type { ProviderTokens } from '@meridian/connectors';
import { establishConnection } from '@meridian/sync';
import { createTeamsRepository } from '../team/teams.repository';
import { teamEnvLinkSettings } from '../team/team-env-settings';
import type { LinkDeps } from './link-deps';
import { LinkFlowError } from './link-outcome';
import { createLinkTokensRepository, type LinkTokenRecord } from './link-tokens.repository';

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

/** Another user of the same team environment already connected to this provider account. */
async function linkedToAnotherUser(
  deps: LinkDeps,
  session: LinkTokenRecord,
  provider: string,
  externalUserId: string,
) {
  const row = await deps
    .db('provider_connections as pc')
    .join('users as u', 'u.id', 'pc.user_id')
    .where({
      'pc.provider': provider,
      'pc.external_user_id': externalUserId,
      'u.team_id': session.teamId,
      'u.environment': session.environment,
    })
    .whereNull('u.deleted_at')
    .whereNot('pc.user_id', session.userId)
    .first('pc.id');
  return row !== undefined;
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
  const team = await createTeamsRepository(deps.db).findById(session.teamId);
  if (!teamEnvLinkSettings(team?.settings, session.environment).rejectDuplicateConnection) return;
  if (await linkedToAnotherUser(deps, session, provider, externalUserId)) {
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
  await createLinkTokensRepository(deps.db).consume(session.id, deps.clock(), {
    status: 'connected',
    provider: connection.provider,
    error_type: null,
    error: null,
    provider_mfa: null,
    mfa_pending_sealed: null,
    connected_providers: [...connected],
  });
  return { connectionId: made.connectionId };
}

/** Shows the failure to the widget (`GET /v2/link/state`); the token stays usable for another try. */
export async function recordLinkError(
  deps: LinkDeps,
  session: LinkTokenRecord,
  provider: string,
  error: LinkFlowError,
): Promise<void> {
  await createLinkTokensRepository(deps.db).setState(session.id, {
    ...session.state,
    status: 'error',
    provider,
    error_type: error.errorType,
    error: error.message,
    provider_mfa: null,
    mfa_pending_sealed: null,
  });
}
