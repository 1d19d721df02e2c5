import type { Knex } from 'knex';

/**
 * Every per-user table keyed so it can be distributed by `user_id` on Citus without a further schema change
 * (issue 16, decision record 0011): `user_id` is part of every primary key and unique constraint/index of a
 * per-user table, and every foreign key between two per-user tables carries `user_id` on both sides.
 *
 * `user_id` is appended to the existing keys (`(id, user_id)`, not `(user_id, id)`): the key stays unique, its
 * leading columns still serve the lookups by id alone that the code makes today (no extra index), and Citus only
 * asks that the distribution column be in the key, not where.
 *
 * Child tables that belonged to a user only through their parent gain `user_id`, backfilled from the parent row.
 * Writers that do not name it yet get it from a `before insert` trigger (`fill_user_id_from_parent`), which raises
 * a foreign-key violation when the parent is missing, as the old foreign key did. That trigger is the expand step
 * of the change: before the tables are distributed, every writer names `user_id` and the triggers are dropped
 * (list in decision record 0011).
 *
 * Left as they are on purpose (coordinator-local tables in 0011; the catalogue test `citus-keys.int.test.ts`
 * allow-lists them): `users` (a reference table: its client-user-id uniqueness spans users), `outbox` (global
 * relay order), `audit_events` (per-team, time-partitioned), the secret-hash lookups `link_codes`, `link_tokens`,
 * `sdk_sign_in_tokens`, and `lab_order_idempotency_keys` (an idempotency key is scoped to a team, not a user).
 * `timeseries_samples` already leads with `user_id` and is not touched here.
 *
 * The lab tables' composite foreign keys cascade updates: registering an offline test kit moves its order to the
 * patient's user (`bindPatient`), and the order's events, results and appointments follow. On Citus the distribution
 * column cannot be updated, so that move becomes a copy and delete before distribution (0011).
 *
 * Runs in one transaction: each key swap holds an exclusive lock on its table while the new index builds
 * (decision record 0011 gives the time measured on a populated database).
 */

/** A child table that gains `user_id` from its parent. */
interface Child {
  table: string;
  column: string;
  parent: string;
}

const CHILDREN: readonly Child[] = [
  { table: 'connection_sync_streams', column: 'connection_id', parent: 'provider_connections' },
  { table: 'lab_order_events', column: 'order_id', parent: 'lab_orders' },
  { table: 'lab_order_submissions', column: 'order_id', parent: 'lab_orders' },
  { table: 'lab_results', column: 'order_id', parent: 'lab_orders' },
  { table: 'lab_result_messages', column: 'order_id', parent: 'lab_orders' },
  { table: 'lab_testkit_shipments', column: 'order_id', parent: 'lab_orders' },
  { table: 'lab_biomarker_results', column: 'order_id', parent: 'lab_orders' },
  { table: 'lab_missing_results', column: 'order_id', parent: 'lab_orders' },
  { table: 'lab_appointment_events', column: 'appointment_id', parent: 'lab_appointments' },
  { table: 'sdk_sessions', column: 'device_id', parent: 'sdk_devices' },
  { table: 'sdk_push_batches', column: 'device_id', parent: 'sdk_devices' },
  { table: 'sdk_sync_checkpoints', column: 'device_id', parent: 'sdk_devices' },
];

const FILL_FUNCTION = `
  create function fill_user_id_from_parent() returns trigger language plpgsql as $$
  declare
    parent_user uuid;
  begin
    if new.user_id is null then
      -- tg_argv: parent table, parent key column, this table's column holding the parent's key
      execute format('select user_id from %I where %I = ($1 ->> %L)::uuid', tg_argv[0], tg_argv[1], tg_argv[2])
        into parent_user using to_jsonb(new);
      if parent_user is null then
        raise exception 'insert into %: no % row for % = %', tg_table_name, tg_argv[0], tg_argv[2],
          to_jsonb(new) ->> tg_argv[2]
          using errcode = 'foreign_key_violation';
      end if;
      new.user_id := parent_user;
    end if;
    return new;
  end $$;
  comment on function fill_user_id_from_parent() is
    'Expand step of 20261129100000: fills user_id of a child row from its parent for writers that do not name it.';`;

