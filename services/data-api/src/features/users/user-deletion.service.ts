import { ConflictError, NotFoundError, purgeDueAt, type TeamScope } from '@meridian/domain';
import { isClientUserIdTaken, type StoredUser } from './users.repository';
import type { UndoSelector } from './user-input.rules';
import { USER_NOT_FOUND, type UsersServiceDeps } from './users.service';
import type { UnitOfWork } from '../unit-of-work';

/**
 * Deletion with a 7-day grace period (spec): DELETE hides the user and frees its client_user_id; undo
 * restores it while the period runs; afterwards the scheduler's purge erases it (purgeExpiredUsers).
 */

export const GRACE_PERIOD_ENDED = 'The deletion grace period has ended; the user was erased.';
const NOTHING_TO_RESTORE =
  'No deleted user to restore: it never existed in this team environment, or the deletion grace period has ended and the user was erased.';
const CLIENT_USER_ID_ACTIVE =
  'No deleted user to restore: this client_user_id belongs to an active user (resolve it to get its user_id).';

function clientUserIdTaken(holderId: string): ConflictError {
  return new ConflictError(
    'client_user_id_taken',
    "The user's client_user_id now belongs to another user; delete that user or change its client_user_id, then retry.",
    { user_id: holderId },
  );
}

export function createUserDeletionService(
  deps: Omit<UsersServiceDeps, 'uow'> & {
    uow: UnitOfWork<'users' | 'providerConnections' | 'sdkSessions'>;
    /** Revokes the user's real provider connections at their providers before the rows go (best effort). */
    deregisterAtProviders?: (userId: string) => Promise<void>;
  },
) {
  async function throwIfTaken(scope: TeamScope, user: StoredUser): Promise<void> {
    const holder = await deps.uow.read(({ users }) =>
      users.findActiveByClientUserId(scope, user.clientUserId),
    );
    if (holder && holder.id !== user.id) throw clientUserIdTaken(holder.id);
  }

  return {
    /** Starts the grace period and deregisters every provider connection. */
    async deleteUser(scope: TeamScope, userId: string): Promise<void> {
      // Revocation first, outside the transaction (provider calls are slow): a deleted user never keeps
      // live connections, even when the process stops between the two steps.
      if (deps.deregisterAtProviders) {
        if (!(await deps.uow.read(({ users }) => users.findActiveById(scope, userId)))) {
          throw new NotFoundError(USER_NOT_FOUND);
        }
        await deps.deregisterAtProviders(userId);
      }
      await deps.uow.write(async ({ users, providerConnections, sdkSessions }) => {
        const deletedAt = deps.clock();
        const marked = await users.markDeleted(scope, userId, deletedAt, purgeDueAt(deletedAt));
        if (!marked) throw new NotFoundError(USER_NOT_FOUND);
        await providerConnections.deleteAllForUser(userId);
        // Every mobile-SDK device of the user is signed out (decision 0009); an undo does not sign it back in.
        await sdkSessions.revokeAllOfUser(userId, deletedAt);
      });
    },

    async undoDelete(scope: TeamScope, selector: UndoSelector): Promise<void> {
      let target: StoredUser | undefined;
      try {
        await deps.uow.write(async ({ users }) => {
          if ('userId' in selector) {
            target = await users.lockById(scope, selector.userId);
          } else {
            target = await users.lockLatestDeletedByClientUserId(scope, selector.clientUserId);
            if (!target && (await users.findActiveByClientUserId(scope, selector.clientUserId))) {
              throw new NotFoundError(CLIENT_USER_ID_ACTIVE);
            }
          }
          if (!target) throw new NotFoundError(NOTHING_TO_RESTORE);
          if (target.deletedAt === null) return; // already active: a retried undo succeeds
          if (target.purgeAfter === null || target.purgeAfter <= deps.clock()) {
            throw new NotFoundError(GRACE_PERIOD_ENDED);
          }
          const holder = await users.findActiveByClientUserId(scope, target.clientUserId);
          if (holder) throw clientUserIdTaken(holder.id);
          await users.restore(target.id);
        });
      } catch (err) {
        // A create that took the client_user_id after our check loses nothing: report its holder.
        if (target && isClientUserIdTaken(err)) await throwIfTaken(scope, target);
        throw err;
      }
    },
  };
}

export type UserDeletionService = ReturnType<typeof createUserDeletionService>;
