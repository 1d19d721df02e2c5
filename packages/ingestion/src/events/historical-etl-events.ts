import type { OutboxEvent } from '@meridian/db';
import type { IngestionUser } from '../storage/ingestion-user.repository';
import type { WrittenBatch } from '../write-batch';
import { batchEvents } from './batch-events';

/**
 * `push_historical_data` (api-shapes §7.4): when the user's team environment has an Azure Event Hubs
 * pipeline that asks for historical data, a historical chunk also writes its `daily.data.*` events,
 * marked ETL-only so webhooks and the events feed skip them. Otherwise a historical chunk writes none.
 */
export function historicalEtlEvents(user: IngestionUser, written: WrittenBatch): OutboxEvent[] {
  if (!user.pushesHistoricalEtl) return [];
  return batchEvents(user, written).map((event) => ({ ...event, etlOnly: true }));
}
