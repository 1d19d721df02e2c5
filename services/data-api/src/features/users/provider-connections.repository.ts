import type { Knex } from '@meridian/db';
import type { ProviderConnection } from '@meridian/domain';

/** A user's provider connections. Callers check the user's tenancy first (rows carry only user_id). */

interface ConnectionRow {
  id: string;
  user_id: string;
  provider: string;
  status: ProviderConnection['status'];
  external_user_id: string | null;
  error_details: ProviderConnection['errorDetails'];
  resource_availability: Record<string, unknown> | null;
  created_on: Date;
}

function toConnection(row: ConnectionRow): ProviderConnection {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    status: row.status,
    externalUserId: row.external_user_id,
    errorDetails: row.error_details,
    resourceAvailability: row.resource_availability ?? {},
    createdOn: row.created_on,
  };
}

export function createProviderConnectionsRepository(db: Knex | Knex.Transaction) {
  /** Connections of each user, ordered by created_on then provider. */
  async function listForUsers(userIds: readonly string[]): Promise<Map<string, ProviderConnection[]>> {
    const byUser = new Map<string, ProviderConnection[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows = await db<ConnectionRow>('provider_connections')
      .whereIn('user_id', userIds)
      .orderBy([{ column: 'created_on' }, { column: 'provider' }]);
    for (const row of rows) byUser.get(row.user_id)?.push(toConnection(row));
    return byUser;
  }

  return {
    listForUsers,

    async listForUser(userId: string): Promise<ProviderConnection[]> {
      return (await listForUsers([userId])).get(userId) ?? [];
    },

    /** Deregisters every connection of the user at once (user deletion). */
    async deleteAllForUser(userId: string): Promise<number> {
      return db('provider_connections').where({ user_id: userId }).del();
    },

    /**
     * Providers of the user's connections made through a connector (demo connections generate their data
     * and have nothing to fetch; the caller keeps those with a connector).
     */
    async listNonDemoProviders(userId: string): Promise<string[]> {
      const rows = await db('provider_connections as pc')
        .where('pc.user_id', userId)
        .whereNotExists((q) =>
          q.select(1).from('demo_connections as dc').whereRaw('dc.connection_id = pc.id'),
        )
        .select<{ provider: string }[]>('pc.provider');
      return rows.map((r) => r.provider);
    },

    /** True when the user's connection to `provider` is a demo connection. */
    async isDemo(userId: string, provider: string): Promise<boolean> {
      return (
        (await db('demo_connections').where({ user_id: userId, provider }).first('connection_id')) !==
        undefined
      );
    },

    /** False when the user has no connection to `provider`. */
    async deleteOne(userId: string, provider: string): Promise<boolean> {
      const deleted = await db('provider_connections').where({ user_id: userId, provider }).del();
      return deleted > 0;
    },
  };
}

export type ProviderConnectionsRepository = ReturnType<typeof createProviderConnectionsRepository>;
