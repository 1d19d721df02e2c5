import type { Knex } from 'knex';

/**
 * Lab results over HL7 (issue 13, services/data-api/src/features/lab-results): the result messages applied
 * (durable duplicate detection by sender + MSH-10, and the result version each made), the orders sent to a lab
 * (ORM^O01 control id reused on retry, the lab's accession), and the test (OBR-4) each stored result row came
 * from, so a later report of one test replaces that test's rows only.
 */
const ENVIRONMENT = `environment text not null check (environment in ('production', 'sandbox'))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lab_result_messages (
      idempotency_key text primary key check (char_length(idempotency_key) between 3 and 600),
      order_id uuid not null,
      team_id uuid not null,
      ${ENVIRONMENT},
      version integer not null check (version > 0),
      result_status text not null check (result_status in ('preliminary', 'final', 'corrected', 'cancelled')),
      applied_as text not null check (applied_as in ('results', 'sample_error', 'ignored')),
      critical boolean not null default false,
      received_at timestamptz not null,
      foreign key (order_id, team_id, environment)
        references lab_orders(id, team_id, environment) on delete cascade,
      unique (order_id, version)
    );
    comment on table lab_result_messages is
      'ORU^R01 messages applied to an order, by sender|facility|MSH-10: a resent copy is recognised and not applied '
      'again. version numbers an order''s result versions (labtest.result.critical at most once per version).';

    create table lab_order_submissions (
      order_id uuid primary key,
      team_id uuid not null,
      ${ENVIRONMENT},
      lab_slug text not null check (char_length(lab_slug) between 1 and 64),
      message_control_id text not null check (char_length(message_control_id) between 1 and 64),
      state text not null check (state in ('sending', 'accepted')),
      accession_number text check (char_length(accession_number) <= 64),
      attempts integer not null default 0 check (attempts >= 0),
      created_at timestamptz not null,
      accepted_at timestamptz,
      foreign key (order_id, team_id, environment)
        references lab_orders(id, team_id, environment) on delete cascade,
      check ((state = 'accepted') = (accepted_at is not null))
    );
    comment on table lab_order_submissions is
      'Orders sent to their lab as ORM^O01: the control id (reused when a send is retried, so the lab recognises '
      'the copy) and the accession the lab answered with.';

    alter table lab_biomarker_results
      add column source_test_code text check (char_length(source_test_code) <= 64);
    alter table lab_missing_results
      add column source_test_code text check (char_length(source_test_code) <= 64);
    comment on column lab_biomarker_results.source_test_code is 'OBR-4 code of the test the value was reported under.';
    comment on column lab_missing_results.source_test_code is 'OBR-4 code of the test the result was missing from.';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table lab_missing_results drop column if exists source_test_code;
    alter table lab_biomarker_results drop column if exists source_test_code;
    drop table if exists lab_order_submissions, lab_result_messages;
  `);
}
