import type { Knex } from 'knex';

/**
 * The lease of a demo connection's historical pull: the runner that claimed the pull holds it until
 * `pull_lease_until` and renews it as it goes, so a pull whose runner died is taken over as soon as the lease
 * runs out, instead of after a fixed stale limit. The value is also the runner's token: its writes are
 * conditioned on the lease it set (the pattern of `connection_sync_streams.locked_until`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table demo_connections add column pull_lease_until timestamptz;
    comment on column demo_connections.pull_lease_until is
      'Held by the runner of the historical pull until then (renewed while it works); null or past: nobody runs it.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table demo_connections drop column if exists pull_lease_until');
}
