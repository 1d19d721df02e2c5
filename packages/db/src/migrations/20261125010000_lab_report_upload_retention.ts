import type { Knex } from 'knex';

/**
 * Data minimisation of lab report uploads: a job's raw files are deleted once parsing (and human review, when
 * there is one) ends, or kept until `uploads_delete_after` when the team environment's
 * `lab_report_upload_retention_days` says so; the scheduler deletes the kept ones when their time comes. The
 * job row (status, parsed data, metadata) stays. Jobs that ended before this migration are due at once, and
 * the scheduler deletes their files in batches (not in this migration, which would hold a long lock).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table lab_report_jobs
      add column uploads_delete_after timestamptz,
      add column uploads_deleted_at timestamptz;
    comment on column lab_report_jobs.uploads_delete_after is
      'When the uploaded files go: the end of parsing (or review) plus the team''s retention; null while the job runs.';
    comment on column lab_report_jobs.uploads_deleted_at is
      'When the uploaded files were deleted (lab_report_files rows removed); the job and its results stay.';
    create index lab_report_jobs_uploads_due_idx on lab_report_jobs(uploads_delete_after)
      where uploads_delete_after is not null and uploads_deleted_at is null;
    update lab_report_jobs set uploads_delete_after = updated_at where status in ('completed', 'failed');
    comment on table lab_report_files is
      'Uploaded lab report files of a parsing job, in upload order; deleted when parsing ends (or after the team''s retention), and with the user (cascade).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index if exists lab_report_jobs_uploads_due_idx;
    alter table lab_report_jobs drop column if exists uploads_delete_after, drop column if exists uploads_deleted_at;
  `);
}
