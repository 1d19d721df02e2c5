import type { Knex } from 'knex';

/**
 * ETL pipelines (api-shapes §7.4, §8.2–8.3): at most one pipeline per team environment, and one delivery
 * record per (event, pipeline) for the Azure Event Hubs destination. Credentials inside destination blocks
 * (the Event Hubs connection string, a RabbitMQ URI) are stored AES-256-GCM encrypted, never in clear; the
 * jsonb blocks hold only the non-secret settings.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table etl_pipelines (
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production', 'sandbox')),
      push_historical_data boolean not null default false,
      provider_raw_data boolean not null default false,
      preferences jsonb not null,
      azure_amqp jsonb,
      azure_connection_string_ciphertext text,
      cloud_pubsub jsonb,
      rabbitmq jsonb,
      rabbitmq_uri_ciphertext text,
      webhook jsonb,
      event_type_prefixes text[],
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (team_id, environment),
      check ((azure_amqp is null) = (azure_connection_string_ciphertext is null))
    );
    comment on table etl_pipelines is
      'One ETL pipeline per team environment; secrets are AES-256-GCM ciphertexts (SECRETS_ENCRYPTION_KEY).';

    create table etl_messages (
      id text primary key,
      event_id uuid not null,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null,
      destination text not null default 'azure_amqp',
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text,
      event_hub text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (event_id, team_id, environment, destination)
    );
    create index etl_messages_due_idx on etl_messages(next_attempt_at) where status = 'pending';
    create index etl_messages_failed_idx on etl_messages(team_id, environment, updated_at) where status = 'failed';
    comment on table etl_messages is
      'One ETL delivery per (outbox event, pipeline destination); id is the idempotency-key, stable across retries; status failed = dead letter.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists etl_messages, etl_pipelines');
}
