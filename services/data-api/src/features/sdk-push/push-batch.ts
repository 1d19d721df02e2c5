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

/**
 * The batch fingerprint is taken over the body's bytes as received (after content decoding): a resend is the
 * same batch when it carries the same bytes, so the SDK keeps the serialised batch and resends that (a batch
 * rebuilt with other keys, spacing or records under the same `batch_id` is a different batch: 409
 * `batch_id_reused`). Hashing the bytes costs a fraction of walking the parsed body.
 */
const rawDigests = new WeakMap<object, string>();

/** The push route's raw-body hook: the SHA-256 of the body's bytes, kept for the request. */
export function digestRawPushBody(req: object, body: Buffer): void {
  rawDigests.set(req, createHash('sha256').update(body).digest('hex'));
}

/** The digest `digestRawPushBody` kept for this request, if its body went through the push route's parser. */
export const rawPushBodyDigest = (req: object): string | undefined => rawDigests.get(req);

/**
 * SHA-256 (hex) of the provider and the batch's bytes (`bodyDigest`, the SHA-256 of the raw body); without
 * one, of the batch as JSON text. Equal for a resend of the same bytes, different for any change.
 */
export function batchFingerprint(provider: string, batch: PushRequest, bodyDigest?: string): string {
  const digest = bodyDigest ?? createHash('sha256').update(JSON.stringify(batch)).digest('hex');
  return createHash('sha256').update(`${provider}\n${digest}`).digest('hex');
}

export const recordCount = (batch: PushRequest): number =>
  batch.resources.reduce((n, r) => n + r.records.length, 0);
