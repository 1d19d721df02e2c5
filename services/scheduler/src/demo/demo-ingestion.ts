import type { Knex } from '@meridian/db';
import { createIngestion, type Ingestion } from '@meridian/ingestion';

/** The part of ingestion the demo jobs use, built on the connection or transaction at hand. */
export type DemoIngestion = Pick<Ingestion, 'ingest' | 'completeHistoricalPull'>;
export type DemoIngestionFactory = (db: Knex) => DemoIngestion;

export const defaultDemoIngestion =
  (clock: () => Date): DemoIngestionFactory =>
  (db) =>
    createIngestion({ db, clock });
