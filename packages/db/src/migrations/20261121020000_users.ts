import type { Knex } from 'knex';

/**
 * Undo-delete by client_user_id looks up the most recently deleted user holding that id; the foundation's
 * unique index only covers active users, so deleted ones get their own partial index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index users_deleted_client_user_id_idx
      on users(team_id, environment, client_user_id, deleted_at desc)
      where deleted_at is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists users_deleted_client_user_id_idx;');
}
