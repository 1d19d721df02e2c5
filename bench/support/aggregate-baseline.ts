/**
 * The baseline of the aggregation benchmark: weekly mean heart rate of one user written by hand in SQL, with
 * the engine's semantics for this query (same rows, same answer): the tenant check on `users`, each sample's
 * local time from its own offset (else the user's zone), the local timeframe, weeks from Monday, the same
 * output formatting. It knows the user has one source, so it skips provider priority.
 */
export const WEEKLY_MEAN_HEART_RATE_SQL = `
  select to_char(w, 'YYYY-MM-DD"T"HH24:MI:SS') as week, avg(value)::float8 as mean
  from (
    select date_trunc('week', l) as w, value
    from (
      select s.value,
             case when s.timezone_offset is not null
                  then (s.start_at at time zone 'UTC') + s.timezone_offset * interval '1 second'
                  else s.start_at at time zone $4::text end as l
      from timeseries_samples s
      join users u on u.id = s.user_id
      where s.user_id = $1::uuid and u.team_id = $2::uuid and u.environment = $3 and u.deleted_at is null
        and s.resource = 'heartrate'
        and s.start_at >= ($5::timestamp - interval '1 day') at time zone 'UTC'
        and s.start_at < ($6::timestamp + interval '1 day') at time zone 'UTC'
    ) x
    where l >= $5::timestamp and l < $6::timestamp
  ) y
  group by w
  order by w`;

export interface BaselineParams {
  userId: string;
  teamId: string;
  environment: string;
  timeZone: string;
  /** Local window `[start, end)`, `YYYY-MM-DDTHH:MM:SS`. */
  start: string;
  end: string;
}

export const baselineValues = (p: BaselineParams) => [
  p.userId,
  p.teamId,
  p.environment,
  p.timeZone,
  p.start,
  p.end,
];

/** The rows as the engine's column-oriented table. */
export function baselineTable(rows: { week: string; mean: number }[]): Record<string, unknown[]> {
  return {
    'group_key.0': rows.map((r) => r.week),
    'mean.heartrate.value': rows.map((r) => r.mean),
  };
}
