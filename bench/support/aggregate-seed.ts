/**
 * Data for the aggregation benchmark (issue 14): one user with a year of minute heart rate (525,600 samples,
 * one set-based statement) and a year of daily activity and sleep summaries, plus 999 other users of the same
 * team (the continuous-query figure ingests for them). The team has the `continuous_query` closed beta.
 */
import type { Knex } from '@meridian/db';
import { seedTenancyAndUsers, seedYearOfMinuteHeartRate, type Seeded, YEAR_END, YEAR_START } from './seed';

export interface AggregateSeeded extends Seeded {
  userIds: string[];
  samples: number;
}

/** The primary user lives in Berlin; samples carry their own offset (+01:00), as the seed writes them. */
export async function seedAggregateData(db: Knex, userCount: number): Promise<AggregateSeeded> {
  const seeded = await seedTenancyAndUsers(db, userCount);
  await db('team_features').insert({ team_id: seeded.teamId, feature: 'continuous_query' });
  await db('users').where({ id: seeded.primaryUserId }).update({ fallback_time_zone: 'Europe/Berlin' });
  const samples = await seedYearOfMinuteHeartRate(db, seeded.primaryUserId);
  await db.raw(
    `insert into summaries (id, user_id, kind, provider, source_type, provider_summary_id, calendar_date,
                            start_at, end_at, payload)
     select gen_random_uuid(), ?, 'activity', 'oura', 'ring', 'activity-' || d::date, d::date, null, null,
            jsonb_build_object('steps', 6000 + (extract(doy from d)::int * 37) % 5000,
                               'calories_total', 2100 + (extract(doy from d)::int * 13) % 600,
                               'heart_rate', jsonb_build_object('avg_bpm', 64 + extract(doy from d)::int % 9))
     from generate_series(?::timestamptz, ?::timestamptz - interval '1 day', interval '1 day') d`,
    [seeded.primaryUserId, YEAR_START, YEAR_END],
  );
  await db.raw(
    `insert into summaries (id, user_id, kind, provider, source_type, provider_summary_id, calendar_date,
                            start_at, end_at, payload)
     select gen_random_uuid(), ?, 'sleep', 'oura', 'ring', 'sleep-' || d::date, d::date,
            d - interval '8 hours', d - interval '30 minutes',
            jsonb_build_object('duration', 27000, 'total', 24000 + (extract(doy from d)::int * 17) % 3000,
                               'deep', 5400, 'rem', 5400, 'latency', 600, 'timezone_offset', 3600)
     from generate_series(?::timestamptz + interval '7 hours', ?::timestamptz - interval '17 hours',
                          interval '1 day') d`,
    [seeded.primaryUserId, YEAR_START, YEAR_END],
  );
  await db.raw('vacuum analyze samples');
  await db.raw('vacuum analyze summaries');
  await db.raw('analyze users');
  const userIds = (await db('users')
    .where({ team_id: seeded.teamId })
    .orderBy('client_user_id')
    .pluck('id')) as string[];
  return { ...seeded, userIds, samples };
}
