import type { Knex } from 'knex';

/**
 * Human review of lab report parsing jobs (issue 15): who finished the review, when, and how. A job that asked
 * for review waits in `started` with its parsed data until a reviewer (a management key of the team) submits
 * corrected data (`completed`, `is_reviewed`) or rejects it (`failed`). The index serves the reviewers' queue.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table lab_report_jobs
      add column reviewed_at timestamptz,
      add column reviewed_by_key_id uuid,
      add column review_outcome text check (review_outcome in ('approved', 'rejected')),
      add column review_note text check (char_length(review_note) <= 1000);
    comment on column lab_report_jobs.reviewed_at is 'When a human reviewer finished the review; null before.';
    comment on column lab_report_jobs.reviewed_by_key_id is
      'The management key that finished the review (no foreign key: the record outlives a revoked key).';
    comment on column lab_report_jobs.review_outcome is
      'approved (corrected data stored, job completed) or rejected (job failed); null before the review ends.';
    comment on column lab_report_jobs.review_note is 'The reviewer''s note on a rejection; never sent in events.';
    create index lab_report_jobs_awaiting_review_idx
      on lab_report_jobs(team_id, environment, created_at, id)
      where status = 'started' and needs_human_review and not is_reviewed and data is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index if exists lab_report_jobs_awaiting_review_idx;
    alter table lab_report_jobs
      drop column if exists reviewed_at,
      drop column if exists reviewed_by_key_id,
      drop column if exists review_outcome,
      drop column if exists review_note;
  `);
}
