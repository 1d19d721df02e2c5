import type { Knex } from 'knex';
import { completeHistoricalPull, type HistoricalPullCompletion } from './complete-historical-pull';
import { ingestBatch } from './ingest-batch';
import type { IngestBatch, IngestResult } from './ingestion.types';

export interface IngestionDeps {
  db: Knex;
  clock?: () => Date;
}

export interface Ingestion {
  /** Ingests one batch in one transaction; refuses a bad batch as a whole (ValidationError). */
  ingest(batch: IngestBatch): Promise<IngestResult>;
  /** Writes the `historical.data.<resource>.created` events that close a historical pull. */
  completeHistoricalPull(input: HistoricalPullCompletion): Promise<string[]>;
}

export function createIngestion(deps: IngestionDeps): Ingestion {
  const clock = deps.clock ?? (() => new Date());
  return {
    ingest: (batch) => ingestBatch(deps.db, clock(), batch),
    completeHistoricalPull: (input) => completeHistoricalPull(deps.db, input),
  };
}
