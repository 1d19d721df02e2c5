import type { Knex } from 'knex';
import type { StoredSummary } from '../wire/render-summary';
import { namedStatement } from './named-statements';

/** A summary row to write (the user id aside). */
export interface SummaryRecord {
  id: string;
  kind: string;
  provider: string;
  source_type: string;
  app_id: string | null;
  device_id: string | null;
  provider_summary_id: string | null;
  calendar_date: string;
  start_at: string | null;
  end_at: string | null;
  payload: Record<string, unknown>;
}

export type WrittenSummary = StoredSummary & { inserted: boolean };

const CHUNK = 1_000;

const VALUE_COLUMNS = [
  'source_type',
  'app_id',
  'device_id',
  'calendar_date',
  'start_at',
  'end_at',
  'payload',
];

const UPSERT = `
  insert into summaries as s (id, user_id, kind, provider, source_type, app_id, device_id, provider_summary_id,
    calendar_date, start_at, end_at, payload, created_at, updated_at)
  select r.id, ?::uuid, r.kind, r.provider, r.source_type, r.app_id, r.device_id, r.provider_summary_id,
    r.calendar_date, r.start_at, r.end_at, r.payload, ?::timestamptz, ?::timestamptz
  from json_to_recordset(?::json) as r(id uuid, kind text, provider text, source_type text, app_id text,
    device_id uuid, provider_summary_id text, calendar_date date, start_at timestamptz, end_at timestamptz,
    payload jsonb)
  on conflict (id, user_id) do update set
    ${VALUE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at
  where (${VALUE_COLUMNS.map((c) => `s.${c}`).join(', ')})
    is distinct from (${VALUE_COLUMNS.map((c) => `excluded.${c}`).join(', ')})
  returning s.id, s.user_id, s.kind, s.provider, s.source_type, s.app_id, s.device_id, s.provider_summary_id,
    s.calendar_date, s.payload, s.created_at, s.updated_at, (s.xmax = 0) as inserted`;

const STORED_COLUMNS = [
  'id',
  'user_id',
  'kind',
  'provider',
  'source_type',
  'app_id',
  'device_id',
  'provider_summary_id',
  'calendar_date',
  'start_at',
  'end_at',
  'payload',
  'created_at',
  'updated_at',
];

export type StoredSummaryWithSpan = StoredSummary & { start_at: Date | null; end_at: Date | null };

export function createSummariesRepository(trx: Knex.Transaction) {
  return {
    /**
     * Upserts summaries by id (unique in `records`); returns the rows created or changed, as stored. `with`:
     * a data-modifying statement (SQL text and bindings) run in the same round trip, as a CTE of the first
     * chunk's statement (or alone when there are no records).
     */
    async upsert(
      userId: string,
      records: readonly SummaryRecord[],
      now: Date,
      opts: { with?: { sql: string; bindings: readonly Knex.RawBinding[] } } = {},
    ): Promise<WrittenSummary[]> {
      const written: WrittenSummary[] = [];
      if (records.length === 0 && opts.with)
        await trx.raw(opts.with.sql, [...opts.with.bindings]).options(namedStatement(opts.with.sql));
      for (let i = 0; i < records.length; i += CHUNK) {
        const chunk = JSON.stringify(records.slice(i, i + CHUNK));
        const also = i === 0 ? opts.with : undefined;
        const sql = also ? `with also as (${also.sql} returning 1) ${UPSERT}` : UPSERT;
        const bindings = also ? [...also.bindings, userId, now, now, chunk] : [userId, now, now, chunk];
        const result = await trx.raw<{ rows: WrittenSummary[] }>(sql, bindings).options(namedStatement(sql));
        written.push(...result.rows);
      }
      return written;
    },

    /** One provider's workouts dated within [fromDate, toDate]. */
    async workoutsBetween(
      userId: string,
      provider: string,
      fromDate: string,
      toDate: string,
    ): Promise<StoredSummaryWithSpan[]> {
      return trx('summaries')
        .select(STORED_COLUMNS)
        .where({ user_id: userId, kind: 'workouts', provider })
        .whereBetween('calendar_date', [fromDate, toDate]);
    },

    /** The user's workouts with these ids. */
    async workoutsById(userId: string, ids: readonly string[]): Promise<StoredSummaryWithSpan[]> {
      if (ids.length === 0) return [];
      return trx('summaries')
        .select(STORED_COLUMNS)
        .where({ user_id: userId, kind: 'workouts' })
        .whereIn('id', ids);
    },
  };
}
