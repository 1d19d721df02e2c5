import type { Knex } from 'knex';

/**
 * Lab report parsing jobs (api-shapes §4.7) and their uploaded files. The files are stored here, durably,
 * as bytea: both tables reference users(id) with `on delete cascade`, so the purge of a user erases its
 * uploads and parsed reports with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lab_report_jobs (
      id uuid primary key,
      team_id uuid not null references teams(id) on delete cascade,
      environment text not null check (environment in ('production', 'sandbox')),
      user_id uuid not null references users(id) on delete cascade,
      status text not null default 'upload_pending'
        check (status in ('upload_pending', 'started', 'completed', 'failed')),
      failure_reason text
        check (failure_reason in ('invalid_input', 'low_quality', 'not_english', 'too_many_pages', 'processing_error')),
      data jsonb,
      needs_human_review boolean not null default false,
      is_reviewed boolean not null default false,
      attempts integer not null default 0,
      started_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (failure_reason is null or status = 'failed')
    );
    create index lab_report_jobs_user_idx on lab_report_jobs(user_id);
    create index lab_report_jobs_open_idx on lab_report_jobs(updated_at) where status in ('upload_pending', 'started');
    comment on table lab_report_jobs is
      'Lab report parsing jobs; attempts counts claims by the worker and sweep re-queues (capped by the sweep).';

    create table lab_report_files (
      job_id uuid not null references lab_report_jobs(id) on delete cascade,
      position integer not null check (position >= 0),
      user_id uuid not null references users(id) on delete cascade,
      media_type text not null check (media_type in ('application/pdf', 'image/jpeg', 'image/png')),
      filename text,
      size_bytes integer not null,
      content bytea not null,
      created_at timestamptz not null default now(),
      primary key (job_id, position)
    );
    create index lab_report_files_user_idx on lab_report_files(user_id);
    comment on table lab_report_files is
      'Uploaded lab report files of a parsing job, in upload order; erased with the user (cascade).';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists lab_report_files, lab_report_jobs');
}
