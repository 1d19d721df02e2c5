import type { StreamSpec } from '@meridian/connectors';
import { withTransaction, type Knex } from '@meridian/db';
import { createIngestion } from '@meridian/ingestion';
import { completeConnectionHistory } from './complete-history';
import { createConnectionsRepository } from './connections.repository';
import { createHistoricalPullsRepository } from './historical-pulls.repository';
import { keepEnabled, pageIsEmpty } from './page-filter';
import { LeaseLostError, newLease } from './stream-lease';
import { budgetSpent, fetchPage, type SyncRun } from './sync-run';
import { createSyncStreamsRepository, type StreamKey, type SyncStream } from './sync-streams.repository';

/**
 * The historical phase of one stream: windows of at most `maxWindowDays` from `done_until` to the end of the
 * range, page by page. Each page is ingested and the progress (`done_until`, `page_token`) recorded in ONE
 * transaction, so a runner killed between pages resumes at the next page and ingests nothing twice (and a
 * page repeated after a crash re-upserts the same keys).
 */

const DAY_MS = 86_400_000;

export type PhaseOutcome = 'done' | 'yielded';

export interface StreamProgress {
  outcome: PhaseOutcome;
  /** The lease held at the end (a finished history has released the stream already). */
  key: StreamKey;
}

export function streamResources(run: SyncRun, spec: StreamSpec): string[] {
  return spec.resources.filter((r) => run.enabled.has(r));
}

export async function pullHistory(
  run: SyncRun,
  spec: StreamSpec,
  claimed: SyncStream,
  lease: Date,
): Promise<StreamProgress> {
  const { deps } = run;
  const { userId, provider } = run.connection;
  const resources = streamResources(run, spec);
  await createHistoricalPullsRepository(deps.db).markInProgress(userId, provider, resources, deps.clock());
  let key: StreamKey = { connectionId: claimed.connectionId, stream: claimed.stream, lease };
  let doneUntil = claimed.doneUntil;
  let pageToken = claimed.pageToken;
  const rangeEnd = claimed.rangeEnd;
  if (doneUntil >= rangeEnd) {
    // An empty range (no backfill): nothing to fetch, the stream goes incremental at once.
    await finish(run, key, resources, claimed);
    return { outcome: 'done', key };
  }

  while (doneUntil < rangeEnd) {
    if (budgetSpent(run)) return { outcome: 'yielded', key };
    const windowEnd = new Date(
      Math.min(doneUntil.getTime() + spec.maxWindowDays * DAY_MS, rangeEnd.getTime()),
    );
    const page = await fetchPage(run, spec, { start: doneUntil, end: windowEnd, pageToken });
    const next = page.nextPage
      ? { doneUntil, pageToken: page.nextPage }
      : { doneUntil: windowEnd, pageToken: null as string | null };
    const finished = next.pageToken === null && next.doneUntil >= rangeEnd;
    const data = keepEnabled(page, run.enabled);
    const nextLease = newLease(deps.clock(), run.tuning.leaseMs);
    await withTransaction(deps.db, async (trx) => {
      // The stream row first: it checks the lease and holds the row while the page is written.
      const now = deps.clock();
      const held = finished
        ? await holdFinished(run, trx, key, claimed)
        : await createSyncStreamsRepository(trx).advance(key, { ...next, lease: nextLease, now });
      if (!held) throw new LeaseLostError();
      if (!pageIsEmpty(data)) {
        await createIngestion({ db: trx, clock: deps.clock }).ingest({ userId, mode: 'historical', ...data });
      }
      if (finished) await closeHistory(run, trx, resources, claimed);
    });
    key = { ...key, lease: nextLease };
    doneUntil = next.doneUntil;
    pageToken = next.pageToken;
  }
  return { outcome: 'done', key };
}

type Trx = Knex.Transaction;

/** History done: the stream turns incremental (under the runner's lease). */
async function holdFinished(run: SyncRun, trx: Trx, key: StreamKey, stream: SyncStream): Promise<boolean> {
  // Connection row before stream row, the order every writer of both keeps (no deadlock).
  await createConnectionsRepository(trx).find(run.connection.id, { forUpdate: true });
  const now = run.deps.clock();
  const nextAttemptAt = new Date(now.getTime() + run.connector.pollMinutes * 60_000);
  return createSyncStreamsRepository(trx).finishHistory(key, {
    rangeEnd: stream.rangeEnd,
    nextAttemptAt,
    now,
  });
}

/** Its pulls succeed, and the connection's last stream to finish closes the connection's historical pull. */
async function closeHistory(run: SyncRun, trx: Trx, resources: readonly string[], stream: SyncStream) {
  await recordPullSuccess(run, trx, resources, stream);
  await completeConnectionHistory(run, trx);
}

const finish = (run: SyncRun, key: StreamKey, resources: readonly string[], stream: SyncStream) =>
  withTransaction(run.deps.db, async (trx) => {
    if (!(await holdFinished(run, trx, key, stream))) throw new LeaseLostError();
    await closeHistory(run, trx, resources, stream);
  });

async function recordPullSuccess(
  run: SyncRun,
  trx: Trx,
  resources: readonly string[],
  stream: SyncStream,
): Promise<void> {
  const pulls = createHistoricalPullsRepository(trx);
  const { userId, provider } = run.connection;
  const days = new Map<string, number>();
  for (const resource of resources) {
    days.set(
      resource,
      await pulls.daysWithData(userId, provider, resource, stream.rangeStart, stream.rangeEnd),
    );
  }
  await pulls.markSuccess(userId, provider, days, run.deps.clock());
}
