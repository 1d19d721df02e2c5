import type { Knex } from 'knex';

/**
 * The audit trail of health-data access (issue 11, HIPAA 45 CFR 164.312(b)): one row per audited API call —
 * who (key kind and id, never the key), which org/team/environment/user, which operation, when, from where,
 * and the answer's status. It never holds the data itself: no values, no client_user_id, no query strings.
 *
 * Native range partitioning by month on `occurred_at` (no extension: the embedded PostgreSQL of `pnpm start`
 * has none). `audit_events_ensure_partitions` creates the months a batch needs (the writer calls it when an
 * insert finds no partition) and the scheduler creates the coming months ahead; `audit_events_drop_before`
 * drops whole months past the retention. There is no default partition, so creating a month never has to
 * move rows out of one.
 *
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE on every partition, so the application (and a
 * stray query) can only insert; retention removes whole partitions with DROP TABLE, which no row trigger
 * sees. The table owner can still drop the trigger: a deployment that wants the trail tamper-evident against
 * its own application runs the services as a role that does not own the table (docs/decisions/0008).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table audit_events (
      id uuid not null,
      occurred_at timestamptz not null,
      actor_kind text not null
        check (actor_kind in ('team_api_key', 'management_key', 'link_token', 'system')),
      actor_key_id uuid,
      org_id uuid not null,
      team_id uuid,
      environment text check (environment in ('production', 'sandbox')),
      user_id uuid,
      operation text not null check (length(operation) <= 128),
      action text not null check (action in ('read', 'create', 'update', 'delete')),
      method text not null check (length(method) <= 16),
      route text not null check (length(route) <= 512),
      resource_id uuid,
      status smallint not null,
      client_address inet,
      request_id text check (length(request_id) <= 128),
      primary key (occurred_at, id)
    ) partition by range (occurred_at);
    comment on table audit_events is
      'Append-only audit trail of API access to health data, lab reports, orders and keys (one row per call; never the data). Monthly partitions; retention drops whole months.';
    comment on column audit_events.actor_key_id is 'Id of the team API key, management key or link token (never the key).';
    comment on column audit_events.user_id is 'The Meridian user the call concerned; null when not user-scoped.';
    comment on column audit_events.operation is 'OpenAPI operationId.';
    comment on column audit_events.route is 'OpenAPI path template (no concrete values, no query string).';
    comment on column audit_events.resource_id is 'Id of the other resource named in the path (job, key, webhook, sleep...), when a uuid.';

    create index audit_events_org_time_idx on audit_events (org_id, occurred_at desc, id desc);
    create index audit_events_org_user_idx on audit_events (org_id, user_id, occurred_at desc, id desc)
      where user_id is not null;
    create index audit_events_org_key_idx on audit_events (org_id, actor_key_id, occurred_at desc, id desc)
      where actor_key_id is not null;

    create function audit_events_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only: % refused (retention drops whole partitions)', tg_op
        using errcode = 'insufficient_privilege';
    end $$;

    -- Row triggers on the parent are cloned onto every partition, present and future.
    create trigger audit_events_append_only before update or delete on audit_events
      for each row execute function audit_events_refuse_change();
    -- TRUNCATE triggers are per table: on the parent here, on each partition when it is created.
    create trigger audit_events_no_truncate before truncate on audit_events
      for each statement execute function audit_events_refuse_change();

    create function audit_events_ensure_partitions(p_from timestamptz, p_to timestamptz) returns integer
      language plpgsql as $$
    declare
      v_month timestamp := date_trunc('month', p_from at time zone 'UTC');
      v_last timestamp := date_trunc('month', p_to at time zone 'UTC');
      v_name text;
      v_created integer := 0;
    begin
      -- One creator at a time (writers of several replicas may ask together), for this transaction.
      perform pg_advisory_xact_lock(724115003);
      while v_month <= v_last loop
        v_name := 'audit_events_' || to_char(v_month, 'YYYY_MM');
        if to_regclass(v_name) is null then
          execute format(
            'create table if not exists %I partition of audit_events for values from (%L) to (%L)',
            v_name, v_month || '+00', (v_month + interval '1 month') || '+00');
          execute format(
            'create trigger audit_events_no_truncate before truncate on %I
               for each statement execute function audit_events_refuse_change()', v_name);
          execute format('comment on table %I is %L', v_name,
            'Audit trail rows of ' || to_char(v_month, 'YYYY-MM') || ' (UTC); dropped whole past the retention.');
          v_created := v_created + 1;
        end if;
        v_month := v_month + interval '1 month';
      end loop;
      return v_created;
    end $$;
    comment on function audit_events_ensure_partitions(timestamptz, timestamptz) is
      'Creates the monthly (UTC) partitions of audit_events covering p_from..p_to; returns how many were new.';

    create function audit_events_drop_before(p_cutoff timestamptz) returns setof text
      language plpgsql as $$
    declare
      v_part record;
    begin
      for v_part in
        select c.relname as name,
               (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \\(''([^'']+)''\\)'))[1]::timestamptz as upper_bound
          from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'audit_events'::regclass
      loop
        if v_part.upper_bound is not null and v_part.upper_bound <= p_cutoff then
          execute format('drop table %I', v_part.name);
          return next v_part.name;
        end if;
      end loop;
    end $$;
    comment on function audit_events_drop_before(timestamptz) is
      'Retention: drops the audit_events partitions whose every row is older than p_cutoff; returns their names.';

    select audit_events_ensure_partitions(now() - interval '1 month', now() + interval '2 months');
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists audit_events cascade;
    drop function if exists audit_events_drop_before(timestamptz);
    drop function if exists audit_events_ensure_partitions(timestamptz, timestamptz);
    drop function if exists audit_events_refuse_change();
  `);
}
