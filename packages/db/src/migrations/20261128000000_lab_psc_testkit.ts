import type { Knex } from 'knex';

/**
 * Walk-in (patient service center) appointments and test-kit shipments (issue 13, api-shapes §6.10, §6.11).
 *
 * - `lab_psc_booking_keys`: a PSC `TimeSlot.booking_key` is a random token (stored as its SHA-256 only) standing
 *   for the lab's slot id and the service center it is at. Per team environment, single use (`used_by` set
 *   atomically by the book/reschedule that takes it), expiring with the lab's slot id; expired rows are deleted
 *   by later availability calls of the tenant.
 * - `lab_testkit_shipments`: the fulfilment partner's shipment of a kit order (one per order), so a courier
 *   update the partner sends (by its shipment id) finds its order; `partner_updated_at` makes repeated or
 *   out-of-order updates change nothing. The wire `Shipment` itself is `lab_orders.shipment`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lab_psc_booking_keys (
      key_hash text primary key check (key_hash ~ '^[0-9a-f]{64}$'),
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production', 'sandbox')),
      lab text not null check (lab in ('quest', 'sonora_quest')),
      partner_key text not null check (char_length(partner_key) between 1 and 512),
      site jsonb not null check (pg_column_size(site) <= 4096),
      start_at timestamptz not null,
      end_at timestamptz not null,
      expires_at timestamptz not null,
      used_by uuid,
      created_at timestamptz not null default now(),
      check (end_at > start_at)
    );
    create index lab_psc_booking_keys_expiry_idx on lab_psc_booking_keys(team_id, environment, expires_at);
    comment on table lab_psc_booking_keys is
      'PSC TimeSlot.booking_key (SHA-256) -> the lab slot id and the service center; per team environment, '
      'single use (used_by), deleted after expiry.';

    create table lab_testkit_shipments (
      order_id uuid primary key,
      team_id uuid not null,
      environment text not null check (environment in ('production', 'sandbox')),
      provider text not null check (char_length(provider) between 1 and 64),
      external_id text not null check (char_length(external_id) between 1 and 128),
      partner_status text check (char_length(partner_status) <= 64),
      partner_updated_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      foreign key (order_id, team_id, environment)
        references lab_orders(id, team_id, environment) on delete cascade,
      unique (provider, external_id)
    );
    comment on table lab_testkit_shipments is
      'The fulfilment partner shipment of a test-kit order (courier updates find the order by external_id).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop table if exists lab_testkit_shipments, lab_psc_booking_keys;`);
}
