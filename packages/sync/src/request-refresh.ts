import { createConnectionsRepository, type SyncConnection } from './connections.repository';
import { publishSyncTask } from './provider-sync-task';
import { runConnectionSync } from './sync-connection';
import type { SyncDeps } from './sync-deps';
import { createSyncStreamsRepository, type SyncStream } from './sync-streams.repository';

/**
 * `POST /v2/user/refresh`: every connected stream of the user is made due now (streams a runner holds are
 * left to it), the sync tasks are published — or run here when there is no broker — and the caller waits up
 * to `timeoutMs` for them, then hears per provider slug what refreshed, what is still running, what failed.
 */

export interface RefreshReport {
  refreshed_sources: string[];
  in_progress_sources: string[];
  failed_sources: string[];
}

const POLL_MS = 200;

type ProviderState = 'refreshed' | 'in_progress' | 'failed';

/** Where one connection stands since `since` (the instant its streams were made due). */
function stateOf(connection: SyncConnection, streams: readonly SyncStream[], since: Date): ProviderState {
  if (connection.status === 'error') return 'failed';
  if (streams.some((s) => s.status === 'failure')) return 'failed';
  // A retry waiting after an attempt made since the request: that attempt failed.
  if (streams.some((s) => s.status === 'retrying' && s.nextAttemptAt > since)) return 'failed';
  const ran = (s: SyncStream) => s.status !== 'in_progress' && s.nextAttemptAt > since;
  return streams.every(ran) ? 'refreshed' : 'in_progress';
}

async function snapshot(deps: SyncDeps, userId: string, since: Date): Promise<Map<string, ProviderState>> {
  const states = new Map<string, ProviderState>();
  const streamsRepo = createSyncStreamsRepository(deps.db);
  for (const connection of await createConnectionsRepository(deps.db).listForUser(userId)) {
    states.set(
      connection.provider,
      stateOf(connection, await streamsRepo.listForConnection(connection.id), since),
    );
  }
  return states;
}

function report(states: Map<string, ProviderState>): RefreshReport {
  const of = (state: ProviderState) => [...states].filter(([, s]) => s === state).map(([p]) => p);
  return {
    refreshed_sources: of('refreshed'),
    in_progress_sources: of('in_progress'),
    failed_sources: of('failed'),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function requestRefresh(
  deps: SyncDeps,
  input: { userId: string; timeoutMs: number },
): Promise<RefreshReport> {
  const since = deps.clock();
  const streams = createSyncStreamsRepository(deps.db);
  const connections = (await createConnectionsRepository(deps.db).listForUser(input.userId)).filter(
    (c) => c.status === 'connected',
  );
  const due: string[] = [];
  for (const c of connections) {
    if ((await streams.markDue(c.id, { streams: null, now: since, includeHistorical: true })) > 0)
      due.push(c.id);
  }
  const deadline = Date.now() + Math.max(0, input.timeoutMs);
  if (deps.transport) {
    for (const id of due) await publishSyncTask(deps, id);
  } else {
    const inline = Promise.all(
      due.map((id) =>
        runConnectionSync(deps, id).catch((err: unknown) => {
          deps.logger.warn('refresh sync run failed', { err, connection_id: id });
        }),
      ),
    );
    await Promise.race([inline, sleep(Math.max(0, input.timeoutMs))]);
  }
  let states = await snapshot(deps, input.userId, since);
  while ([...states.values()].includes('in_progress') && Date.now() < deadline) {
    await sleep(Math.min(POLL_MS, Math.max(1, deadline - Date.now())));
    states = await snapshot(deps, input.userId, since);
  }
  return report(states);
}