/** The foreign keys, primary keys and unique keys that change, dropped before and restored after. */
const DROP_OLD_FOREIGN_KEYS = `
  alter table workout_streams drop constraint workout_streams_workout_id_fkey;
  alter table connection_sync_streams drop constraint connection_sync_streams_connection_id_fkey;
  alter table demo_connections drop constraint demo_connections_connection_id_fkey;
  alter table lab_order_events drop constraint lab_order_events_order_id_team_id_environment_fkey;
  alter table lab_order_submissions drop constraint lab_order_submissions_order_id_team_id_environment_fkey;
  alter table lab_results drop constraint lab_results_order_id_team_id_environment_fkey;
  alter table lab_result_messages drop constraint lab_result_messages_order_id_team_id_environment_fkey;
  alter table lab_testkit_shipments drop constraint lab_testkit_shipments_order_id_team_id_environment_fkey;
  alter table lab_appointments drop constraint lab_appointments_order_id_team_id_environment_fkey;
  alter table lab_appointment_events drop constraint lab_appointment_events_appointment_id_team_id_environment_fkey;
  alter table lab_biomarker_results drop constraint lab_biomarker_results_order_id_fkey;
  alter table lab_missing_results drop constraint lab_missing_results_order_id_fkey;
  alter table lab_report_files drop constraint lab_report_files_job_id_fkey;
  alter table sdk_sessions drop constraint sdk_sessions_device_id_fkey;
  alter table sdk_sessions drop constraint sdk_sessions_replaced_by_fkey;
  alter table sdk_push_batches drop constraint sdk_push_batches_device_id_fkey;
  alter table sdk_sync_checkpoints drop constraint sdk_sync_checkpoints_device_id_fkey;`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(FILL_FUNCTION);
  await knex.raw(DROP_OLD_FOREIGN_KEYS);

  // Table and column names are the constants above, so they are written into the DDL (which takes no binds).
  for (const c of CHILDREN) {
    await knex.raw(`
      alter table ${c.table} add column user_id uuid;
      update ${c.table} as c set user_id = p.user_id from ${c.parent} as p where p.id = c.${c.column};
      alter table ${c.table} alter column user_id set not null,
        add constraint ${c.table}_user_fkey foreign key (user_id) references users(id) on delete cascade;
      create trigger ${c.table}_fill_user_id before insert on ${c.table}
        for each row execute function fill_user_id_from_parent('${c.parent}', 'id', '${c.column}');
      comment on column ${c.table}.user_id is
        'The user owning the ${c.parent} row (distribution column; filled from the parent when not given).';
    `);
  }

  await knex.raw(`
    -- Parents first: the new composite keys the children reference.
    alter table summaries drop constraint summaries_pkey, add primary key (id, user_id);
    alter table provider_connections drop constraint provider_connections_pkey, add primary key (id, user_id);
    alter table continuous_query_tasks drop constraint continuous_query_tasks_pkey, add primary key (id, user_id);
    alter table lab_report_jobs drop constraint lab_report_jobs_pkey, add primary key (id, user_id);
    alter table sdk_devices drop constraint sdk_devices_pkey, add primary key (id, user_id);
    alter table lab_orders
      drop constraint lab_orders_id_team_id_environment_key,
      drop constraint lab_orders_pkey,
      add primary key (id, user_id),
      add constraint lab_orders_tenant_key unique (id, user_id, team_id, environment);
    alter table lab_appointments
      drop constraint lab_appointments_id_team_id_environment_key,
      drop constraint lab_appointments_pkey,
      add primary key (id, user_id),
      add constraint lab_appointments_tenant_key unique (id, user_id, team_id, environment);
    drop index lab_appointments_one_active_uq;
    create unique index lab_appointments_one_active_uq on lab_appointments(order_id, user_id)
      where status in ('pending', 'reserved', 'confirmed', 'in_progress');

    -- Tables that had no key.
    alter table provider_refresh_requests
      add column id bigint generated by default as identity,
      add primary key (user_id, id);

    -- Children: keys with user_id, then composite foreign keys to their parents.
    alter table workout_streams drop constraint workout_streams_pkey, add primary key (workout_id, user_id),
      add constraint workout_streams_summary_fkey foreign key (workout_id, user_id)
        references summaries(id, user_id) on delete cascade;
    alter table connection_sync_streams drop constraint connection_sync_streams_pkey,
      add primary key (connection_id, stream, user_id),
      add constraint connection_sync_streams_connection_fkey foreign key (connection_id, user_id)
        references provider_connections(id, user_id) on delete cascade;
    alter table demo_connections drop constraint demo_connections_pkey, add primary key (connection_id, user_id),
      add constraint demo_connections_connection_fkey foreign key (connection_id, user_id)
        references provider_connections(id, user_id) on delete cascade;
    alter table lab_report_files drop constraint lab_report_files_pkey, add primary key (job_id, position, user_id),
      add constraint lab_report_files_job_fkey foreign key (job_id, user_id)
        references lab_report_jobs(id, user_id) on delete cascade;

    alter table lab_order_events drop constraint lab_order_events_pkey, add primary key (id, user_id),
      add constraint lab_order_events_order_fkey foreign key (order_id, user_id, team_id, environment)
        references lab_orders(id, user_id, team_id, environment) on delete cascade on update cascade;
    alter table lab_order_submissions drop constraint lab_order_submissions_pkey, add primary key (order_id, user_id),
      add constraint lab_order_submissions_order_fkey foreign key (order_id, user_id, team_id, environment)
        references lab_orders(id, user_id, team_id, environment) on delete cascade on update cascade;
    alter table lab_results drop constraint lab_results_pkey, add primary key (order_id, user_id),
      add constraint lab_results_order_fkey foreign key (order_id, user_id, team_id, environment)
        references lab_orders(id, user_id, team_id, environment) on delete cascade on update cascade;
    alter table lab_result_messages
      drop constraint lab_result_messages_pkey,
      drop constraint lab_result_messages_order_id_version_key,
      add primary key (idempotency_key, user_id),
      add constraint lab_result_messages_order_version_key unique (order_id, version, user_id),
      add constraint lab_result_messages_order_fkey foreign key (order_id, user_id, team_id, environment)
        references lab_orders(id, user_id, team_id, environment) on delete cascade on update cascade;
    alter table lab_testkit_shipments
      drop constraint lab_testkit_shipments_pkey,
      drop constraint lab_testkit_shipments_provider_external_id_key,
      add primary key (order_id, user_id),
      add constraint lab_testkit_shipments_external_key unique (provider, external_id, user_id),
      add constraint lab_testkit_shipments_order_fkey foreign key (order_id, user_id, team_id, environment)
        references lab_orders(id, user_id, team_id, environment) on delete cascade on update cascade;
    alter table lab_appointments
      add constraint lab_appointments_order_fkey foreign key (order_id, user_id, team_id, environment)
        references lab_orders(id, user_id, team_id, environment) on delete cascade on update cascade;
    alter table lab_appointment_events drop constraint lab_appointment_events_pkey, add primary key (id, user_id),
      add constraint lab_appointment_events_appointment_fkey
        foreign key (appointment_id, user_id, team_id, environment)
        references lab_appointments(id, user_id, team_id, environment) on delete cascade on update cascade;
    alter table lab_biomarker_results
      drop constraint lab_biomarker_results_pkey,
      drop constraint lab_biomarker_results_order_id_position_key,
      add primary key (id, user_id),
      add constraint lab_biomarker_results_order_position_key unique (order_id, position, user_id),
      add constraint lab_biomarker_results_report_fkey foreign key (order_id, user_id)
        references lab_results(order_id, user_id) on delete cascade on update cascade;
    alter table lab_missing_results
      drop constraint lab_missing_results_pkey,
      drop constraint lab_missing_results_order_id_position_key,
      add primary key (id, user_id),
      add constraint lab_missing_results_order_position_key unique (order_id, position, user_id),
      add constraint lab_missing_results_report_fkey foreign key (order_id, user_id)
        references lab_results(order_id, user_id) on delete cascade on update cascade;

    alter table sdk_sessions
      drop constraint sdk_sessions_access_token_hash_key,
      drop constraint sdk_sessions_refresh_token_hash_key,
      drop constraint sdk_sessions_pkey,
      add primary key (id, user_id),
      add constraint sdk_sessions_access_token_key unique (access_token_hash, user_id),
      add constraint sdk_sessions_refresh_token_key unique (refresh_token_hash, user_id),
      add constraint sdk_sessions_device_fkey foreign key (device_id, user_id)
        references sdk_devices(id, user_id) on delete cascade,
      add constraint sdk_sessions_replaced_by_fkey foreign key (replaced_by, user_id)
        references sdk_sessions(id, user_id) on delete set null (replaced_by);
    alter table sdk_push_batches drop constraint sdk_push_batches_pkey, add primary key (device_id, batch_id, user_id),
      add constraint sdk_push_batches_device_fkey foreign key (device_id, user_id)
        references sdk_devices(id, user_id) on delete cascade;
    alter table sdk_sync_checkpoints drop constraint sdk_sync_checkpoints_pkey,
      add primary key (device_id, provider, resource, user_id),
      add constraint sdk_sync_checkpoints_device_fkey foreign key (device_id, user_id)
        references sdk_devices(id, user_id) on delete cascade;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table workout_streams drop constraint workout_streams_summary_fkey;
    alter table connection_sync_streams drop constraint connection_sync_streams_connection_fkey;
    alter table demo_connections drop constraint demo_connections_connection_fkey;
    alter table lab_report_files drop constraint lab_report_files_job_fkey;
    alter table lab_order_events drop constraint lab_order_events_order_fkey;
    alter table lab_order_submissions drop constraint lab_order_submissions_order_fkey;
    alter table lab_result_messages drop constraint lab_result_messages_order_fkey;
    alter table lab_testkit_shipments drop constraint lab_testkit_shipments_order_fkey;
    alter table lab_appointments drop constraint lab_appointments_order_fkey;
    alter table lab_appointment_events drop constraint lab_appointment_events_appointment_fkey;
    alter table lab_biomarker_results drop constraint lab_biomarker_results_report_fkey;
    alter table lab_missing_results drop constraint lab_missing_results_report_fkey;
    alter table lab_results drop constraint lab_results_order_fkey;
    alter table sdk_sessions drop constraint sdk_sessions_device_fkey, drop constraint sdk_sessions_replaced_by_fkey;
    alter table sdk_push_batches drop constraint sdk_push_batches_device_fkey;
    alter table sdk_sync_checkpoints drop constraint sdk_sync_checkpoints_device_fkey;

    alter table provider_refresh_requests drop constraint provider_refresh_requests_pkey, drop column id;

    alter table summaries drop constraint summaries_pkey, add primary key (id);
    alter table provider_connections drop constraint provider_connections_pkey, add primary key (id);
    alter table continuous_query_tasks drop constraint continuous_query_tasks_pkey, add primary key (id);
    alter table lab_report_jobs drop constraint lab_report_jobs_pkey, add primary key (id);
    alter table sdk_devices drop constraint sdk_devices_pkey, add primary key (id);
    alter table lab_orders drop constraint lab_orders_tenant_key, drop constraint lab_orders_pkey,
      add primary key (id), add unique (id, team_id, environment);
    alter table lab_appointments drop constraint lab_appointments_tenant_key, drop constraint lab_appointments_pkey,
      add primary key (id), add unique (id, team_id, environment);
    drop index lab_appointments_one_active_uq;
    create unique index lab_appointments_one_active_uq on lab_appointments(order_id)
      where status in ('pending', 'reserved', 'confirmed', 'in_progress');

    alter table workout_streams drop constraint workout_streams_pkey, add primary key (workout_id),
      add foreign key (workout_id) references summaries(id) on delete cascade;
    alter table connection_sync_streams drop constraint connection_sync_streams_pkey,
      add primary key (connection_id, stream),
      add foreign key (connection_id) references provider_connections(id) on delete cascade;
    alter table demo_connections drop constraint demo_connections_pkey, add primary key (connection_id),
      add foreign key (connection_id) references provider_connections(id) on delete cascade;
    alter table lab_report_files drop constraint lab_report_files_pkey, add primary key (job_id, position),
      add foreign key (job_id) references lab_report_jobs(id) on delete cascade;
    alter table lab_order_events drop constraint lab_order_events_pkey, add primary key (id),
      add foreign key (order_id, team_id, environment) references lab_orders(id, team_id, environment)
        on delete cascade;
    alter table lab_order_submissions drop constraint lab_order_submissions_pkey, add primary key (order_id),
      add foreign key (order_id, team_id, environment) references lab_orders(id, team_id, environment)
        on delete cascade;
    alter table lab_biomarker_results drop constraint lab_biomarker_results_pkey,
      drop constraint lab_biomarker_results_order_position_key;
    alter table lab_missing_results drop constraint lab_missing_results_pkey,
      drop constraint lab_missing_results_order_position_key;
    alter table lab_results drop constraint lab_results_pkey, add primary key (order_id),
      add foreign key (order_id, team_id, environment) references lab_orders(id, team_id, environment)
        on delete cascade;
    alter table lab_biomarker_results add primary key (id), add unique (order_id, position),
      add foreign key (order_id) references lab_results(order_id) on delete cascade;
    alter table lab_missing_results add primary key (id), add unique (order_id, position),
      add foreign key (order_id) references lab_results(order_id) on delete cascade;
    alter table lab_result_messages drop constraint lab_result_messages_pkey,
      drop constraint lab_result_messages_order_version_key,
      add primary key (idempotency_key), add unique (order_id, version),
      add foreign key (order_id, team_id, environment) references lab_orders(id, team_id, environment)
        on delete cascade;
    alter table lab_testkit_shipments drop constraint lab_testkit_shipments_pkey,
      drop constraint lab_testkit_shipments_external_key,
      add primary key (order_id), add unique (provider, external_id),
      add foreign key (order_id, team_id, environment) references lab_orders(id, team_id, environment)
        on delete cascade;
    alter table lab_appointments
      add foreign key (order_id, team_id, environment) references lab_orders(id, team_id, environment)
        on delete cascade;
    alter table lab_appointment_events drop constraint lab_appointment_events_pkey, add primary key (id),
      add foreign key (appointment_id, team_id, environment)
        references lab_appointments(id, team_id, environment) on delete cascade;
    alter table sdk_sessions drop constraint sdk_sessions_access_token_key,
      drop constraint sdk_sessions_refresh_token_key, drop constraint sdk_sessions_pkey,
      add primary key (id), add unique (access_token_hash), add unique (refresh_token_hash),
      add foreign key (device_id) references sdk_devices(id) on delete cascade,
      add foreign key (replaced_by) references sdk_sessions(id) on delete set null;
    alter table sdk_push_batches drop constraint sdk_push_batches_pkey, add primary key (device_id, batch_id),
      add foreign key (device_id) references sdk_devices(id) on delete cascade;
    alter table sdk_sync_checkpoints drop constraint sdk_sync_checkpoints_pkey,
      add primary key (device_id, provider, resource),
      add foreign key (device_id) references sdk_devices(id) on delete cascade;
  `);
  for (const c of CHILDREN) {
    await knex.raw(
      `drop trigger ${c.table}_fill_user_id on ${c.table}; alter table ${c.table} drop column user_id;`,
    );
  }
  await knex.raw('drop function fill_user_id_from_parent()');
}
