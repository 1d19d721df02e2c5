import type { Knex } from 'knex';

/** Tenancy (orgs → teams → environments), keys, feature flags, users, provider connections, outbox. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table organizations (
      id uuid primary key,
      name text not null,
      plan text not null check (plan in ('launch','grow','scale')),
      expires_at timestamptz,
      created_at timestamptz not null default now()
    );
    comment on table organizations is 'Customer organizations; plan gates Org Management API access.';

    create table teams (
      id uuid primary key,
      org_id uuid not null references organizations(id) on delete cascade,
      name text not null,
      region text not null check (region in ('us','eu')),
      integration_team_id text,
      settings jsonb not null default '{}'::jsonb,
      created_on timestamptz not null default now()
    );
    create unique index teams_integration_team_id_uq on teams(org_id, integration_team_id) where integration_team_id is not null;
    create index teams_org_idx on teams(org_id, created_on, id);
    comment on table teams is 'Teams of an org; settings holds per-environment flags and brand information.';

    create table team_features (
      team_id uuid not null references teams(id) on delete cascade,
      feature text not null,
      enabled_at timestamptz not null default now(),
      primary key (team_id, feature)
    );
    comment on table team_features is 'Closed-beta features enabled per team.';

    create table org_members (
      id uuid primary key,
      org_id uuid not null references organizations(id) on delete cascade,
      name text not null,
      email text not null,
      role text not null check (role in ('org_admin','team_admin','no_role')),
      team_ids uuid[],
      created_on timestamptz not null default now()
    );
    create unique index org_members_email_uq on org_members(org_id, lower(email));

    create table org_invites (
      id uuid primary key,
      org_id uuid not null references organizations(id) on delete cascade,
      email text not null,
      role text not null check (role in ('org_admin','team_admin','no_role')),
      team_ids uuid[],
      creator jsonb not null,
      invited_at timestamptz not null default now(),
      resent_at timestamptz
    );
    create unique index org_invites_email_uq on org_invites(org_id, lower(email));

    create table management_keys (
      id uuid primary key,
      org_id uuid not null references organizations(id) on delete cascade,
      label text not null,
      role text not null check (role in ('org_admin','team_admin')),
      team_ids uuid[],
      key_hash text not null unique,
      key_hint text not null,
      creator jsonb not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    );
    create index management_keys_org_idx on management_keys(org_id, created_at, id);
    comment on table management_keys is 'Org (org_admin) and Team (team_admin) Management Keys; only a SHA-256 of the key is stored.';

    create table team_api_keys (
      id uuid primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      region text not null check (region in ('us','eu')),
      label text not null,
      key_hash text not null unique,
      key_hint text not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    );
    create index team_api_keys_team_idx on team_api_keys(team_id, environment, created_at, id);
    comment on table team_api_keys is 'Data API keys, one team + environment + region each; only a SHA-256 of the key is stored.';

    create table users (
      id uuid primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      client_user_id text not null,
      created_on timestamptz not null default now(),
      fallback_time_zone text,
      fallback_time_zone_source text,
      fallback_time_zone_updated_at timestamptz,
      fallback_birth_date date,
      fallback_birth_date_source text,
      fallback_birth_date_updated_at timestamptz,
      ingestion_start date,
      ingestion_end date,
      deleted_at timestamptz,
      purge_after timestamptz,
      check (ingestion_start is null or ingestion_end is null or ingestion_start <= ingestion_end)
    );
    create unique index users_client_user_id_uq on users(team_id, environment, client_user_id) where deleted_at is null;
    create index users_page_idx on users(team_id, environment, created_on, id) where deleted_at is null;
    create index users_purge_idx on users(purge_after) where deleted_at is not null;
    comment on table users is 'End users of a team environment; deleted_at starts the 7-day grace period, purge_after ends it.';

    create table provider_connections (
      id uuid primary key,
      user_id uuid not null references users(id) on delete cascade,
      provider text not null,
      status text not null default 'connected' check (status in ('connected','error')),
      external_user_id text,
      error_details jsonb,
      resource_availability jsonb not null default '{}'::jsonb,
      created_on timestamptz not null default now(),
      unique (user_id, provider)
    );
    comment on table provider_connections is 'A user''s connection to a wearable data provider.';

    create table outbox (
      seq bigserial primary key,
      id uuid not null unique,
      team_id uuid not null,
      environment text not null,
      user_id uuid,
      event_type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      published_at timestamptz
    );
    create index outbox_unpublished_idx on outbox(seq) where published_at is null;
    create index outbox_team_feed_idx on outbox(team_id, environment, seq);
    comment on table outbox is 'Transactional outbox: written with the domain change, relayed to the broker after commit.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists outbox, provider_connections, users, team_api_keys, management_keys,
      org_invites, org_members, team_features, teams, organizations cascade;
  `);
}
