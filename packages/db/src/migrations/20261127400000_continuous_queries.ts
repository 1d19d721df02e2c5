import type { Knex } from 'knex';

/**
 * Continuous queries (api-shapes §5, §8.2, §8.3, §9): the query resource the management API creates, and the
 * two tables the scheduler keeps (a task per evaluation of a query for a user; the latest result table per
 * query and user). A team query belongs to one team environment; a platform query (`query_type=platform`)
 * has no team and belongs to its organization's environment. Slugs are unique among active queries only, so
 * archiving frees a slug. Deleting a user (the purge's hard delete) removes their tasks and result tables.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table continuous_queries (
      id uuid primary key,
      org_id uuid not null references organizations(id) on delete cascade,
      team_id uuid references teams(id) on delete cascade,
      query_type text not null check (query_type in ('team', 'platform')),
      environment text not null check (environment in ('production', 'sandbox')),
      slug text not null check (slug ~ '^[a-z0-9-]{1,128}$'),
      title text not null check (char_length(title) <= 50),
      status text not null default 'active' check (status in ('active', 'archived')),
      query jsonb not null check (jsonb_typeof(query) = 'object' and octet_length(query::text) <= 262144),
      query_config jsonb check (query_config is null or
        (jsonb_typeof(query_config) = 'object' and octet_length(query_config::text) <= 16384)),
      scheduling_preferences jsonb not null check (jsonb_typeof(scheduling_preferences) = 'object'
        and octet_length(scheduling_preferences::text) <= 1024),
      export_preferences jsonb not null check (jsonb_typeof(export_preferences) = 'object'
        and octet_length(export_preferences::text) <= 1024),
      result_table_schema jsonb not null check (jsonb_typeof(result_table_schema) = 'object'
        and octet_length(result_table_schema::text) <= 65536),
      resource_dependencies text[] not null check (cardinality(resource_dependencies) <= 128),
      fhir_observation_mappers text[] not null check (cardinality(fhir_observation_mappers) <= 16),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      archived_at timestamptz,
      check ((query_type = 'platform') = (team_id is null)),
      check ((status = 'archived') = (archived_at is not null))
    );
    create unique index continuous_queries_active_team_slug_uq
      on continuous_queries(team_id, environment, slug) where status = 'active' and team_id is not null;
    create unique index continuous_queries_active_platform_slug_uq
      on continuous_queries(org_id, environment, slug) where status = 'active' and team_id is null;
    create index continuous_queries_team_page_idx on continuous_queries(team_id, environment, created_at, id);
    create index continuous_queries_org_page_idx on continuous_queries(org_id, environment, created_at, id);
    create index continuous_queries_active_dependencies_idx
      on continuous_queries using gin (resource_dependencies) where status = 'active';
    comment on table continuous_queries is
      'Continuous queries per team environment (platform queries: per org environment, team_id null); query is the canonical form of the validated §5 query, the derived columns are stored as computed at creation.';
    comment on column continuous_queries.scheduling_preferences is
      '{"minimum_gap_duration_second": int >= 1800 | null}: the least time between two runs for one user.';
    comment on column continuous_queries.export_preferences is
      '{"data_events": {"enabled": bool}, "fhir_observations": bool}.';

    create table continuous_query_tasks (
      id uuid primary key,
      query_id uuid not null references continuous_queries(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      status text not null check (status in ('scheduled', 'started', 'completed', 'error', 'skipped')),
      scheduled_at timestamptz not null default now(),
      started_at timestamptz,
      ended_at timestamptz,
      error_details text check (error_details is null or char_length(error_details) <= 4096),
      check (status not in ('scheduled', 'skipped') or started_at is null),
      check (status in ('scheduled', 'started') or ended_at is not null),
      check (status = 'error' or error_details is null)
    );
    create index continuous_query_tasks_history_idx
      on continuous_query_tasks(query_id, user_id, scheduled_at desc, id desc);
    create index continuous_query_tasks_user_idx on continuous_query_tasks(user_id);
    create unique index continuous_query_tasks_one_scheduled_uq
      on continuous_query_tasks(query_id, user_id) where status = 'scheduled';
    comment on table continuous_query_tasks is
      'One evaluation of a continuous query for one user (api-shapes §9): scheduled -> started -> completed | error, or scheduled -> skipped. At most one scheduled task per query and user.';

    create table continuous_query_results (
      query_id uuid not null references continuous_queries(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      result_table jsonb not null check (jsonb_typeof(result_table) = 'object'),
      table_hash text not null check (char_length(table_hash) <= 128),
      updated_at timestamptz not null default now(),
      primary key (query_id, user_id)
    );
    create index continuous_query_results_user_idx on continuous_query_results(user_id);
    comment on table continuous_query_results is
      'The latest result table of a continuous query for one user, column-oriented ({column: values[]}), replaced as a whole; table_hash (sha-256 of the canonical table) tells whether a run changed it.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table if exists continuous_query_results; drop table if exists continuous_query_tasks; drop table if exists continuous_queries',
  );
}
