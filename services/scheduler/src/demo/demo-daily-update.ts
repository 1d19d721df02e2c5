import { withTransaction, type Knex } from '@meridian/db';
import { generateDemoBatch, isDemoProvider } from '@meridian/demo-data';
import type { Logger } from '@meridian/platform';
import type { DemoIngestionFactory } from './demo-ingestion';
import { createDemoPullsRepository, type DemoConnectionState } from './demo-pulls.repository';

/**
 * After a demo connection's historical pull succeeded, the data that "arrived" since the last delivery
 * is ingested in `daily` mode (emitting `daily.data.*`), at most a day per transaction, and the
 * connection's `synced_until` moves with it in the same transaction, so nothing is delivered twice.
 */

const DAY_MS = 86_400_000;

export interface DemoDailyUpdateDeps {
  db: Knex;
  logger: Logger;
  ingestionFor: DemoIngestionFactory;
}

export function createDemoDailyUpdate(deps: DemoDailyUpdateDeps) {
  /** One day-or-less step; false when the connection is gone or another runner moved it. */
  async function step(c: DemoConnectionState, from: Date, to: Date): Promise<boolean> {
    return withTransaction(deps.db, async (trx) => {
      const repo = createDemoPullsRepository(trx);
      const current = await repo.lockConnection(c.userId, c.provider);
      if (!current || current.syncedUntil.getTime() !== from.getTime() || !isDemoProvider(c.provider))
        return false;
      const batch = generateDemoBatch({
        userId: c.userId,
        provider: c.provider,
        from,
        to,
        timeZone: current.timeZone,
        mode: 'daily',
      });
      await deps.ingestionFor(trx).ingest(batch);
      await repo.advance(c.connectionId, to);
      return true;
    });
  }

  async function update(c: DemoConnectionState, now: Date): Promise<void> {
    for (let from = c.syncedUntil; from < now;) {
      const to = new Date(Math.min(from.getTime() + DAY_MS, now.getTime()));
      if (!(await step(c, from, to))) return;
      from = to;
    }
  }

  return {
    async run(now: Date, everyMs: number, limit: number): Promise<void> {
      const due = await createDemoPullsRepository(deps.db).findDueUpdates(now, everyMs, limit);
      for (const c of due) {
        try {
          await update(c, now);
        } catch (err) {
          deps.logger.warn('demo daily update failed; it runs again on the next tick', {
            err,
            provider: c.provider,
          });
        }
      }
    },
  };
}
