import { connectorFor } from '@meridian/connectors';
import { NotFoundError, providerBySlug, type ProviderConnection, type TeamScope } from '@meridian/domain';
import type { Logger } from '@meridian/platform';
import { deregisterConnection, requestRefresh, type SyncDeps } from '@meridian/sync';
import type { UnitOfWork } from '../unit-of-work';
import { USER_NOT_FOUND } from './users.service';

/** A user's provider connections: list them with their status, refresh them, deregister one. */

export interface UserConnectionsDeps {
  uow: UnitOfWork<'users' | 'providerConnections' | 'refreshRequests' | 'sdkSessions'>;
  clock: () => Date;
  sync: SyncDeps;
  logger?: Logger;
}

/** `POST /v2/user/refresh`: 8 accepted calls per user within any hour (api-shapes §1 "Rate limits"). */
export const REFRESH_LIMIT = 8;
const REFRESH_WINDOW_MS = 3600_000;

export type RefreshOutcome =
  | { kind: 'done' | 'in_progress'; refreshed: string[]; inProgress: string[]; failed: string[] }
  | { kind: 'rejected'; error: string; failed: string[] | null }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

const NO_CONNECTION = (provider: string) =>
  new NotFoundError(
    providerBySlug(provider)
      ? 'The user has no connection to this provider.'
      : 'Unknown provider slug; see GET /v2/providers.',
  );

export function createUserConnectionsService(deps: UserConnectionsDeps) {
  async function requireUser(scope: TeamScope, userId: string) {
    const user = await deps.uow.read(({ users }) => users.findActiveById(scope, userId));
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }

  /** Connections made through a connector (demo connections generate their data and have nothing to fetch). */
  async function refreshableProviders(userId: string): Promise<string[]> {
    const providers = await deps.uow.read(({ providerConnections }) =>
      providerConnections.listNonDemoProviders(userId),
    );
    return providers.filter((p) => connectorFor(p) !== undefined);
  }

  /** Records the call unless the user already had REFRESH_LIMIT within the hour (then: seconds to wait). */
  async function admitRefresh(scope: TeamScope, userId: string): Promise<number | null> {
    return deps.uow.write(async ({ users, refreshRequests }) => {
      // The user's row lock serialises concurrent calls, so the count cannot be overtaken.
      if (!(await users.findActiveById(scope, userId, { forUpdate: true }))) {
        throw new NotFoundError(USER_NOT_FOUND);
      }
      const now = deps.clock();
      const windowStart = new Date(now.getTime() - REFRESH_WINDOW_MS);
      const recent = await refreshRequests.latestSince(userId, windowStart, REFRESH_LIMIT);
      if (recent.length >= REFRESH_LIMIT) {
        // The call is admitted again once the oldest of the last REFRESH_LIMIT leaves the window.
        const frees = recent[REFRESH_LIMIT - 1]!.getTime() + REFRESH_WINDOW_MS;
        return Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
      }
      await refreshRequests.record(userId, now);
      return null;
    });
  }

  return {
    async listConnections(scope: TeamScope, userId: string): Promise<ProviderConnection[]> {
      const user = await requireUser(scope, userId);
      return deps.uow.read(({ providerConnections }) => providerConnections.listForUser(user.id));
    },

    async refresh(scope: TeamScope, userId: string, timeoutSeconds: number): Promise<RefreshOutcome> {
      await requireUser(scope, userId);
      if ((await refreshableProviders(userId)).length === 0) {
        return {
          kind: 'rejected',
          error:
            'The user has no provider connection that can be refreshed (demo and manual connections are not).',
          failed: null,
        };
      }
      const retryAfterSeconds = await admitRefresh(scope, userId);
      if (retryAfterSeconds !== null) return { kind: 'rate_limited', retryAfterSeconds };
      const result = await requestRefresh(deps.sync, {
        userId,
        timeoutMs: Math.round(timeoutSeconds * 1000),
      });
      const outcome = {
        refreshed: result.refreshed_sources,
        inProgress: result.in_progress_sources,
        failed: result.failed_sources,
      };
      if (outcome.inProgress.length > 0) return { kind: 'in_progress', ...outcome };
      if (outcome.refreshed.length === 0 && outcome.failed.length > 0) {
        return {
          kind: 'rejected',
          error: 'Every provider of the user failed to refresh.',
          failed: outcome.failed,
        };
      }
      return { kind: 'done', ...outcome };
    },

    /**
     * Removes that connection only; the user's data stays. A real provider's access is revoked there and its
     * pulls stop (the sync engine); a demo or manual connection is simply removed.
     */
    async deregister(scope: TeamScope, userId: string, provider: string): Promise<void> {
      await requireUser(scope, userId);
      const demo = await deps.uow.read(({ providerConnections }) =>
        providerConnections.isDemo(userId, provider),
      );
      if (!demo && connectorFor(provider)) {
        if (!(await deregisterConnection(deps.sync, { userId, provider }))) throw NO_CONNECTION(provider);
        return;
      }
      await deps.uow.write(async ({ users, providerConnections, sdkSessions }) => {
        // Locking the user keeps a concurrent DELETE of the user from interleaving.
        const user = await users.findActiveById(scope, userId, { forUpdate: true });
        if (!user) throw new NotFoundError(USER_NOT_FOUND);
        if (!(await providerConnections.deleteOne(user.id, provider))) throw NO_CONNECTION(provider);
        // A device session pushes for every mobile provider: removing one signs all the user's devices out.
        if (providerBySlug(provider)?.authType === 'sdk') {
          await sdkSessions.revokeAllOfUser(user.id, deps.clock());
        }
      });
    },

    /**
     * Revokes every real provider connection of the user at its provider, best effort: a provider that
     * cannot be reached is logged and does not stop the user's deletion (which removes the rows anyway).
     */
    async deregisterAllAtProviders(userId: string): Promise<void> {
      for (const provider of await refreshableProviders(userId)) {
        try {
          await deregisterConnection(deps.sync, { userId, provider });
        } catch (err) {
          deps.logger?.warn('could not deregister a connection at its provider while deleting the user', {
            err,
            provider,
          });
        }
      }
    },
  };
}

export type UserConnectionsService = ReturnType<typeof createUserConnectionsService>;
