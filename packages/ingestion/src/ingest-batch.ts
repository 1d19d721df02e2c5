import { createOutboxRepository, withTransaction } from '@meridian/db';
import { isUuid, NotFoundError } from '@meridian/domain';
import type { Knex } from 'knex';
import { batchEvents } from './events/batch-events';
import { historicalEtlEvents } from './events/historical-etl-events';
import { applyIngestionBounds } from './ingestion-bounds';
import type { IngestBatch, IngestResult } from './ingestion.types';
import { loadIngestionUser } from './storage/ingestion-user.repository';
import { createZoneOffsets } from './time/zone-offset';
import { isRecord } from './validation/check-source';
import { normaliseBatch } from './validation/normalise-batch';
import { writeBatch, type WrittenBatch } from './write-batch';

/**
 * The one ingestion path: validate and normalise the whole batch, drop what lies outside the user's
 * bounds, upsert samples, summaries and streams, re-derive the touched activity days, record resource
 * stats and write the data events (a historical chunk only for ETL pipelines that push historical data),
 * all in one transaction. A bad batch writes nothing.
 */
export async function ingestBatch(db: Knex, now: Date, batch: IngestBatch): Promise<IngestResult> {
  const raw: unknown = batch;
  const userId = isRecord(raw) ? raw.userId : undefined;
  if (typeof userId !== 'string' || !isUuid(userId))
    throw new NotFoundError('User not found.', { user_id: userId });

  return withTransaction(db, async (trx) => {
    const user = await loadIngestionUser(trx, userId);
    const zoneOffsets = createZoneOffsets();
    const fallbackZone = user.fallbackTimeZone;
    const all = normaliseBatch(batch, { userId, fallbackZone, now, zoneOffsets });
    const bounds = { start: user.ingestionStart, end: user.ingestionEnd };
    const kept = applyIngestionBounds(all, bounds, fallbackZone, zoneOffsets);
    // A historical chunk writes data events only for an ETL pipeline that asks for them.
    const perSample = batch.mode === 'daily' || user.pushesHistoricalEtl;
    const written = await writeBatch({ trx, user, bounds, now, zoneOffsets, perSample }, all, kept);
    const events = batch.mode === 'daily' ? batchEvents(user, written) : historicalEtlEvents(user, written);
    const eventIds = await createOutboxRepository(trx).append(events);
    const stored = kept.samples.length + kept.summaries.length + kept.streams.length;
    const { created, updated } = countOutcomes(written);
    return { created, updated, unchanged: stored - created - updated, dropped: kept.dropped, eventIds };
  });
}

function countOutcomes(written: WrittenBatch): { created: number; updated: number } {
  let { created, updated } = written.sampleCounts;
  for (const { inserted: isNew } of [...written.summaries, ...written.streams]) {
    if (isNew) created += 1;
    else updated += 1;
  }
  return { created, updated };
}
