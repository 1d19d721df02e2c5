import { withTransaction } from '@meridian/db';
import { NotFoundError, providerBySlug, type ProviderConnection, type TeamScope } from '@meridian/domain';
import { createProviderConnectionsRepository } from './provider-connections.repository';
import { createUsersRepository } from './users.repository';
import { USER_NOT_FOUND, type UsersServiceDeps } from './users.service';

/** A user's provider connections: list them with their status, deregister one. */
export function createUserConnectionsService(deps: UsersServiceDeps) {
  return {
    async listConnections(scope: TeamScope, userId: string): Promise<ProviderConnection[]> {
      const user = await createUsersRepository(deps.db).findActiveById(scope, userId);
      if (!user) throw new NotFoundError(USER_NOT_FOUND);
      return createProviderConnectionsRepository(deps.db).listForUser(user.id);
    },

    /** Removes that connection only; the user's data stays. */
    async deregister(scope: TeamScope, userId: string, provider: string): Promise<void> {
      await withTransaction(deps.db, async (trx) => {
        // Locking the user keeps a concurrent DELETE of the user from interleaving.
        const user = await createUsersRepository(trx).findActiveById(scope, userId, { forUpdate: true });
        if (!user) throw new NotFoundError(USER_NOT_FOUND);
        const removed = await createProviderConnectionsRepository(trx).deleteOne(user.id, provider);
        if (removed) return;
        throw new NotFoundError(
          providerBySlug(provider)
            ? 'The user has no connection to this provider.'
            : 'Unknown provider slug; see GET /v2/providers.',
        );
      });
    },
  };
}

export type UserConnectionsService = ReturnType<typeof createUserConnectionsService>;
