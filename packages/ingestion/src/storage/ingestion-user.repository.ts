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
  /**
   * Whether the team environment has an Azure Event Hubs pipeline that asks for historical data
   * (`push_historical_data`, api-shapes §7.4): only then does a historical chunk write data events.
   */
  pushesHistoricalEtl: boolean;
}

/** A `users` row as `ingestionUserColumns` selects it. */
export interface IngestionUserRow {
  id: string;
  team_id: string;
  environment: Environment;
  client_user_id: string;
  fallback_time_zone: string | null;
  ingestion_start: string | null;
  ingestion_end: string | null;
  pushes_historical_etl: boolean;
}

/** One round trip: the user row and whether its team environment pushes historical data to an ETL pipeline. */
const pushesHistoricalEtl = (users: string) => `exists (
  select 1 from etl_pipelines p
  where p.team_id = ${users}.team_id and p.environment = ${users}.environment and p.push_historical_data
    and p.azure_amqp is not null and p.preferences->'enabled' @> '["azure_amqp"]'::jsonb
) as pushes_historical_etl`;

/**
 * The select list of an `IngestionUserRow` from `users` aliased `alias` (a plain identifier), for a caller
 * that reads (and locks `for key share`) the user in a statement of its own; `toIngestionUser` maps the row.
 */
export function ingestionUserColumns(alias: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`ingestionUserColumns: bad alias ${alias}`);
  return [
    'id',
    'team_id',
    'environment',
    'client_user_id',
    'fallback_time_zone',
    'ingestion_start',
    'ingestion_end',
  ]
    .map((c) => `${alias}.${c}`)
    .concat(pushesHistoricalEtl(alias))
    .join(', ');
}

export function toIngestionUser(row: IngestionUserRow): IngestionUser {
  return {
    id: row.id,
    teamId: row.team_id,
    environment: row.environment,
    clientUserId: row.client_user_id,
    fallbackTimeZone:
      row.fallback_time_zone && isIanaTimeZone(row.fallback_time_zone) ? row.fallback_time_zone : null,
    ingestionStart: row.ingestion_start,
    ingestionEnd: row.ingestion_end,
    pushesHistoricalEtl: row.pushes_historical_etl,
  };
}

const USER_COLUMNS = ingestionUserColumns('users');

/**
 * Loads an active user and holds a key-share lock on it until the transaction ends, so the purge cannot
 * remove the user while its data is being written. `thenSavepoint`: a savepoint (a plain name) to take right
 * after, in the same round trip (two statements in one simple-protocol message: the user id, checked to be a
 * UUID, is its only value, written as a literal). `begin` (with `thenSavepoint`): the message begins the
 * transaction too (`trx` is one whose BEGIN was left to its first statement).
 */
export async function loadIngestionUser(
  trx: Knex.Transaction,
  userId: string,
  opts: { thenSavepoint?: string; begin?: boolean } = {},
): Promise<IngestionUser> {
  if (!isUuid(userId)) throw new NotFoundError('User not found.', { user_id: userId });
  if (opts.begin && opts.thenSavepoint === undefined)
    throw new Error('loadIngestionUser: `begin` goes with `thenSavepoint`');
  let row: IngestionUserRow | undefined;
  if (opts.thenSavepoint !== undefined) {
    if (!/^[a-z_]+$/.test(opts.thenSavepoint)) throw new Error('loadIngestionUser: bad savepoint name');
    const results = await trx.raw<Array<{ rows: IngestionUserRow[] }>>(
      `${opts.begin ? 'begin; ' : ''}select ${ingestionUserColumns('u')} from users u
        where u.id = '${userId.toLowerCase()}'::uuid and u.deleted_at is null limit 1 for key share of u;
      savepoint ${opts.thenSavepoint}`,
    );
    row = results[opts.begin ? 1 : 0]?.rows[0];
  } else {
    row = await trx('users')
      .select(trx.raw(USER_COLUMNS))
      .where({ id: userId })
      .whereNull('deleted_at')
      .forKeyShare()
      .first();
  }
  if (!row) throw new NotFoundError('User not found.', { user_id: userId });
  return toIngestionUser(row);
}
