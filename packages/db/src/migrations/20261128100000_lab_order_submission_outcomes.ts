import type { Knex } from 'knex';

/**
 * The lab gateway (services/lab-gateway, decision 0010) sends orders to their lab and retries until the lab
 * answers: a submission now also ends `rejected` (the lab refused the order: AE/AR with its reason; a person
 * fixes the order, nothing retries it), and remembers its last attempt and the last transport failure (an
 * error class such as `timeout`, never message content), so the gateway's sweep re-queues only submissions
 * whose attempt is stale. The partial index serves that sweep: orders at a lab-submission status.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table lab_order_submissions drop constraint if exists lab_order_submissions_state_check;
    alter table lab_order_submissions
      add constraint lab_order_submissions_state_check check (state in ('sending', 'accepted', 'rejected'));
    alter table lab_order_submissions
      add column last_attempt_at timestamptz,
      add column last_error text check (char_length(last_error) <= 200),
      add column rejected_at timestamptz,
      add column rejection_code text check (char_length(rejection_code) <= 16),
      add column rejection_reason text check (char_length(rejection_reason) <= 500),
      add constraint lab_order_submissions_rejected_check check ((state = 'rejected') = (rejected_at is not null));
    comment on column lab_order_submissions.last_attempt_at is 'When the order was last sent (or a send was started).';
    comment on column lab_order_submissions.last_error is 'Kind of the last transport failure (no message content).';
    comment on column lab_order_submissions.rejection_reason is 'The lab''s reason (ERR/MSA text) for refusing the order.';
    create index lab_orders_lab_submission_idx on lab_orders(status_changed_at)
      where status_low in ('draw_completed', 'requisition_created', 'requisition_bypassed', 'appointment_scheduled', 'appointment_cancelled',
        'redraw_available', 'transit_lab', 'problem_in_transit_lab', 'delivered_to_lab', 'lab_processing_blocked');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index if exists lab_orders_lab_submission_idx;
    delete from lab_order_submissions where state = 'rejected';
    alter table lab_order_submissions
      drop constraint if exists lab_order_submissions_rejected_check,
      drop column if exists rejection_reason,
      drop column if exists rejection_code,
      drop column if exists rejected_at,
      drop column if exists last_error,
      drop column if exists last_attempt_at;
    alter table lab_order_submissions drop constraint if exists lab_order_submissions_state_check;
    alter table lab_order_submissions
      add constraint lab_order_submissions_state_check check (state in ('sending', 'accepted'));
  `);
}
