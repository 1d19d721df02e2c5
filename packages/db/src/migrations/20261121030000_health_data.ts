import type { Knex } from 'knex';

/**
 * Health data: timeseries samples for every resource, summaries, workout streams, per-resource ingestion
 * stats and historical pulls. Every row hangs off `users` (which carries team + environment), and is
 * erased with the user by the purge (ON DELETE CASCADE).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table timeseries_samples (
      user_id uuid not null references users(id) on delete cascade,
      resource text not null,
      provider text not null,
      source_type text not null default 'unknown',
      type text not null default '',
      start_at timestamptz not null,
      end_at timestamptz,
      timezone_offset integer,
      value double precision,
      value_text text,
      systolic double precision,
      diastolic double precision,
      app_id text,
      device_id uuid,
      workout_id uuid,
      sport text,
      extras jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (user_id, resource, start_at, provider, source_type, type)
    );
    comment on table timeseries_samples is
      'One sample per (user, resource, provider, source type, type, timestamp); a later write replaces the value. resource uses event names (weight, fat).';

    create table summaries (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      kind text not null,
      provider text not null,
      source_type text not null default 'unknown',
      app_id text,
      device_id uuid,
      provider_summary_id text,
      calendar_date date,
      start_at timestamptz,
      end_at timestamptz,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index summaries_user_kind_date_idx on summaries(user_id, kind, calendar_date, start_at);
    create unique index summaries_provider_id_uq on summaries(user_id, kind, provider, provider_summary_id)
      where provider_summary_id is not null;
    comment on table summaries is 'Summaries keyed by id (activity, body, meal, profile, sleep, workouts, sleep_cycle, menstrual_cycle, electrocardiogram); payload holds the kind-specific fields.';

    create table workout_streams (
      workout_id uuid primary key references summaries(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      payload jsonb not null,
      updated_at timestamptz not null default now()
    );

    create table resource_stats (
      user_id uuid not null references users(id) on delete cascade,
      provider text not null,
      resource text not null,
      last_attempt_at timestamptz,
      last_attempt_status text,
      oldest_data timestamptz,
      newest_data timestamptz,
      sent_count bigint not null default 0,
      primary key (user_id, provider, resource)
    );
    comment on table resource_stats is 'Per user/provider/resource ingestion figures for GET /v2/introspect/resources.';

    create table historical_pulls (
      user_id uuid not null references users(id) on delete cascade,
      provider text not null,
      resource text not null,
      status text not null check (status in ('scheduled','in_progress','success','failure','retrying')),
      range_start timestamptz,
      range_end timestamptz,
      scheduled_at timestamptz not null default now(),
      started_at timestamptz,
      ended_at timestamptz,
      days_with_data integer not null default 0,
      release text not null default 'meridian',
      trace_id text,
      error_details text,
      primary key (user_id, provider, resource)
    );
    comment on table historical_pulls is 'Historical pull status per user/provider/resource for GET /v2/introspect/historical_pull.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table if exists historical_pulls, resource_stats, workout_streams, summaries, timeseries_samples cascade',
  );
}
