import type { Knex } from 'knex';

/**
 * Outbox payloads stored as `json` (the text as written, checked to be JSON) instead of `jsonb` (issue #16).
 * Nothing queries inside a payload beyond a key or two (`->`, `->>`, which `json` has too); every event is
 * written once and read back as text (the webhook body, the ETL message) or parsed in Node. Building the
 * binary form cost PostgreSQL ~4 ms per 250 kB daily sample event, against ~1.6 ms to check it as `json`,
 * on every daily ingestion batch.
 *
 * What changes for readers: a payload written from now on reads back byte for byte as the event's
 * `JSON.stringify` (keys in the envelope's order, no spaces), where `jsonb` printed its own normal form
 * (keys by length, `": "` and `", "`). Both are the same JSON value; webhook signatures cover the bytes sent,
 * whichever they are. Stored rows are converted to that normal form's text, so what they deliver stays the
 * same bytes as before.
 *
 * The conversion rewrites the outbox table under an exclusive lock (measured 0.4 s for 100,000 events of half a
 * kilobyte, 72 MB with indexes, on two cores; it grows with the table's size): with a large outbox, run it in a
 * maintenance window.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table outbox alter column payload type json using payload::json');
  await knex.raw(`
    do $$
    begin
      alter table outbox alter column payload set compression lz4;
    exception when feature_not_supported then
      raise notice 'outbox.payload keeps the default compression: this server has no lz4';
    end $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table outbox alter column payload type jsonb using payload::jsonb');
}
