import type { Knex } from '@meridian/db';
import { newId, providerBySlug, type SummaryKind } from '@meridian/domain';

/** Test data for the summaries tests: rows written straight into the tables, as ingestion would. */

export const CREATED_AT = '2026-03-01T12:00:00.000Z';
export const UPDATED_AT = '2026-03-02T08:30:00.000Z';

export async function insertUser(
  knex: Knex,
  teamId: string,
  environment: 'production' | 'sandbox',
  opts: { deleted?: boolean; createdOn?: string } = {},
): Promise<string> {
  const id = newId();
  await knex('users').insert({
    id,
    team_id: teamId,
    environment,
    client_user_id: `client-${id}`,
    ...(opts.createdOn && { created_on: opts.createdOn }),
    ...(opts.deleted && { deleted_at: CREATED_AT, purge_after: '2026-03-08T12:00:00.000Z' }),
  });
  return id;
}

export interface SummaryRowInput {
  userId: string;
  kind: SummaryKind;
  payload: Record<string, unknown>;
  id?: string;
  provider?: string;
  sourceType?: string;
  appId?: string | null;
  deviceId?: string | null;
  providerSummaryId?: string | null;
  calendarDate?: string | null;
  startAt?: string | null;
  endAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

export async function insertSummary(knex: Knex, row: SummaryRowInput): Promise<string> {
  const id = row.id ?? newId();
  await knex('summaries').insert({
    id,
    user_id: row.userId,
    kind: row.kind,
    provider: row.provider ?? 'oura',
    source_type: row.sourceType ?? 'ring',
    app_id: row.appId ?? null,
    device_id: row.deviceId ?? null,
    provider_summary_id: row.providerSummaryId ?? null,
    calendar_date: row.calendarDate ?? null,
    start_at: row.startAt ?? null,
    end_at: row.endAt ?? null,
    payload: JSON.stringify(row.payload),
    created_at: row.createdAt ?? CREATED_AT,
    updated_at: row.updatedAt ?? UPDATED_AT,
  });
  return id;
}

/** The wire source context of a catalog provider. */
export function wireSource(
  provider: string,
  type: string,
  appId: string | null = null,
  deviceId: string | null = null,
) {
  const info = providerBySlug(provider);
  return {
    provider,
    type,
    app_id: appId,
    name: info?.name ?? provider,
    slug: provider,
    logo: info?.logo ?? '',
    device_id: deviceId,
    sport: null,
    workout_id: null,
  };
}

/** created_at / updated_at of the fixtures as the API writes them. */
export const WIRE_TIMES = {
  created_at: '2026-03-01T12:00:00+00:00',
  updated_at: '2026-03-02T08:30:00+00:00',
};
