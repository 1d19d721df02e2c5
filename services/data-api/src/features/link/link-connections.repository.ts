import type { Knex } from '@meridian/db';
import { newId, type TeamScope } from '@meridian/domain';

/** The provider connections the link flows read and write beyond the sync engine's own. */

export interface ProviderAccount {
  provider: string;
  externalUserId: string;
}

export function createLinkConnectionsRepository(db: Knex | Knex.Transaction) {
  return {
    /** True when another active user of the team environment is connected to this provider account. */
    async isLinkedToAnotherUser(
      scope: TeamScope,
      userId: string,
      account: ProviderAccount,
    ): Promise<boolean> {
      const row = await db('provider_connections as pc')
        .join('users as u', 'u.id', 'pc.user_id')
        .where({
          'pc.provider': account.provider,
          'pc.external_user_id': account.externalUserId,
          'u.team_id': scope.teamId,
          'u.environment': scope.environment,
        })
        .whereNull('u.deleted_at')
        .whereNot('pc.user_id', userId)
        .first('pc.id');
      return row !== undefined;
    },

    /** A manual-provider (`app`) connection; false when the user already has one to `provider`. */
    async insertManualConnection(input: {
      userId: string;
      provider: string;
      externalUserId: string | null;
      resourceAvailability: object;
      now: Date;
    }): Promise<boolean> {
      const inserted = await db('provider_connections')
        .insert({
          id: newId(),
          user_id: input.userId,
          provider: input.provider,
          status: 'connected',
          auth_type: 'app',
          external_user_id: input.externalUserId,
          resource_availability: JSON.stringify(input.resourceAvailability),
          created_on: input.now,
          updated_at: input.now,
        })
        .onConflict(['user_id', 'provider'])
        .ignore()
        .returning<{ id: string }[]>('id');
      return inserted.length > 0;
    },
  };
}

export type LinkConnectionsRepository = ReturnType<typeof createLinkConnectionsRepository>;
