import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';

/** Provider connections as the sync engine sees them: the row plus its user's tenancy. */

export interface ConnectionErrorDetails {
  error_type: string;
  error_message: string;
  errored_at: string;
}

export interface SyncConnection {
  id: string;
  userId: string;
  teamId: string;
  environment: Environment;
  clientUserId: string;
  fallbackTimeZone: string | null;
  provider: string;
  status: 'connected' | 'error';
  credentialsSealed: string | null;
  credentialSource: string;
  externalUserId: string | null;
  createdOn: Date;
}

interface ConnectionRow {
  id: string;
  user_id: string;
  team_id: string;
  environment: Environment;
  client_user_id: string;
  fallback_time_zone: string | null;
  provider: string;
  status: 'connected' | 'error';
  credentials_sealed: string | null;
  credential_source: string;
  external_user_id: string | null;
  created_on: Date;
}

const COLUMNS = [
  'c.id',
  'c.user_id',
  'u.team_id',
  'u.environment',
  'u.client_user_id',
  'u.fallback_time_zone',
  'c.provider',
  'c.status',
  'c.credentials_sealed',
  'c.credential_source',
  'c.external_user_id',
  'c.created_on',
];

const toConnection = (r: ConnectionRow): SyncConnection => ({
  id: r.id,
  userId: r.user_id,
  teamId: r.team_id,
  environment: r.environment,
  clientUserId: r.client_user_id,
  fallbackTimeZone: r.fallback_time_zone,
  provider: r.provider,
  status: r.status,
  credentialsSealed: r.credentials_sealed,
  credentialSource: r.credential_source,
  externalUserId: r.external_user_id,
  createdOn: r.created_on,
});

export interface TokenColumns {
  credentials_sealed: string;
  previous_refresh_sealed: string | null;
  previous_refresh_until: Date | null;
}

export function createConnectionsRepository(db: Knex | Knex.Transaction) {
  const base = () =>
    db('provider_connections as c').join('users as u', 'u.id', 'c.user_id').whereNull('u.deleted_at');

  return {
    /** The connection of an active user; `forUpdate` locks the connection row for the caller's transaction. */
    async find(
      connectionId: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<SyncConnection | undefined> {
      let q = base().where('c.id', connectionId).first<ConnectionRow | undefined>(COLUMNS);
      if (options.forUpdate) q = q.forUpdate('c');
      const row = await q;
      return row ? toConnection(row) : undefined;
    },

    async findForUser(userId: string, provider: string): Promise<SyncConnection | undefined> {
      const row = await base()
        .where({ 'c.user_id': userId, 'c.provider': provider })
        .first<ConnectionRow | undefined>(COLUMNS);
      return row ? toConnection(row) : undefined;
    },

    async listForUser(userId: string): Promise<SyncConnection[]> {
      const rows = await base()
        .where('c.user_id', userId)
        .orderBy('c.provider')
        .select<ConnectionRow[]>(COLUMNS);
      return rows.map(toConnection);
    },

    /** Connections of a provider account (several teams may connect the same person); optionally one team's. */
    async findByExternalId(
      provider: string,
      externalUserId: string,
      teamId: string | null,
    ): Promise<SyncConnection[]> {
      let q = base().where({ 'c.provider': provider, 'c.external_user_id': externalUserId });
      if (teamId !== null) q = q.where('u.team_id', teamId);
      const rows = await q.orderBy('c.id').select<ConnectionRow[]>(COLUMNS);
      return rows.map(toConnection);
    },

    /** The sealed token columns, row locked: the single-flight point of token refreshes. */
    async lockTokens(connectionId: string): Promise<TokenColumns | undefined> {
      return db('provider_connections')
        .where({ id: connectionId })
        .first<TokenColumns | undefined>(
          'credentials_sealed',
          'previous_refresh_sealed',
          'previous_refresh_until',
        )
        .forUpdate();
    },

    async storeTokens(
      connectionId: string,
      input: TokenColumns & { tokenExpiresAt: Date | null; scopes: string[]; now: Date },
    ): Promise<void> {
      await db('provider_connections').where({ id: connectionId }).update({
        credentials_sealed: input.credentials_sealed,
        previous_refresh_sealed: input.previous_refresh_sealed,
        previous_refresh_until: input.previous_refresh_until,
        token_expires_at: input.tokenExpiresAt,
        scopes: input.scopes,
        updated_at: input.now,
      });
    },

    /** Puts a connected connection in error; false when it already was (the error is announced once). */
    async markError(connectionId: string, details: ConnectionErrorDetails, now: Date): Promise<boolean> {
      const n = await db('provider_connections')
        .where({ id: connectionId, status: 'connected' })
        .update({ status: 'error', error_details: JSON.stringify(details), updated_at: now });
      return n > 0;
    },

    /** Deletes the connection (its sync streams cascade); the user's data stays. */
    async delete(connectionId: string): Promise<boolean> {
      return (await db('provider_connections').where({ id: connectionId }).del()) > 0;
    },

    async recordSync(connectionId: string, now: Date, nextSyncAt: Date | null): Promise<void> {
      await db('provider_connections')
        .where({ id: connectionId })
        .update({ last_sync_at: now, next_sync_at: nextSyncAt });
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof createConnectionsRepository>;
