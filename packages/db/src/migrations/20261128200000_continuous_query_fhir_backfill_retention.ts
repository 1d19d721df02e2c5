import type { Knex } from 'knex';

/**
 * Continuous queries, the rest of issue 14:
 * - `continuous_query_results.fhir_observations`: the FHIR R4 Observations a run built from the result table
 *   when the query has `export_preferences.fhir_observations` (null otherwise), replaced with the table.
 * - `continuous_query_backfills`: one row per (query, team it reaches): the scheduler schedules the query for
 *   every user of that team environment with data in its `resource_dependencies`, in batches, walking the
 *   users in (created_on, id) order from the stored position. A row is (re)requested when the query is new
 *   to the team or the team's `continuous_query` feature was enabled after the last request.
 * - An index for the task-history retention purge (finished tasks by end time).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table continuous_query_results add column fhir_observations jsonb
      check (fhir_observations is null or jsonb_typeof(fhir_observations) = 'array');
    comment on column continuous_query_results.fhir_observations is
      'FHIR R4 Observations built from result_table by the query''s fhir_observation_mappers (export_preferences.fhir_observations); null when the query does not produce them.';

    create table continuous_query_backfills (
      query_id uuid not null references continuous_queries(id) on delete cascade,
      team_id uuid not null references teams(id) on delete cascade,
      requested_at timestamptz not null,
      after_created_on timestamptz,
      after_user_id uuid,
      users_scheduled integer not null default 0 check (users_scheduled >= 0),
      dispatched_at timestamptz,
      completed_at timestamptz,
      primary key (query_id, team_id),
      check ((after_created_on is null) = (after_user_id is null))
    );
    create index continuous_query_backfills_pending_idx
      on continuous_query_backfills(requested_at) where completed_at is null;
    comment on table continuous_query_backfills is
      'Back-fill of a continuous query over the existing users of one team environment it reaches: position (after_created_on, after_user_id) of the last user looked at; completed_at once every user was.';

    create index continuous_query_tasks_finished_idx
      on continuous_query_tasks(ended_at) where status in ('completed', 'skipped', 'error');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index if exists continuous_query_tasks_finished_idx;
    drop table if exists continuous_query_backfills;
    alter table continuous_query_results drop column if exists fhir_observations;
  `);
}
