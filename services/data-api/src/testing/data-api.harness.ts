import type { Express } from 'express';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase, type TestDatabase } from '@meridian/test-utils';
import { createDataApi } from '../app';

export interface DataApiHarness {
  app: Express;
  db: TestDatabase;
  /** Moves the injected clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
}

/** The real data API on a fresh test database, with response validation on. */
export async function createDataApiHarness(): Promise<DataApiHarness> {
  const db = await createTestDatabase();
  let now: Date | undefined;
  const app = createDataApi({
    db: db.knex,
    logger: createLogger({ service: 'data-api', silent: true }),
    metrics: createMetricsRegistry('data-api'),
    region: 'us',
    readiness: {},
    clock: () => now ?? new Date(),
    validateResponses: true,
  });
  return {
    app,
    db,
    setNow: (d) => {
      now = d;
    },
    close: () => db.destroy(),
  };
}
