import type { Knex } from '@meridian/db';
import { DEMO_HISTORICAL_PULL_JOB } from '@meridian/demo-data';
import type { Logger } from '@meridian/platform';
import type { ScheduledJob } from '../scheduled-jobs';
import { createDemoDailyUpdate } from './demo-daily-update';
import { createDemoHistoricalPull } from './demo-historical-pull';
import { defaultDemoIngestion, type DemoIngestionFactory } from './demo-ingestion';

/** The sandbox demo provider's jobs: the historical pull (task), its sweep and the updates (leader tick). */

export interface DemoJobsOptions {
  /** Least time between two deliveries to one connection (default 15 minutes). */
  updateEveryMs?: number;
  /** How long a scheduled or retrying pull may wait for its message before the sweep runs it (1 minute). */
  orphanGraceMs?: number;
  /** Connections handled per tick by each tick job (default 25). */
  perTick?: number;
  /** How long a pull's runner holds it without renewing; a dead runner's pull resumes after it (30 s). */
  pullLeaseMs?: number;
  ingestionFor?: DemoIngestionFactory;
}

export const DEMO_SWEEP_JOB = 'demo_historical_pull_sweep';
export const DEMO_DAILY_UPDATE_JOB = 'demo_daily_update';

export function createDemoJobs(
  deps: { db: Knex; logger: Logger; clock: () => Date } & DemoJobsOptions,
): ScheduledJob[] {
  const ingestionFor = deps.ingestionFor ?? defaultDemoIngestion(deps.clock);
  const pull = createDemoHistoricalPull({
    db: deps.db,
    logger: deps.logger,
    clock: deps.clock,
    ingestionFor,
    leaseMs: deps.pullLeaseMs,
  });
  const daily = createDemoDailyUpdate({ db: deps.db, logger: deps.logger, ingestionFor });
  const perTick = deps.perTick ?? 25;
  return [
    { name: DEMO_HISTORICAL_PULL_JOB, onTick: false, run: (now, task) => pull.runTask(now, task) },
    { name: DEMO_SWEEP_JOB, run: (now) => pull.sweep(now, deps.orphanGraceMs ?? 60_000, perTick) },
    { name: DEMO_DAILY_UPDATE_JOB, run: (now) => daily.run(now, deps.updateEveryMs ?? 15 * 60_000, perTick) },
  ];
}
