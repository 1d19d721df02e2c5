import { ProviderAuthError } from '@meridian/connectors';
import { errorTypeForAuth, markConnectionError } from './connection-error';
import { createConnectionsRepository, type SyncConnection } from './connections.repository';
import { pullHistory, type StreamProgress } from './historical-pull';
import { pullIncremental } from './incremental-pull';
import { publishSyncTask } from './provider-sync-task';
import { recordStreamProblem } from './stream-problems';
import { LeaseLostError, newLease } from './stream-lease';
import { openSyncRun, type SyncRun } from './sync-run';
import type { SyncDeps } from './sync-deps';
import { tuningOf } from './sync-deps';
import { createSyncStreamsRepository, type StreamKey, type SyncStream } from './sync-streams.repository';
import { ConnectionGoneError } from './token-manager';

/**
 * One sync run over a connection, read top to bottom: claim its due streams under a lease → per stream
 * fetch pages → ingest with the progress → record the outcome → schedule the next attempt. Safe to run from
 * a task message and the sweep at once: a stream is claimed by one runner at a time.
 */

export interface SyncRunResult {
  /** Streams claimed by this run. */
  streams: number;
  /** The run stopped early (time budget) and asked for another run. */
  yielded: boolean;
  /** The connection was put in error by this run. */
  connectionError: boolean;
}

const NOTHING: SyncRunResult = { streams: 0, yielded: false, connectionError: false };

async function claim(
  deps: SyncDeps,
  connectionId: string,
): Promise<{ connection: SyncConnection; streams: SyncStream[]; lease: Date } | undefined> {
  const connection = await createConnectionsRepository(deps.db).find(connectionId);
  if (!connection || connection.status !== 'connected') return undefined;
  const now = deps.clock();
  const lease = newLease(now, tuningOf(deps).leaseMs);
  const streams = await createSyncStreamsRepository(deps.db).claimDue(connectionId, now, lease);
  return streams.length > 0 ? { connection, streams, lease } : undefined;
}

/** Hands a stream back: due at once after a yield, or at its next poll after an incremental run. */
async function schedule(run: SyncRun, progress: StreamProgress, stream: SyncStream): Promise<void> {
  const now = run.deps.clock();
  const finishedHistory = stream.phase === 'historical' && progress.outcome === 'done';
  if (finishedHistory) return; // released by the transaction that finished it
  const nextAttemptAt =
    progress.outcome === 'yielded' ? now : new Date(now.getTime() + run.connector.pollMinutes * 60_000);
  await createSyncStreamsRepository(run.deps.db).release(progress.key, {
    status: 'scheduled',
    attempts: 0,
    nextAttemptAt,
    lastError: null,
    now,
  });
}

type StreamOutcome = 'ok' | 'yielded' | 'auth' | 'recorded';

async function syncStream(
  run: SyncRun,
  stream: SyncStream,
  lease: Date,
): Promise<{ outcome: StreamOutcome; error?: unknown }> {
  const spec = run.connector.streams.find((s) => s.name === stream.stream);
  const key: StreamKey = { connectionId: stream.connectionId, stream: stream.stream, lease };
  if (!spec) {
    // The connector no longer has this stream: stop it rather than fail every run.
    const now = run.deps.clock();
    await createSyncStreamsRepository(run.deps.db).release(key, {
      status: 'failure',
      attempts: stream.attempts,
      nextAttemptAt: now,
      lastError: 'non_retriable_error',
      now,
    });
    return { outcome: 'recorded' };
  }
  try {
    const progress =
      stream.phase === 'historical'
        ? await pullHistory(run, spec, stream, lease)
        : await pullIncremental(run, spec, stream, lease);
    await schedule(run, progress, stream);
    return { outcome: progress.outcome === 'yielded' ? 'yielded' : 'ok' };
  } catch (err) {
    if (err instanceof LeaseLostError || err instanceof ConnectionGoneError) return { outcome: 'recorded' };
    // The lease may have moved during the pull; recording is conditioned on the one the stream holds now.
    const current = await currentLease(run, stream);
    return { outcome: await recordStreamProblem(run, spec, stream, current ?? key, err), error: err };
  }
}

async function currentLease(run: SyncRun, stream: SyncStream): Promise<StreamKey | undefined> {
  const rows = await createSyncStreamsRepository(run.deps.db).listForConnection(stream.connectionId);
  const row = rows.find((r) => r.stream === stream.stream);
  return row?.lockedUntil
    ? { connectionId: stream.connectionId, stream: stream.stream, lease: row.lockedUntil }
    : undefined;
}

async function failConnection(
  deps: SyncDeps,
  connection: SyncConnection,
  err: ProviderAuthError,
): Promise<void> {
  await markConnectionError(deps, connection.id, {
    errorType: errorTypeForAuth(err.reason),
    detail: err.message,
  });
}

/** Releases streams a run did not get to (budget spent, or the connection failed first). */
async function releaseUntouched(deps: SyncDeps, streams: readonly SyncStream[], lease: Date): Promise<void> {
  const repo = createSyncStreamsRepository(deps.db);
  const now = deps.clock();
  for (const s of streams) {
    await repo.release(
      { connectionId: s.connectionId, stream: s.stream, lease },
      {
        status: s.status === 'in_progress' ? 'scheduled' : s.status,
        attempts: s.attempts,
        nextAttemptAt: now,
        lastError: s.lastError,
        now,
      },
    );
  }
}

export async function runConnectionSync(deps: SyncDeps, connectionId: string): Promise<SyncRunResult> {
  const claimed = await claim(deps, connectionId);
  if (!claimed) return NOTHING;
  let run: SyncRun;
  try {
    run = await openSyncRun(deps, claimed.connection);
  } catch (err) {
    if (err instanceof ProviderAuthError) {
      await failConnection(deps, claimed.connection, err);
      return { streams: claimed.streams.length, yielded: false, connectionError: true };
    }
    await releaseUntouched(deps, claimed.streams, claimed.lease);
    throw err;
  }
  let yielded = false;
  for (let i = 0; i < claimed.streams.length; i += 1) {
    const stream = claimed.streams[i]!;
    const { outcome, error } = await syncStream(run, stream, claimed.lease);
    if (outcome === 'auth' && error instanceof ProviderAuthError) {
      await failConnection(deps, claimed.connection, error);
      return { streams: claimed.streams.length, yielded: false, connectionError: true };
    }
    if (outcome === 'yielded') {
      yielded = true;
      await releaseUntouched(deps, claimed.streams.slice(i + 1), claimed.lease);
      break;
    }
  }
  await recordSyncTimes(deps, connectionId);
  if (yielded) await publishSyncTask(deps, connectionId);
  return { streams: claimed.streams.length, yielded, connectionError: false };
}

async function recordSyncTimes(deps: SyncDeps, connectionId: string): Promise<void> {
  const streams = await createSyncStreamsRepository(deps.db).listForConnection(connectionId);
  const waiting = streams.filter((s) => s.status !== 'failure').map((s) => s.nextAttemptAt.getTime());
  await createConnectionsRepository(deps.db).recordSync(
    connectionId,
    deps.clock(),
    waiting.length > 0 ? new Date(Math.min(...waiting)) : null,
  );
}
