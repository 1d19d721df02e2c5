import type { Knex } from 'knex';
import { AUDIT_EXPORT_EVENT_TYPE, type AuditEvent } from '@meridian/domain';

/** Audit rows per exported outbox event: keeps one ETL message well under Event Hubs' 256 KB (basic tier). */
export const AUDIT_EXPORT_CHUNK = 100;

const COLUMNS = [
  ['id', 'uuid'],
  ['occurred_at', 'timestamptz'],
  ['actor_kind', 'text'],
  ['actor_key_id', 'uuid'],
  ['org_id', 'uuid'],
  ['team_id', 'uuid'],
  ['environment', 'text'],
  ['user_id', 'uuid'],
  ['operation', 'text'],
  ['action', 'text'],
  ['method', 'text'],
  ['route', 'text'],
  ['resource_id', 'uuid'],
  ['status', 'smallint'],
  ['client_address', 'inet'],
  ['request_id', 'text'],
] as const;

const NAMES = COLUMNS.map(([name]) => name).join(', ');

// One statement and one parameter whatever the batch size: the batch travels as a JSON array of rows.
const ROWS_CTE = `rows as (
  select * from jsonb_to_recordset(?::jsonb) as r(${COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ')})
)`;

/**
 * The ETL export rides in the same statement: rows of a team environment whose ETL pipeline explicitly names
 * the audit event type in `event_type_prefixes` (null = "every event" does not opt in) become ETL-only outbox
 * events of at most AUDIT_EXPORT_CHUNK rows. Webhooks and the events feed skip ETL-only rows.
 */
const EXPORT_SQL = `
insert into outbox (id, team_id, environment, user_id, event_type, payload, etl_only)
select gen_random_uuid(), s.team_id, s.environment, null, :type,
       jsonb_build_object('event_type', :type, 'team_id', s.team_id, 'user_id', null, 'client_user_id', null,
         'data', jsonb_build_object('events', jsonb_agg(jsonb_build_object(
           'id', s.id, 'occurred_at', s.occurred_at, 'actor_kind', s.actor_kind, 'actor_key_id', s.actor_key_id,
           'team_id', s.team_id, 'environment', s.environment, 'user_id', s.user_id, 'operation', s.operation,
           'action', s.action, 'method', s.method, 'route', s.route, 'resource_id', s.resource_id,
           'status', s.status, 'client_address', s.client_address, 'request_id', s.request_id)
           order by s.occurred_at, s.id))),
       true
  from (select r.*,
               (row_number() over (partition by r.team_id, r.environment order by r.occurred_at, r.id) - 1)
                 / ${AUDIT_EXPORT_CHUNK} as chunk
          from rows r
         where exists (select 1 from etl_pipelines p
                        where p.team_id = r.team_id and p.environment = r.environment
                          and exists (select 1 from unnest(p.event_type_prefixes) as x(prefix)
                                       where starts_with(:type, x.prefix)))) s
 group by s.team_id, s.environment, s.chunk`;

function rowsOf(events: readonly AuditEvent[]): string {
  return JSON.stringify(
    events.map((e) => ({
      id: e.id,
      occurred_at: e.occurredAt.toISOString(),
      actor_kind: e.actorKind,
      actor_key_id: e.actorKeyId,
      org_id: e.orgId,
      team_id: e.teamId,
      environment: e.environment,
      user_id: e.userId,
      operation: e.operation,
      action: e.action,
      method: e.method,
      route: e.route,
      resource_id: e.resourceId,
      status: e.status,
      client_address: e.clientAddress,
      request_id: e.requestId,
    })),
  );
}

function isMissingPartition(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === '23514' && /no partition of relation/.test(e.message ?? '');
}

async function insertOnce(db: Knex, events: readonly AuditEvent[]): Promise<void> {
  const insert = `insert into audit_events (${NAMES}) select ${NAMES} from rows`;
  // Data-modifying CTEs all run: the audit insert and the export commit (or fail) together.
  const sql = `with ${ROWS_CTE}, inserted as (${insert}) ${EXPORT_SQL.replace(/:type/g, '?::text')}`;
  const typeCount = (EXPORT_SQL.match(/:type/g) ?? []).length;
  await db.raw(sql, [rowsOf(events), ...Array<string>(typeCount).fill(AUDIT_EXPORT_EVENT_TYPE)]);
}

/** Creates the monthly partitions covering `from`..`to` (UTC months); returns how many were new. */
export async function ensureAuditPartitions(db: Knex, from: Date, to: Date): Promise<number> {
  const result = await db.raw<{ rows: { created: number }[] }>(
    'select audit_events_ensure_partitions(?, ?) as created',
    [from.toISOString(), to.toISOString()],
  );
  return result.rows[0]?.created ?? 0;
}

/** Drops the partitions whose every row is older than `cutoff`; returns their names. */
export async function dropAuditPartitionsBefore(db: Knex, cutoff: Date): Promise<string[]> {
  const result = await db.raw<{ rows: { name: string }[] }>('select audit_events_drop_before(?) as name', [
    cutoff.toISOString(),
  ]);
  return result.rows.map((r) => r.name);
}

/**
 * Inserts a batch of audit events in one statement (and their ETL export, see EXPORT_SQL). A month without
 * a partition yet (the scheduler was not running, a clock far off) is created and the insert retried once.
 */
export async function insertAuditEvents(db: Knex, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  try {
    await insertOnce(db, events);
  } catch (err) {
    if (!isMissingPartition(err)) throw err;
    // Only the months the batch needs: a far-off clock must not create every month in between.
    const months = new Set(events.map((e) => e.occurredAt.toISOString().slice(0, 7)));
    for (const month of months) {
      const first = new Date(`${month}-01T00:00:00Z`);
      await ensureAuditPartitions(db, first, first);
    }
    await insertOnce(db, events);
  }
}
