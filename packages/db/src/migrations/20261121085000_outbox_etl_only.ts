import type { Knex } from 'knex';

/**
 * Historical data pushed to ETL (api-shapes §7.4 `push_historical_data`): a historical chunk's
 * `daily.data.*` events are written to the outbox with `etl_only = true`, so only the ETL fan-out delivers
 * them; webhook fan-out and the `GET /v2/events` feed skip them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table outbox add column etl_only boolean not null default false;
    comment on column outbox.etl_only is
      'True for historical data events written only for ETL pipelines with push_historical_data; webhooks and the events feed skip them.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table outbox drop column if exists etl_only');
}
