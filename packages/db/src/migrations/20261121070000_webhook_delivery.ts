import type { Knex } from 'knex';

/**
 * Webhook delivery state (api-shapes §7.3, practice 13): one message per (event, endpoint) whose id is the
 * stable `webhook-id` header, and one row per delivery attempt. Retry delays live here (next_attempt_at),
 * not in broker TTLs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table webhook_messages (
      id text primary key,
      event_id uuid not null,
      webhook_id text not null references webhooks(id) on delete cascade,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_status_code integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (event_id, webhook_id)
    );
    create index webhook_messages_due_idx on webhook_messages(next_attempt_at) where status = 'pending';
    create index webhook_messages_webhook_idx on webhook_messages(webhook_id, created_at);
    comment on table webhook_messages is
      'One webhook delivery per (outbox event, endpoint); id is the webhook-id header, stable across retries.';

    create table webhook_attempts (
      id uuid primary key,
      message_id text not null references webhook_messages(id) on delete cascade,
      attempted_at timestamptz not null default now(),
      status_code integer,
      response_body text not null default '',
      duration_ms integer not null,
      error text,
      next_attempt_at timestamptz
    );
    create index webhook_attempts_message_idx on webhook_attempts(message_id, attempted_at);
    comment on table webhook_attempts is
      'One row per HTTP delivery attempt: status code (null on network error), first 1 KiB of the response body.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists webhook_attempts, webhook_messages');
}
