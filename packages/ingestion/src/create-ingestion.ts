import type { Knex } from 'knex';
import { completeHistoricalPull, type HistoricalPullCompletion } from './complete-historical-pull';
import { ingestBatch, ingestBatches, type IngestManyOptions } from './ingest-batch';
import type { IngestBatch, IngestResult } from './ingestion.types';

export interface IngestionDeps {
  db: Knex;
  clock?: () => Date;
}

export interface Ingestion {
  /** Ingests one batch in one transaction; refuses a bad batch as a whole (ValidationError). */
  ingest(batch: IngestBatch): Promise<IngestResult>;
  /**
   * Several batches of one user as one write (see `ingestBatches`): one result per batch, the activity days
   * derived once. `savepoint: false` when `db` is a transaction the caller rolls back whole on any error;
   * `user` and `deferEvents` save round trips (see `IngestManyOptions`).
   */
  ingestMany(batches: readonly IngestBatch[], opts?: IngestManyOptions): Promise<IngestResult[]>;
  /** Writes the `historical.data.<resource>.created` events that close a historical pull. */
  completeHistoricalPull(input: HistoricalPullCompletion): Promise<string[]>;
}

export function createIngestion(deps: IngestionDeps): Ingestion {
  const clock = deps.clock ?? (() => new Date());
  return {
    ingest: (batch) => ingestBatch(deps.db, clock(), batch),
    ingestMany: (batches, opts) => ingestBatches(deps.db, clock(), batches, opts),
    completeHistoricalPull: (input) => completeHistoricalPull(deps.db, input),
  };
}
