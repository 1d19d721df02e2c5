import type { Knex } from 'knex';

/**
 * Demo connections (sandbox): which provider connections are fed by the demo generator, in which time
 * zone the demo user lives, and how far the generated data has been delivered. Removing the connection
 * (deregistration, user deletion) removes the row and so stops the updates.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table demo_connections (
      connection_id uuid primary key references provider_connections(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      provider text not null,
      time_zone text not null,
      synced_until timestamptz not null,
      created_at timestamptz not null default now(),
      unique (user_id, provider)
    );
    create index demo_connections_synced_until_idx on demo_connections(synced_until);
    comment on table demo_connections is
      'Sandbox demo connections: generated data is delivered up to synced_until (exclusive), in time_zone.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists demo_connections');
}
