import type { OutboxEvent } from '@meridian/db';
import type { IngestionUser } from '../storage/ingestion-user.repository';
import type { WrittenBatch } from '../write-batch';
import { sampleEvents } from './sample-events';
import { summaryEvents } from './summary-events';

/** The daily data events of a written batch: samples, summaries, derived activity, workout streams. */
export function batchEvents(user: IngestionUser, written: WrittenBatch): OutboxEvent[] {
  return [
    ...sampleEvents(user, written.samples),
    ...summaryEvents(user, written.summaries),
    ...summaryEvents(user, written.activity),
    ...written.streamEvents,
  ];
}
