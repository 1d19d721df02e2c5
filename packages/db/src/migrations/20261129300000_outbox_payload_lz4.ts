import type { Knex } from 'knex';

/**
 * Outbox payloads compressed with lz4 instead of PostgreSQL's default pglz: a daily batch's sample event is
 * ~180 kB of JSON, which pglz compresses several times slower than lz4 (to a similar size), on every insert
 * of the ingestion path, and reads back (relay, webhook and feed) decompress faster too. Only rows written
 * from now on use it; stored rows stay as they are (a value carries its own compression method).
 *
 * A server built without lz4 (e.g. the embedded PostgreSQL of `pnpm start`) refuses the setting: the column
 * then keeps the default, and nothing else changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$
    begin
      alter table outbox alter column payload set compression lz4;
    exception when feature_not_supported then
      raise notice 'outbox.payload keeps the default compression: this server has no lz4';
    end $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table outbox alter column payload set compression default');
}
