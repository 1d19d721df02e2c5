import type { FetchPage, StreamSpec } from '@meridian/connectors';
import { withTransaction, type Knex } from '@meridian/db';
import { ValidationError } from '@meridian/domain';
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
 * range, page by page. Pages are gathered up to `historicalBatchItems` items (the next page is fetched while
 * a batch is written); a batch is ingested and the progress of its last page (`done_until`, `page_token`)
 * recorded in ONE transaction, so a runner killed between batches resumes after the last stored page and
 * ingests nothing twice (and pages repeated after a crash re-upsert the same keys).
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
  const at: Cursor = { doneUntil: claimed.doneUntil, pageToken: claimed.pageToken };
  const rangeEnd = claimed.rangeEnd;
  if (at.doneUntil >= rangeEnd) {
    // An empty range (no backfill): nothing to fetch, the stream goes incremental at once.
    await finish(run, key, resources, claimed);
    return { outcome: 'done', key };
  }

  // The next batch is fetched while the previous one is written.
  if (budgetSpent(run)) return { outcome: 'yielded', key };
  let gathering = gatherBatch(run, spec, at, rangeEnd);
  for (;;) {
    const batch = await gathering.result;
    // Nothing fetched: the first page failed.
    if (batch.pages.length === 0) throw batch.failed?.err;
    const finished = batch.next.doneUntil >= rangeEnd;
    const more = !finished && !batch.failed && !budgetSpent(run);
    if (more) gathering = gatherBatch(run, spec, batch.next, rangeEnd);
    try {
      key = await writePages(run, key, batch.pages, resources, claimed);
    } catch (err) {
      if (more) gathering.stop();
      throw err;
    }
    // What came before a failed page is stored; the failure is the stream's problem after that.
    if (batch.failed) throw batch.failed.err;
    if (finished) return { outcome: 'done', key };
    if (!more) return { outcome: 'yielded', key };
  }
}

interface Cursor {
  doneUntil: Date;
  pageToken: string | null;
}

interface GatheredPage {
  data: Omit<FetchPage, 'nextPage'>;
  /** Where the stream stands once this page is stored. */
  next: Cursor;
}

/** Pages for one transaction, up to the first failed fetch (kept as a value, never thrown from here). */
interface GatheredBatch {
  pages: GatheredPage[];
  /** Where the stream stands once the batch is stored. */
  next: Cursor;
  failed: { err: unknown } | null;
}

/**
 * Fetches pages from `at` until `historicalBatchItems` items, the end of the range, a failed fetch, the
 * run's budget, a quarter of the lease (the lease is renewed only when a batch is written), or `stop()`.
 * The result never rejects, so a batch gathered ahead of time never goes unhandled when the write before it
 * fails.
 */
function gatherBatch(
  run: SyncRun,
  spec: StreamSpec,
  at: Cursor,
  rangeEnd: Date,
): { result: Promise<GatheredBatch>; stop: () => void } {
  let stopped = false;
  const gatherUntil = Date.now() + run.tuning.leaseMs / 4;
  const gather = async (): Promise<GatheredBatch> => {
    const pages: GatheredPage[] = [];
    let items = 0;
    let next = at;
    do {
      const windowEnd = new Date(
        Math.min(next.doneUntil.getTime() + spec.maxWindowDays * DAY_MS, rangeEnd.getTime()),
      );
      let page: FetchPage;
      try {
        page = await fetchPage(run, spec, {
          start: next.doneUntil,
          end: windowEnd,
          pageToken: next.pageToken,
        });
      } catch (err) {
        return { pages, next, failed: { err } };
      }
      const data = keepEnabled(page, run.enabled);
      next = page.nextPage
        ? { doneUntil: next.doneUntil, pageToken: page.nextPage }
        : { doneUntil: windowEnd, pageToken: null };
      pages.push({ data, next });
      items += itemCount(data);
    } while (
      next.doneUntil < rangeEnd &&
      items < run.tuning.historicalBatchItems &&
      Date.now() < gatherUntil &&
      !budgetSpent(run) &&
      !stopped
    );
    return { pages, next, failed: null };
  };
  return {
    // Only a bug could get here (fetch failures are values): reported as the first page's failure.
    result: gather().catch((err: unknown) => ({ pages: [], next: at, failed: { err } })),
    stop: () => {
      stopped = true;
    },
  };
}

const itemCount = (data: Omit<FetchPage, 'nextPage'>) =>
  data.timeseries.reduce((n, t) => n + (Array.isArray(t.samples) ? t.samples.length : 1), 0) +
  data.summaries.length +
  data.workoutStreams.length;

/**
 * Stores gathered pages and the progress of the last one in ONE transaction. A batch the ingestion refuses
 * is written again page by page, so the pages before the bad one are kept as they would be one at a time.
 */
async function writePages(
  run: SyncRun,
  key: StreamKey,
  pages: readonly GatheredPage[],
  resources: readonly string[],
  claimed: SyncStream,
): Promise<StreamKey> {
  try {
    return await writeProgress(run, key, pages, resources, claimed);
  } catch (err) {
    if (!(err instanceof ValidationError) || pages.length === 1) throw err;
  }
  for (const page of pages) key = await writeProgress(run, key, [page], resources, claimed);
  return key;
}

async function writeProgress(
  run: SyncRun,
  key: StreamKey,
  pages: readonly GatheredPage[],
  resources: readonly string[],
  claimed: SyncStream,
): Promise<StreamKey> {
  const { deps } = run;
  const next = pages[pages.length - 1]!.next;
  const finished = next.pageToken === null && next.doneUntil >= claimed.rangeEnd;
  const data = mergePages(pages);
  const nextLease = newLease(deps.clock(), run.tuning.leaseMs);
  await withTransaction(deps.db, async (trx) => {
    // The stream row first: it checks the lease and holds the row while the pages are written.
    const now = deps.clock();
    const held = finished
      ? await holdFinished(run, trx, key, claimed)
      : await createSyncStreamsRepository(trx).advance(key, { ...next, lease: nextLease, now });
    if (!held) throw new LeaseLostError();
    if (!pageIsEmpty(data)) {
      await createIngestion({ db: trx, clock: deps.clock }).ingest({
        userId: run.connection.userId,
        mode: 'historical',
        ...data,
      });
    }
    if (finished) await closeHistory(run, trx, resources, claimed);
  });
  return { ...key, lease: nextLease };
}

function mergePages(pages: readonly GatheredPage[]): Omit<FetchPage, 'nextPage'> {
  if (pages.length === 1) return pages[0]!.data;
  return {
    timeseries: pages.flatMap((p) => p.data.timeseries),
    summaries: pages.flatMap((p) => p.data.summaries),
    workoutStreams: pages.flatMap((p) => p.data.workoutStreams),
  };
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
  const { userId, provider } = run.connection;
  await createHistoricalPullsRepository(trx).markSuccess({
    userId,
    provider,
    resources,
    start: stream.rangeStart,
    end: stream.rangeEnd,
    now: run.deps.clock(),
  });
}
