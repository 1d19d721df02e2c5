import type { Knex } from '@meridian/db';
import type { SummaryKind } from '@meridian/domain';
import type { CalendarDateRange } from './summary-range';

/** Reads of the `summaries` table. Callers check the user's tenancy first (rows carry only user_id). */

/** One stored summary: the columns plus the kind's wire fields in `payload`. */
export interface SummaryRecord {
  id: string;
  userId: string;
  kind: SummaryKind;
  provider: string;
  sourceType: string;
  appId: string | null;
  deviceId: string | null;
  providerSummaryId: string | null;
  calendarDate: string | null;
  startAt: Date | null;
  endAt: Date | null;
  payload: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

interface SummaryRow {
  id: string;
  user_id: string;
  kind: SummaryKind;
  provider: string;
  source_type: string;
  app_id: string | null;
  device_id: string | null;
  provider_summary_id: string | null;
  calendar_date: string | null;
  start_at: Date | null;
  end_at: Date | null;
  payload: unknown;
  created_at: Date;
  updated_at: Date;
}

function toRecord(row: SummaryRow): SummaryRecord {
  const payload = row.payload;
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    provider: row.provider,
    sourceType: row.source_type,
    appId: row.app_id,
    deviceId: row.device_id,
    providerSummaryId: row.provider_summary_id,
    calendarDate: row.calendar_date,
    startAt: row.start_at,
    endAt: row.end_at,
    payload:
      typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? (payload as Record<string, unknown>)
        : {},
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function createSummariesRepository(db: Knex | Knex.Transaction) {
  const ofUser = (userId: string, kind: SummaryKind, provider: string) => {
    const q = db<SummaryRow>('summaries').where({ user_id: userId, kind });
    return provider === '' ? q : q.where({ provider });
  };

  return {
    /** Summaries whose calendar date lies in `range` (inclusive), by calendar date, start, id. */
    async listInRange(
      userId: string,
      kind: SummaryKind,
      range: CalendarDateRange,
      provider: string,
    ): Promise<SummaryRecord[]> {
      const from = ofUser(userId, kind, provider).where('calendar_date', '>=', range.from);
      const q = range.to === null ? from : from.where('calendar_date', '<=', range.to);
      const rows = await q.orderBy([
        { column: 'calendar_date' },
        { column: 'start_at', nulls: 'last' },
        { column: 'id' },
      ]);
      return rows.map(toRecord);
    },

    /** The latest summary of `kind`: highest calendar date, then latest update, then highest id. */
    async latest(userId: string, kind: SummaryKind, provider: string): Promise<SummaryRecord | undefined> {
      const row = await ofUser(userId, kind, provider)
        .orderBy([
          { column: 'calendar_date', order: 'desc', nulls: 'last' },
          { column: 'updated_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first();
      return row ? toRecord(row) : undefined;
    },
  };
}

export type SummariesRepository = ReturnType<typeof createSummariesRepository>;
