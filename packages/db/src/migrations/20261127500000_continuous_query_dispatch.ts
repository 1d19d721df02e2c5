import type { Knex } from 'knex';

/**
 * Keeping continuous-query result tables current (issue 14): a scheduled task is handed to the run queue
 * when it is due; `dispatched_at` records the last hand-over so the scheduler's sweep re-publishes only tasks
 * whose message was lost, and deferred tasks (a change inside `minimum_gap_duration_second`) when they come
 * due. `changed_at` is the time of the data change (its outbox event's transaction) a task was scheduled
 * for: the other events of the same ingest transaction find it (change index) and are not scheduled again.
 * The other partial indexes serve the sweep (due scheduled tasks, runs that never finished).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table continuous_query_tasks add column dispatched_at timestamptz;
    alter table continuous_query_tasks add column changed_at timestamptz;
    comment on column continuous_query_tasks.changed_at is
      'created_at of the outbox event (the ingest transaction) whose data change scheduled the task; null for a re-run.';
    comment on column continuous_query_tasks.dispatched_at is
      'When a run message for this scheduled task was last published; null until the task is due and handed over.';
    create index continuous_query_tasks_change_idx
      on continuous_query_tasks(query_id, user_id, changed_at) where changed_at is not null;
    create index continuous_query_tasks_due_idx
      on continuous_query_tasks(scheduled_at) where status = 'scheduled';
    create index continuous_query_tasks_running_idx
      on continuous_query_tasks(started_at) where status = 'started';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index if exists continuous_query_tasks_running_idx;
    drop index if exists continuous_query_tasks_due_idx;
    drop index if exists continuous_query_tasks_change_idx;
    alter table continuous_query_tasks drop column if exists changed_at;
    alter table continuous_query_tasks drop column if exists dispatched_at;
  `);
}
