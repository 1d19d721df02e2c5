import type { Knex } from 'knex';

/**
 * At-home phlebotomy appointments (issue 13, api-shapes §6.7): the booking keys Meridian hands out with
 * availability, and the partner's last-update time of each appointment.
 *
 * - `lab_appointment_booking_keys`: a `TimeSlot.booking_key` is a random token (stored as its SHA-256 only)
 *   standing for the partner's slot key and the address the availability was asked for. It belongs to the
 *   team environment that asked (another tenant's key is unknown), expires with the partner's key, and is used
 *   once: `used_by` is set atomically by the book/reschedule that takes it (a racing second use is refused
 *   before the partner is called). Expired rows are deleted by later availability calls of the tenant.
 * - `lab_appointments.partner_updated_at`: the partner's `updatedAt` of the last state applied, so a repeated
 *   or out-of-order partner webhook changes nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table lab_appointments add column partner_updated_at timestamptz;
    comment on column lab_appointments.partner_updated_at is
      'The partner''s updatedAt of the last state applied (webhooks older than this are ignored).';

    create table lab_appointment_booking_keys (
      key_hash text primary key check (key_hash ~ '^[0-9a-f]{64}$'),
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production', 'sandbox')),
      provider text not null check (provider in ('getlabs', 'phlebfinders')),
      partner_key text not null check (char_length(partner_key) between 1 and 512),
      address jsonb not null check (pg_column_size(address) <= 4096),
      iana_timezone text check (char_length(iana_timezone) <= 64),
      start_at timestamptz not null,
      end_at timestamptz not null,
      expires_at timestamptz not null,
      used_by uuid,
      created_at timestamptz not null default now(),
      check (end_at > start_at)
    );
    create index lab_appointment_booking_keys_expiry_idx
      on lab_appointment_booking_keys(team_id, environment, expires_at);
    comment on table lab_appointment_booking_keys is
      'TimeSlot.booking_key (SHA-256) -> the partner slot key and the address availability was asked for; '
      'per team environment, single use (used_by), deleted after expiry.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists lab_appointment_booking_keys;
    alter table lab_appointments drop column if exists partner_updated_at;
  `);
}
