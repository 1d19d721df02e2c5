import type { SummaryKind } from '@meridian/domain';
import { formatDate, formatDateTime } from './format-date-time';
import { renderSource, type WireSource } from './render-source';
import { NON_NULL_DEFAULTS, SUMMARY_FIELDS } from './summary-fields';

/** The stored columns of one summaries row. */
export interface StoredSummary {
  id: string;
  user_id: string;
  kind: string;
  provider: string;
  source_type: string;
  app_id: string | null;
  device_id: string | null;
  provider_summary_id: string | null;
  calendar_date: string | Date | null;
  /** The kind's fields, already in wire form (date-times rendered at ingestion). */
  payload: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface WireSummary {
  id: string;
  user_id: string;
  source: WireSource;
  created_at: string;
  updated_at: string;
  [field: string]: unknown;
}

/** A summary as REST serves it and events carry it: every listed field of its kind, null when unknown. */
export function renderSummary(row: StoredSummary): WireSummary {
  const kind = row.kind as SummaryKind;
  const fields = SUMMARY_FIELDS[kind];
  const defaults = NON_NULL_DEFAULTS[kind] ?? {};
  const out: WireSummary = {
    id: row.id,
    user_id: row.user_id,
    source: renderSource(row),
    created_at: formatDateTime(row.created_at),
    updated_at: formatDateTime(row.updated_at),
  };
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.row !== undefined) {
      out[name] = spec.row === 'calendar_date' ? formatDate(row.calendar_date) : row[spec.row];
    } else {
      out[name] = row.payload[name] ?? defaults[name] ?? null;
    }
  }
  return out;
}
