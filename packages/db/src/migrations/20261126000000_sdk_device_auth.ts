import type { Knex } from 'knex';

/**
 * Mobile-SDK device authentication (issue 12, decision 0009): single-use sign-in tokens, the devices (app
 * installations) of a user, and their sessions (access + refresh pairs; a rotation adds a row to the
 * family). Every token is stored as a SHA-256 hex digest only.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table sdk_sign_in_tokens (
      token_hash text primary key check (char_length(token_hash) = 64),
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      user_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      consumed_at timestamptz
    );
    create index sdk_sign_in_tokens_user_idx on sdk_sign_in_tokens(user_id, expires_at);
    comment on table sdk_sign_in_tokens is
      'Sign-in tokens (hashed) a team backend hands to its app: one user, one team environment, 10 min, single use.';

    create table sdk_devices (
      id uuid primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production','sandbox')),
      user_id uuid not null references users(id) on delete cascade,
      installation_id text not null check (char_length(installation_id) between 1 and 200),
      name text check (char_length(name) <= 200),
      model text check (char_length(model) <= 200),
      os text check (char_length(os) <= 50),
      os_version text check (char_length(os_version) <= 50),
      app_id text check (char_length(app_id) <= 255),
      app_version text check (char_length(app_version) <= 100),
      sdk_version text check (char_length(sdk_version) <= 100),
      created_at timestamptz not null default now(),
      last_seen_at timestamptz,
      last_push_at timestamptz,
      revoked_at timestamptz,
      unique (user_id, installation_id)
    );
    create index sdk_devices_user_page_idx on sdk_devices(user_id, created_at, id);
    comment on table sdk_devices is
      'App installations signed in for a user (installation_id is the app''s own stable id); revoked_at: signed out.';
    comment on column sdk_devices.last_push_at is 'Set by the push endpoints on each accepted batch.';

    create table sdk_sessions (
      id uuid primary key,
      device_id uuid not null references sdk_devices(id) on delete cascade,
      family_id uuid not null,
      access_token_hash text not null unique check (char_length(access_token_hash) = 64),
      access_expires_at timestamptz not null,
      refresh_token_hash text not null unique check (char_length(refresh_token_hash) = 64),
      refresh_expires_at timestamptz not null,
      replaced_by uuid references sdk_sessions(id) on delete set null,
      rotated_at timestamptz,
      grace_pair_sealed text check (char_length(grace_pair_sealed) <= 512),
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index sdk_sessions_family_idx on sdk_sessions(family_id);
    create index sdk_sessions_device_live_idx on sdk_sessions(device_id) where revoked_at is null;
    comment on table sdk_sessions is
      'Device sessions: one row per access + refresh pair; a refresh rotates the pair into a new row of the same family.';
    comment on column sdk_sessions.grace_pair_sealed is
      'The pair that replaced this one, sealed under a key derived from this row''s refresh token (not stored), answered again when that token is replayed within the grace window.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table if exists sdk_sessions; drop table if exists sdk_devices; drop table if exists sdk_sign_in_tokens;',
  );
}
