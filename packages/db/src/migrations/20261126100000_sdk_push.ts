import type { Knex } from 'knex';

/**
 * Mobile-SDK push ingestion (issue 12, decision 0009 "Push"): the sync checkpoint of each device per provider
 * and resource (the anchor the server acknowledged, the last push and the last error, so an integrator can see
 * where a phone is stuck), and the batches a device sent (by its own `batch_id`) with the answer given, so a
 * resend after a lost response is answered again without writing anything twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table sdk_sync_checkpoints (
      device_id uuid not null references sdk_devices(id) on delete cascade,
      provider text not null,
      resource text not null,
      anchor text check (char_length(anchor) <= 4096),
      acknowledged_at timestamptz,
      last_push_at timestamptz,
      last_batch_id text,
      last_error_type text,
      last_error_message text,
      last_error_at timestamptz,
      records_stored bigint not null default 0,
      historical_completed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (device_id, provider, resource)
    );
    comment on table sdk_sync_checkpoints is
      'Per device, mobile provider and resource: the last acknowledged anchor, last push, last error, records stored.';
    comment on column sdk_sync_checkpoints.anchor is
      'The platform''s opaque checkpoint (HealthKit anchor, Health Connect changes token) of the last stored push.';
    comment on column sdk_sync_checkpoints.records_stored is
      'Samples and summaries this device created or changed for the resource (resent unchanged records do not count).';

    create table sdk_push_batches (
      device_id uuid not null references sdk_devices(id) on delete cascade,
      batch_id text not null check (char_length(batch_id) between 1 and 128),
      provider text not null,
      request_hash text not null check (char_length(request_hash) = 64),
      status text not null check (status in ('processing','completed')),
      response jsonb,
      sent_at timestamptz,
      received_at timestamptz not null,
      claimed_until timestamptz,
      completed_at timestamptz,
      primary key (device_id, batch_id)
    );
    create index sdk_push_batches_age_idx on sdk_push_batches(device_id, received_at);
    comment on table sdk_push_batches is
      'Push batches by the device''s batch_id: SHA-256 of the request and the answer given; a resend gets that answer.';
    comment on column sdk_push_batches.claimed_until is
      'While processing: until when the claim holds; a claim left by a crashed process is taken over after it.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists sdk_push_batches; drop table if exists sdk_sync_checkpoints;');
}
