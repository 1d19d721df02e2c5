import type { Knex } from 'knex';
import { namedStatement } from './named-statements';

/** What one batch did for one provider/resource. */
export interface ResourceStat {
  provider: string;
  resource: string;
  /** Items stored (created, updated or unchanged); dropped ones are not counted. */
  count: number;
  oldestMs: number | null;
  newestMs: number | null;
}

const UPSERT = `
  insert into resource_stats as rs (user_id, provider, resource, last_attempt_at, last_attempt_status,
    oldest_data, newest_data, sent_count)
  select ?::uuid, r.provider, r.resource, ?::timestamptz, 'success', r.oldest_data, r.newest_data, r.sent_count
  from json_to_recordset(?::json) as r(provider text, resource text, oldest_data timestamptz,
    newest_data timestamptz, sent_count bigint)
  on conflict (user_id, provider, resource) do update set
    last_attempt_at = excluded.last_attempt_at,
    last_attempt_status = excluded.last_attempt_status,
    oldest_data = least(rs.oldest_data, excluded.oldest_data),
    newest_data = greatest(rs.newest_data, excluded.newest_data),
    sent_count = rs.sent_count + excluded.sent_count`;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The statement `record` runs, as SQL text and bindings, to run alone or as a CTE of another statement (one
 * round trip for both). `stats` must name each provider/resource once.
 */
export function resourceStatsUpsert(
  userId: string,
  stats: readonly ResourceStat[],
  now: Date,
): { sql: string; bindings: Knex.RawBinding[] } {
  const records = stats.map((s) => ({
    provider: s.provider,
    resource: s.resource,
    oldest_data: iso(s.oldestMs),
    newest_data: iso(s.newestMs),
    sent_count: s.count,
  }));
  return { sql: UPSERT, bindings: [userId, now, JSON.stringify(records)] };
}

export function createResourceStatsRepository(trx: Knex.Transaction) {
  return {
    async record(userId: string, stats: readonly ResourceStat[], now: Date): Promise<void> {
      if (stats.length === 0) return;
      const upsert = resourceStatsUpsert(userId, stats, now);
      await trx.raw(upsert.sql, upsert.bindings).options(namedStatement(upsert.sql));
    },
  };
}
