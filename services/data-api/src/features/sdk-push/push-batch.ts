import { createHash } from 'node:crypto';

/**
 * A push batch as the app sends it (decision 0009 "Push"), its limits, and the fingerprint that tells a
 * resend of the same batch from a different batch under a reused `batch_id`.
 */

export interface PushResourceInput {
  resource: string;
  anchor: string | null;
  /** The resource's first (historical) upload continues in later batches: do not close it yet. */
  more_history?: boolean;
  records: unknown[];
}

export interface PushRequest {
  batch_id: string;
  sent_at?: string;
  time_zone?: string;
  resources: PushResourceInput[];
}

export type PushResourceStatus = 'stored' | 'no_new_data' | 'failed';

export interface PushResourceResult {
  resource: string;
  status: PushResourceStatus;
  acknowledged_anchor: string | null;
  records_received: number;
  samples_created: number;
  samples_updated: number;
  samples_unchanged: number;
  /** Outside the user's ingestion bounds (`ingestion_start`/`ingestion_end`): not stored. */
  samples_dropped: number;
  error: { type: string; message: string } | null;
}

export interface PushAnswer {
  batch_id: string;
  results: PushResourceResult[];
}

export interface PushLimits {
  /** Largest JSON body the push endpoint reads (express `limit` syntax). */
  maxBodySize: string;
  /** Records across all resources of one batch. */
  maxRecords: number;
  /** Requests per minute per device; 0 = unlimited. */
  perDevicePerMinute: number;
}

export const DEFAULT_PUSH_LIMITS: Readonly<PushLimits> = Object.freeze({
  maxBodySize: '8mb',
  maxRecords: 10_000,
  perDevicePerMinute: 120,
});

/** JSON with object keys sorted at every level: the same batch always has the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the provider and the canonical batch: equal for a resend, different for any change. */
export function batchFingerprint(provider: string, batch: PushRequest): string {
  return createHash('sha256').update(canonicalJson({ provider, batch })).digest('hex');
}

export const recordCount = (batch: PushRequest): number =>
  batch.resources.reduce((n, r) => n + r.records.length, 0);
