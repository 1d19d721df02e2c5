/** Storage-level fixtures for the engine tests: rows exactly as ingestion stores them. */
import { randomUUID } from 'node:crypto';
import type { Knex } from '@meridian/db';
import { seedOrg, seedTeam } from '@meridian/test-utils';

export async function seedTenant(knex: Knex): Promise<{ teamId: string; otherTeamId: string }> {
  const org = await seedOrg(knex);
  const team = await seedTeam(knex, org.orgId);
  const other = await seedTeam(knex, org.orgId);
  return { teamId: team.teamId, otherTeamId: other.teamId };
}

export async function insertUser(
  knex: Knex,
  teamId: string,
  opts: { timeZone?: string | null; environment?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await knex('users').insert({
    id,
    team_id: teamId,
    environment: opts.environment ?? 'sandbox',
    client_user_id: `client-${id}`,
    fallback_time_zone: opts.timeZone ?? null,
  });
  return id;
}

export interface SummaryRow {
  kind: string;
  provider?: string;
  sourceType?: string;
  calendarDate: string;
  startAt?: string | null;
  endAt?: string | null;
  payload: Record<string, unknown>;
}

export async function insertSummary(knex: Knex, userId: string, row: SummaryRow): Promise<string> {
  const id = randomUUID();
  await knex('summaries').insert({
    id,
    user_id: userId,
    kind: row.kind,
    provider: row.provider ?? 'oura',
    source_type: row.sourceType ?? 'ring',
    provider_summary_id: id,
    calendar_date: row.calendarDate,
    start_at: row.startAt ?? null,
    end_at: row.endAt ?? null,
    payload: JSON.stringify(row.payload),
  });
  return id;
}

export interface SampleRow {
  resource: string;
  provider: string;
  sourceType: string;
  startAt: string;
  endAt?: string | null;
  value: number;
  timezoneOffset?: number | null;
}

export async function insertSamples(knex: Knex, userId: string, rows: SampleRow[]): Promise<void> {
  await knex('timeseries_samples').insert(
    rows.map((r) => ({
      user_id: userId,
      resource: r.resource,
      provider: r.provider,
      source_type: r.sourceType,
      type: '',
      start_at: r.startAt,
      end_at: r.endAt ?? null,
      timezone_offset: r.timezoneOffset ?? null,
      value: r.value,
    })),
  );
}

/** A sleep session as stored: span columns plus the wire payload. */
export function sleepRow(opts: {
  start: string;
  end: string;
  calendarDate: string;
  offset?: number;
  fields?: Record<string, unknown>;
  provider?: string;
}): SummaryRow {
  const payload: Record<string, unknown> = {
    bedtime_start: opts.start,
    bedtime_stop: opts.end,
    duration: (Date.parse(opts.end) - Date.parse(opts.start)) / 1000,
    total: 0,
    awake: 0,
    light: 0,
    rem: 0,
    deep: 0,
    ...opts.fields,
  };
  if (opts.offset !== undefined) payload.timezone_offset = opts.offset;
  return {
    kind: 'sleep',
    provider: opts.provider,
    calendarDate: opts.calendarDate,
    startAt: opts.start,
    endAt: opts.end,
    payload,
  };
}
