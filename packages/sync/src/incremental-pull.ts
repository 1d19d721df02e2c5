import type { StreamSpec } from '@meridian/connectors';
import { withTransaction } from '@meridian/db';
import { createIngestion } from '@meridian/ingestion';
import type { StreamProgress } from './historical-pull';
import { keepEnabled, pageIsEmpty } from './page-filter';
import { LeaseLostError, newLease } from './stream-lease';
import { budgetSpent, fetchPage, type SyncRun } from './sync-run';
import { createSyncStreamsRepository, type StreamKey, type SyncStream } from './sync-streams.repository';

/**
 * The incremental phase: fetch from a little before the last sync (`incremental_since` − overlap, for data
 * the provider files late) up to now, in windows of at most `maxWindowDays`, ingested in `daily` mode (which
 * emits `daily.data.*` for what is new or changed). `incremental_since` moves after each whole window; a
 * window cut short by a crash is fetched again, and its re-upserts change nothing.
 */

const DAY_MS = 86_400_000;

export async function pullIncremental(
  run: SyncRun,
  spec: StreamSpec,
  claimed: SyncStream,
  lease: Date,
): Promise<StreamProgress> {
  const { deps } = run;
  let key: StreamKey = { connectionId: claimed.connectionId, stream: claimed.stream, lease };
  const until = deps.clock();
  const since = claimed.incrementalSince ?? claimed.rangeEnd;
  let start = new Date(
    Math.max(since.getTime() - run.tuning.incrementalOverlapMs, claimed.rangeStart.getTime()),
  );

  while (start < until) {
    if (budgetSpent(run)) return { outcome: 'yielded', key };
    const end = new Date(Math.min(start.getTime() + spec.maxWindowDays * DAY_MS, until.getTime()));
    let pageToken: string | null = null;
    do {
      const page = await fetchPage(run, spec, { start, end, pageToken });
      pageToken = page.nextPage;
      const windowDone = pageToken === null;
      const data = keepEnabled(page, run.enabled);
      const nextLease = newLease(deps.clock(), run.tuning.leaseMs);
      await withTransaction(deps.db, async (trx) => {
        const streams = createSyncStreamsRepository(trx);
        const now = deps.clock();
        const held = windowDone
          ? await streams.advanceIncremental(key, { since: end, lease: nextLease, now })
          : await streams.renewLease(key, nextLease, now);
        if (!held) throw new LeaseLostError();
        if (!pageIsEmpty(data)) {
          await createIngestion({ db: trx, clock: deps.clock }).ingest({
            userId: run.connection.userId,
            mode: 'daily',
            ...data,
          });
        }
      });
      key = { ...key, lease: nextLease };
    } while (pageToken !== null);
    start = end;
  }
  return { outcome: 'done', key };
}
