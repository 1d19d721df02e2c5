import type { Knex } from 'knex';
import { isIanaTimeZone, isUuid, NotFoundError, type Environment } from '@meridian/domain';

/** What ingestion needs of a user: the event owner, the fallback zone and the ingestion bounds. */
export interface IngestionUser {
  id: string;
  teamId: string;
  environment: Environment;
  clientUserId: string;
  fallbackTimeZone: string | null;
  /** Inclusive `YYYY-MM-DD` bounds; null = unbounded. */
  ingestionStart: string | null;
  ingestionEnd: string | null;
}

interface UserRow {
  id: string;
  team_id: string;
  environment: Environment;
  client_user_id: string;
  fallback_time_zone: string | null;
  ingestion_start: string | null;
  ingestion_end: string | null;
}

/**
 * Loads an active user and holds a key-share lock on it until the transaction ends, so the purge cannot
 * remove the user while its data is being written.
 */
export async function loadIngestionUser(trx: Knex.Transaction, userId: string): Promise<IngestionUser> {
  const row: UserRow | undefined = isUuid(userId)
    ? await trx('users')
        .select(
          'id',
          'team_id',
          'environment',
          'client_user_id',
          'fallback_time_zone',
          'ingestion_start',
          'ingestion_end',
        )
        .where({ id: userId })
        .whereNull('deleted_at')
        .forKeyShare()
        .first()
    : undefined;
  if (!row) throw new NotFoundError('User not found.', { user_id: userId });
  return {
    id: row.id,
    teamId: row.team_id,
    environment: row.environment,
    clientUserId: row.client_user_id,
    fallbackTimeZone:
      row.fallback_time_zone && isIanaTimeZone(row.fallback_time_zone) ? row.fallback_time_zone : null,
    ingestionStart: row.ingestion_start,
    ingestionEnd: row.ingestion_end,
  };
}
