import type { Knex } from 'knex';

/**
 * Request rate limits of both APIs, shared by every replica (issue 11): a fixed-window counter per bucket
 * (an API key, a management key, a client address) in PostgreSQL, on the database clock. Replicas lease
 * slices of a window's budget (`api_rate_take`) and spend them locally, so the hot path pays a round trip
 * once per slice, not per request, and the replicas together never grant more than the limit in a window.
 * Unlogged: a crash forgets at most the current windows (the budget then restarts, it is never exceeded
 * twice over). `team_rate_limits` holds the per-team overrides operators set through the management API.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unlogged table api_rate_windows (
      bucket text not null,
      window_start timestamptz not null,
      used integer not null,
      primary key (bucket, window_start)
    );
    comment on table api_rate_windows is
      'Requests granted per rate-limit bucket (key or client address) and fixed window; old windows are swept.';

    create function api_rate_take(p_bucket text, p_window_ms integer, p_limit integer, p_wanted integer)
      returns table (granted integer, used integer, reset_ms integer)
      language plpgsql as $$
    declare
      v_now_ms bigint := floor(extract(epoch from clock_timestamp()) * 1000);
      v_start_ms bigint := v_now_ms - v_now_ms % p_window_ms;
      v_start timestamptz := to_timestamp(v_start_ms / 1000.0);
      v_used integer;
    begin
      insert into api_rate_windows (bucket, window_start, used) values (p_bucket, v_start, 0)
        on conflict (bucket, window_start) do nothing;
      select w.used into v_used from api_rate_windows w
        where w.bucket = p_bucket and w.window_start = v_start for update;
      granted := greatest(0, least(p_wanted, p_limit - v_used));
      used := v_used + granted;
      if granted > 0 then
        update api_rate_windows w set used = v_used + granted
          where w.bucket = p_bucket and w.window_start = v_start;
      end if;
      reset_ms := (v_start_ms + p_window_ms - v_now_ms)::integer;
      return next;
    end $$;
    comment on function api_rate_take(text, integer, integer, integer) is
      'Grants up to p_wanted requests of bucket p_bucket in the current p_window_ms window (at most p_limit per window).';

    create table team_rate_limits (
      team_id uuid primary key references teams(id) on delete cascade,
      requests_per_minute integer not null check (requests_per_minute between 1 and 1000000),
      updated_at timestamptz not null default now()
    );
    comment on table team_rate_limits is
      'Per-team override of the data API requests-per-minute limit of each of its API keys (management API).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists team_rate_limits;
    drop function if exists api_rate_take(text, integer, integer, integer);
    drop table if exists api_rate_windows;
  `);
}
