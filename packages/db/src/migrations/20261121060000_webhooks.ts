import type { Knex } from 'knex';

/**
 * Webhook endpoints (api-shapes §7.3, §8.2): one row per endpoint of a team environment. Signing secrets are
 * stored AES-256-GCM encrypted (never in clear); during a rotation the previous secret keeps signing until
 * previous_secret_expires_at.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table webhooks (
      id text primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production', 'sandbox')),
      url text not null,
      description text not null default '',
      rate_limit integer check (rate_limit is null or rate_limit > 0),
      disabled boolean not null default false,
      filter_types text[],
      headers jsonb not null default '{}'::jsonb,
      secret_ciphertext text not null,
      previous_secret_ciphertext text,
      previous_secret_expires_at timestamptz,
      failing_since timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index webhooks_team_env_idx on webhooks(team_id, environment, created_at, id);
    comment on table webhooks is
      'Webhook endpoints per team environment; secrets are AES-256-GCM ciphertexts (SECRETS_ENCRYPTION_KEY).';
    comment on column webhooks.failing_since is
      'Start of the current run of failed deliveries (null when the last delivery succeeded); drives auto-disable.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists webhooks');
}
