import type { Knex } from 'knex';

/**
 * The per-endpoint `rate_limit` (deliveries per second, api-shapes §7.3) shared by every event-delivery
 * replica: a sliding log of the latest grants per limited endpoint (database clock), taken under the row
 * lock by `webhook_rate_take`, so no window of `p_window_ms` ever holds more than the limit — across
 * replicas and across second boundaries (a fixed window lets 2× the limit through around a boundary).
 * Unlogged: a crash loses at most the last second of grants.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create unlogged table webhook_rate_windows (
      webhook_id text primary key references webhooks(id) on delete cascade,
      grants timestamptz[] not null default '{}'
    );
    comment on table webhook_rate_windows is
      'Rate-limit log per webhook endpoint: the times of the deliveries granted within the last window (at most rate_limit).';

    create function webhook_rate_take(p_webhook_id text, p_limit integer, p_wanted integer, p_window_ms integer)
      returns table (granted integer, retry_in_ms integer)
      language plpgsql as $$
    declare
      v_grants timestamptz[];
      v_now timestamptz;
      v_recent timestamptz[];
    begin
      insert into webhook_rate_windows (webhook_id) values (p_webhook_id) on conflict (webhook_id) do nothing;
      select w.grants into v_grants from webhook_rate_windows w where w.webhook_id = p_webhook_id for update;
      v_now := clock_timestamp();
      v_recent := array(
        select g from unnest(v_grants) g
         where g > v_now - p_window_ms * interval '1 millisecond' order by g);
      granted := greatest(0, least(p_wanted, p_limit - cardinality(v_recent)));
      if granted > 0 or cardinality(v_recent) < cardinality(v_grants) then
        v_recent := v_recent || array_fill(v_now, array[granted]);
        update webhook_rate_windows set grants = v_recent where webhook_id = p_webhook_id;
      end if;
      -- The next delivery may go when the oldest grant in the window leaves it.
      retry_in_ms := case when cardinality(v_recent) < p_limit then 0
        else greatest(1, ceil(extract(epoch from (
          v_recent[cardinality(v_recent) - p_limit + 1] + p_window_ms * interval '1 millisecond' - v_now)) * 1000))
        end;
      return next;
    end $$;
    comment on function webhook_rate_take(text, integer, integer, integer) is
      'Grants up to p_wanted deliveries to an endpoint so that no p_window_ms holds more than p_limit; returns how many and when to ask again.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop function if exists webhook_rate_take(text, integer, integer, integer);
    drop table if exists webhook_rate_windows;
  `);
}
