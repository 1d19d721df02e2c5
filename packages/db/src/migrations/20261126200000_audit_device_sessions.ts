import type { Knex } from 'knex';

/**
 * Mobile-SDK pushes (issue 12) are audited with their device session as the actor: `device_session` joins
 * the actor kinds. The constraint is on the partitioned parent, so every month's partition follows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table audit_events drop constraint audit_events_actor_kind_check;
    alter table audit_events add constraint audit_events_actor_kind_check
      check (actor_kind in ('team_api_key', 'management_key', 'link_token', 'device_session', 'system'));
    comment on column audit_events.actor_key_id is
      'Id of the team API key, management key, link token or mobile-SDK device session (never the key or token).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table audit_events drop constraint audit_events_actor_kind_check;
    -- The trail is append-only (no row can be deleted): rows recorded meanwhile stay, unchecked.
    alter table audit_events add constraint audit_events_actor_kind_check
      check (actor_kind in ('team_api_key', 'management_key', 'link_token', 'system')) not valid;
  `);
}
