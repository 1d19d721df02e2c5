import type { Knex } from 'knex';

/**
 * Real provider connections (issue 9): link tokens and codes, OAuth states, sealed provider tokens on the
 * connection, per-stream sync progress (so a pull killed mid-way resumes where it stopped), team custom
 * credentials, scope requirements and data-pull preferences. Every secret is hashed (tokens we issue) or
 * sealed with the secret box (tokens and secrets we must read back).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table provider_connections
      add column auth_type text,
      add column credentials_sealed text,
      add column previous_refresh_sealed text,
      add column previous_refresh_until timestamptz,
      add column token_expires_at timestamptz,
      add column scopes text[] not null default '{}',
      add column credential_source text not null default 'platform'
        check (credential_source in ('platform','team_custom','demo')),
      add column updated_at timestamptz not null default now(),
      add column last_sync_at timestamptz,
      add column next_sync_at timestamptz;
    create index provider_connections_external_idx on provider_connections(provider, external_user_id)
      where external_user_id is not null;
    create index provider_connections_next_sync_idx on provider_connections(next_sync_at)
      where credentials_sealed is not null and status = 'connected';
    comment on column provider_connections.credentials_sealed is
      'Sealed JSON {access_token, refresh_token, token_type, extra}; never logged, never returned.';
    comment on column provider_connections.previous_refresh_sealed is
      'The refresh token just rotated away, usable until previous_refresh_until (grace for a lost response).';

    create table link_tokens (
      id uuid primary key,
      token_hash text not null unique,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      user_id uuid not null references users(id) on delete cascade,
      provider text,
      redirect_url text,
      filter_on_providers text[],
      on_error text,
      on_close text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      consumed_at timestamptz,
      state jsonb not null default '{}'::jsonb
    );
    create index link_tokens_expiry_idx on link_tokens(expires_at);
    comment on table link_tokens is
      'Link tokens (hashed): one user, one team environment, 1 h, single-use once a connection succeeds.';

    create table link_codes (
      code_hash text primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    comment on table link_codes is 'One-time codes exchanged for a link token (hashed).';

    create table oauth_states (
      state_hash text primary key,
      link_token_id uuid not null references link_tokens(id) on delete cascade,
      provider text not null,
      code_verifier_sealed text,
      redirect_uri text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    comment on table oauth_states is 'OAuth state values (hashed), bound to a link token; single use.';

    create table connection_sync_streams (
      connection_id uuid not null references provider_connections(id) on delete cascade,
      stream text not null,
      phase text not null default 'historical' check (phase in ('historical','incremental')),
      range_start timestamptz not null,
      range_end timestamptz not null,
      done_until timestamptz not null,
      page_token text,
      incremental_since timestamptz,
      status text not null default 'scheduled'
        check (status in ('scheduled','in_progress','success','failure','retrying')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      locked_until timestamptz,
      updated_at timestamptz not null default now(),
      primary key (connection_id, stream)
    );
    create index connection_sync_streams_due_idx on connection_sync_streams(next_attempt_at)
      where status in ('scheduled','retrying','in_progress');
    comment on table connection_sync_streams is
      'Sync progress of one provider endpoint group: history is fetched up to done_until (+ page_token).';

    create table team_custom_credentials (
      id uuid primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      provider text not null,
      client_id text,
      client_secret_sealed text,
      client_secret_hash text,
      details_sealed text,
      app_url text,
      redirect_url_override text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (team_id, environment, provider)
    );
    comment on table team_custom_credentials is
      'A team''s own OAuth app for a provider; the client secret and details are sealed at rest.';

    create table team_scope_requirements (
      team_id uuid not null references teams(id) on delete cascade,
      provider text not null,
      user_must_grant text[] not null default '{}',
      user_may_grant text[] not null default '{}',
      updated_at timestamptz not null default now(),
      primary key (team_id, provider)
    );

    create table team_data_pull_preferences (
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      provider text not null,
      "default" boolean not null,
      resource_overrides jsonb,
      updated_at timestamptz not null default now(),
      primary key (team_id, environment, provider)
    );

    create table provider_refresh_requests (
      user_id uuid not null references users(id) on delete cascade,
      requested_at timestamptz not null default now()
    );
    create index provider_refresh_requests_idx on provider_refresh_requests(user_id, requested_at);
    comment on table provider_refresh_requests is 'POST /v2/user/refresh calls, for the 8 per hour per user limit.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists provider_refresh_requests, team_data_pull_preferences, team_scope_requirements,
      team_custom_credentials, connection_sync_streams, oauth_states, link_codes, link_tokens cascade;
    drop index if exists provider_connections_external_idx;
    drop index if exists provider_connections_next_sync_idx;
    alter table provider_connections
      drop column auth_type, drop column credentials_sealed, drop column previous_refresh_sealed,
      drop column previous_refresh_until, drop column token_expires_at, drop column scopes,
      drop column credential_source, drop column updated_at, drop column last_sync_at, drop column next_sync_at;
  `);
}
