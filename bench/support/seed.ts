/** Loads benchmark volume with set-based SQL (generate_series), so millions of samples load in minutes. */
import type { Knex } from '@meridian/db';
import { createOrgWithKey, createTeamWithKeys } from '@meridian/db';

export const YEAR_START = '2025-01-01T00:00:00Z';
export const YEAR_END = '2026-01-01T00:00:00Z';

export interface Seeded {
  apiKey: string;
  teamId: string;
  primaryUserId: string;
}

export async function seedTenancyAndUsers(db: Knex, userCount: number): Promise<Seeded> {
  const org = await createOrgWithKey(db, { plan: 'scale' });
  const team = await createTeamWithKeys(db, org.orgId);
  await db.raw(
    `insert into users (id, team_id, environment, client_user_id)
     select gen_random_uuid(), ?, 'sandbox', 'bench-' || g from generate_series(1, ?) g`,
    [team.teamId, userCount],
  );
  const primary = await db('users').where({ client_user_id: 'bench-1' }).first('id');
  return { apiKey: team.apiKeys.sandbox, teamId: team.teamId, primaryUserId: primary.id as string };
}

/**
 * A year of minute heart rate for one user: 525,600 samples following a day/night rhythm. Written straight into
 * the compact `samples` layout (series and context resolved once), not through the `timeseries_samples` view.
 */
export async function seedYearOfMinuteHeartRate(db: Knex, userId: string): Promise<number> {
  const result = await db.raw(
    `insert into samples (user_id, series, context, start_at, value)
     select ?::uuid, (select sample_series_id(?::uuid, 'heartrate', 'oura', 'ring', '')),
            (select sample_context_id(?::uuid, 3600, null, null, null, null)), ts,
            round((62 + 18 * sin(extract(epoch from ts) / 86400.0 * 2 * pi()) + random() * 6)::numeric, 1)::float8
     from generate_series(?::timestamptz, ?::timestamptz - interval '1 minute', interval '1 minute') ts`,
    [userId, userId, userId, YEAR_START, YEAR_END],
  );
  return result.rowCount as number;
}

/** Adds minute heart rate for the other users until the table holds `total` samples. */
export async function growSamplesTo(db: Knex, total: number, log: (msg: string) => void): Promise<number> {
  let count = await sampleCount(db);
  let day = 0;
  while (count < total) {
    // One day of minute samples for as many other users as needed, one statement per day.
    const users = Math.min(999, Math.ceil((total - count) / 1440));
    const result = await db.raw(
      `with u as materialized (
         select id, sample_series_id(id, 'heartrate', 'fitbit', 'watch', '') as series,
                sample_context_id(id, null, null, null, null, null) as context
         from (select id from users where client_user_id <> 'bench-1' order by client_user_id limit ?) v
       )
       insert into samples (user_id, series, context, start_at, value)
       select u.id, u.series, u.context, ts, 60 + random() * 40
       from u
       cross join generate_series(?::timestamptz + make_interval(days => ?),
                                  ?::timestamptz + make_interval(days => ?) + interval '1439 minutes',
                                  interval '1 minute') ts
       on conflict do nothing`,
      [users, YEAR_START, day, YEAR_START, day],
    );
    count += result.rowCount as number;
    day += 1;
    if (day % 10 === 0) log(`  … ${count.toLocaleString('en-US')} samples`);
  }
  await db.raw('vacuum analyze samples');
  return count;
}

export async function sampleCount(db: Knex): Promise<number> {
  const row = await db('samples').count<{ count: number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}
