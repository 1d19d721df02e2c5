import type { Knex } from '@meridian/db';
import type { FallbackValue, TeamScope, User } from '@meridian/domain';

/** Every query is scoped to one team + environment: another tenant's user is simply not found. */

/** A user record with the end of its grace period (null while active). */
export interface StoredUser extends User {
  purgeAfter: Date | null;
}

/** Column changes a PATCH may make; `undefined` leaves a column alone. */
export interface UserChanges {
  clientUserId?: string;
  fallbackTimeZone?: FallbackValue<string> | null;
  fallbackBirthDate?: FallbackValue<string> | null;
  ingestionStart?: string | null;
  ingestionEnd?: string | null;
}

interface UserRow {
  id: string;
  team_id: string;
  environment: User['environment'];
  client_user_id: string;
  created_on: Date;
  fallback_time_zone: string | null;
  fallback_time_zone_source: string | null;
  fallback_time_zone_updated_at: Date | null;
  fallback_birth_date: string | null;
  fallback_birth_date_source: string | null;
  fallback_birth_date_updated_at: Date | null;
  ingestion_start: string | null;
  ingestion_end: string | null;
  deleted_at: Date | null;
  purge_after: Date | null;
}

const USERS_CLIENT_USER_ID_UQ = 'users_client_user_id_uq';

/** True when `err` is PostgreSQL's unique violation on the active-client_user_id index. */
export function isClientUserIdTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === USERS_CLIENT_USER_ID_UQ;
}

function fallback<T>(
  value: T | null,
  source: string | null,
  updatedAt: Date | null,
): FallbackValue<T> | null {
  if (value === null) return null;
  return { value, sourceSlug: source ?? 'manual', updatedAt: updatedAt ?? new Date(0) };
}

function toUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    teamId: row.team_id,
    environment: row.environment,
    clientUserId: row.client_user_id,
    createdOn: row.created_on,
    fallbackTimeZone: fallback(
      row.fallback_time_zone,
      row.fallback_time_zone_source,
      row.fallback_time_zone_updated_at,
    ),
    fallbackBirthDate: fallback(
      row.fallback_birth_date,
      row.fallback_birth_date_source,
      row.fallback_birth_date_updated_at,
    ),
    ingestionStart: row.ingestion_start,
    ingestionEnd: row.ingestion_end,
    deletedAt: row.deleted_at,
    purgeAfter: row.purge_after,
  };
}

function fallbackColumns(
  prefix: 'fallback_time_zone' | 'fallback_birth_date',
  v: FallbackValue<string> | null,
) {
  return {
    [prefix]: v?.value ?? null,
    [`${prefix}_source`]: v?.sourceSlug ?? null,
    [`${prefix}_updated_at`]: v?.updatedAt ?? null,
  };
}

function changeColumns(changes: UserChanges): Record<string, unknown> {
  return {
    ...(changes.clientUserId !== undefined && { client_user_id: changes.clientUserId }),
    ...(changes.fallbackTimeZone !== undefined &&
      fallbackColumns('fallback_time_zone', changes.fallbackTimeZone)),
    ...(changes.fallbackBirthDate !== undefined &&
      fallbackColumns('fallback_birth_date', changes.fallbackBirthDate)),
    ...(changes.ingestionStart !== undefined && { ingestion_start: changes.ingestionStart }),
    ...(changes.ingestionEnd !== undefined && { ingestion_end: changes.ingestionEnd }),
  };
}

export function createUsersRepository(db: Knex | Knex.Transaction) {
  const scoped = (scope: TeamScope) =>
    db<UserRow>('users').where({ team_id: scope.teamId, environment: scope.environment });
  const active = (scope: TeamScope) => scoped(scope).whereNull('deleted_at');

  return {
    async findActiveById(scope: TeamScope, id: string, opts: { forUpdate?: boolean } = {}) {
      const q = active(scope).where({ id }).first();
      const row = await (opts.forUpdate ? q.forUpdate() : q);
      return row ? toUser(row) : undefined;
    },

    async findActiveByClientUserId(scope: TeamScope, clientUserId: string) {
      const row = await active(scope).where({ client_user_id: clientUserId }).first();
      return row ? toUser(row) : undefined;
    },

    /** Active or deleted (not yet purged), locked for the caller's transaction. */
    async lockById(scope: TeamScope, id: string) {
      const row = await scoped(scope).where({ id }).first().forUpdate();
      return row ? toUser(row) : undefined;
    },

    /** The most recently deleted (not yet purged) user that held `clientUserId`, locked. */
    async lockLatestDeletedByClientUserId(scope: TeamScope, clientUserId: string) {
      const row = await scoped(scope)
        .where({ client_user_id: clientUserId })
        .whereNotNull('deleted_at')
        .orderBy('deleted_at', 'desc')
        .first()
        .forUpdate();
      return row ? toUser(row) : undefined;
    },

    /** Active users ordered by created_on, id; `total` counts them all. */
    async page(scope: TeamScope, offset: number, limit: number) {
      const [rows, counted] = await Promise.all([
        active(scope)
          .orderBy([{ column: 'created_on' }, { column: 'id' }])
          .offset(offset)
          .limit(limit),
        active(scope).count<{ count: number }[]>({ count: '*' }),
      ]);
      return { users: rows.map(toUser), total: Number(counted[0]?.count ?? 0) };
    },

    async insert(user: User): Promise<void> {
      await db('users').insert({
        id: user.id,
        team_id: user.teamId,
        environment: user.environment,
        client_user_id: user.clientUserId,
        created_on: user.createdOn,
        ...fallbackColumns('fallback_time_zone', user.fallbackTimeZone),
        ...fallbackColumns('fallback_birth_date', user.fallbackBirthDate),
        ingestion_start: user.ingestionStart,
        ingestion_end: user.ingestionEnd,
      });
    },

    async update(id: string, changes: UserChanges): Promise<void> {
      const columns = changeColumns(changes);
      if (Object.keys(columns).length === 0) return;
      await db('users').where({ id }).update(columns);
    },

    /** Starts the grace period; false when there is no such active user. */
    async markDeleted(scope: TeamScope, id: string, deletedAt: Date, purgeAfter: Date): Promise<boolean> {
      const updated = await active(scope)
        .where({ id })
        .update({ deleted_at: deletedAt, purge_after: purgeAfter });
      return updated === 1;
    },

    async restore(id: string): Promise<void> {
      await db('users').where({ id }).update({ deleted_at: null, purge_after: null });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
