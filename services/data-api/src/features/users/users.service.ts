import {
  BadRequestError,
  MANUAL_SOURCE_SLUG,
  newId,
  NotFoundError,
  type FallbackValue,
  type ProviderConnection,
  type TeamScope,
  type User,
} from '@meridian/domain';
import type { UnitOfWork } from '../unit-of-work';
import { isClientUserIdTaken, type UserChanges } from './users.repository';
import { assertNoIssues, ingestionBoundsIssue, userInputIssues, type UserInput } from './user-input.rules';
import { wireDateTime } from './users.presenter';

export interface UsersServiceDeps {
  uow: UnitOfWork<'users' | 'providerConnections'>;
  clock: () => Date;
}

export interface UserView {
  user: User;
  connections: ProviderConnection[];
}

export interface UsersPageView {
  users: UserView[];
  total: number;
}

export type UserCreateInput = UserInput & { client_user_id: string };

export const USER_NOT_FOUND = 'No user with this id in this team environment.';

/** Creating twice with one client_user_id returns the existing user's handle (spec: 400 with user_id, created_on). */
export function duplicateClientUserId(holder: User): BadRequestError {
  return new BadRequestError(
    'duplicate_client_user_id',
    'A user with this client_user_id already exists in this team environment.',
    { user_id: holder.id, created_on: wireDateTime(holder.createdOn) },
  );
}

function manual(value: string | null | undefined, now: Date): FallbackValue<string> | null | undefined {
  if (value === undefined || value === null) return value;
  return { value, sourceSlug: MANUAL_SOURCE_SLUG, updatedAt: now };
}

function changesFrom(input: UserInput, now: Date): UserChanges {
  return {
    clientUserId: input.client_user_id,
    fallbackTimeZone: manual(input.fallback_time_zone, now),
    fallbackBirthDate: manual(input.fallback_birth_date, now),
    ingestionStart: input.ingestion_start,
    ingestionEnd: input.ingestion_end,
  };
}

/** Create, read and update users of the caller's team environment. */
export function createUsersService(deps: UsersServiceDeps) {
  const { uow } = deps;

  async function view(user: User): Promise<UserView> {
    return {
      user,
      connections: await uow.read(({ providerConnections }) => providerConnections.listForUser(user.id)),
    };
  }

  async function throwIfHeld(scope: TeamScope, clientUserId: string): Promise<void> {
    const holder = await uow.read(({ users }) => users.findActiveByClientUserId(scope, clientUserId));
    if (holder) throw duplicateClientUserId(holder);
  }

  return {
    async create(scope: TeamScope, input: UserCreateInput): Promise<UserView> {
      assertNoIssues(userInputIssues(input));
      // Two attempts: a racing create surfaces as the unique violation, then as the holder on re-read.
      for (let attempt = 1; ; attempt++) {
        await throwIfHeld(scope, input.client_user_id);
        const now = deps.clock();
        const changes = changesFrom(input, now);
        const user: User = {
          id: newId(),
          teamId: scope.teamId,
          environment: scope.environment,
          clientUserId: input.client_user_id,
          createdOn: now,
          fallbackTimeZone: changes.fallbackTimeZone ?? null,
          fallbackBirthDate: changes.fallbackBirthDate ?? null,
          ingestionStart: input.ingestion_start ?? null,
          ingestionEnd: input.ingestion_end ?? null,
          deletedAt: null,
        };
        try {
          await uow.write(({ users }) => users.insert(user));
          return { user, connections: [] };
        } catch (err) {
          if (!isClientUserIdTaken(err) || attempt >= 2) throw err;
        }
      }
    },

    async list(scope: TeamScope, offset: number, limit: number): Promise<UsersPageView> {
      const { page, byUser } = await uow.read(async ({ users, providerConnections }) => {
        const page = await users.page(scope, offset, limit);
        return { page, byUser: await providerConnections.listForUsers(page.users.map((u) => u.id)) };
      });
      return {
        users: page.users.map((user) => ({ user, connections: byUser.get(user.id) ?? [] })),
        total: page.total,
      };
    },

    async get(scope: TeamScope, userId: string): Promise<UserView> {
      const user = await uow.read(({ users }) => users.findActiveById(scope, userId));
      if (!user) throw new NotFoundError(USER_NOT_FOUND);
      return view(user);
    },

    async resolve(scope: TeamScope, clientUserId: string): Promise<UserView> {
      const user = await uow.read(({ users }) => users.findActiveByClientUserId(scope, clientUserId));
      if (!user) throw new NotFoundError('No user with this client_user_id in this team environment.');
      return view(user);
    },

    async patch(scope: TeamScope, userId: string, input: UserInput): Promise<void> {
      assertNoIssues(userInputIssues(input));
      try {
        await uow.write(async ({ users: repo }) => {
          const current = await repo.findActiveById(scope, userId, { forUpdate: true });
          if (!current) throw new NotFoundError(USER_NOT_FOUND);
          const bounds = ingestionBoundsIssue(input, current);
          if (bounds) assertNoIssues([bounds]);
          const cuid = input.client_user_id;
          if (cuid !== undefined && cuid !== current.clientUserId) {
            const holder = await repo.findActiveByClientUserId(scope, cuid);
            if (holder) throw duplicateClientUserId(holder);
          }
          await repo.update(current.id, changesFrom(input, deps.clock()));
        });
      } catch (err) {
        if (!isClientUserIdTaken(err) || input.client_user_id === undefined) throw err;
        await throwIfHeld(scope, input.client_user_id);
        throw err;
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
