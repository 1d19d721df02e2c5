import { withTransaction, type Knex } from '@meridian/db';
import {
  generateDemoBatch,
  isDemoProvider,
  resourceDays,
  type DemoProvider,
  type DemoPullTaskData,
} from '@meridian/demo-data';
import { isUuid, ValidationError, type Resource } from '@meridian/domain';
import { DATA_EVENT_RESOURCES } from '@meridian/ingestion';
import { meridianQueues, meridianTopology, PermanentError } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';
import { LeaseLostError, newLease } from '@meridian/sync';
import type { JobTask } from '../scheduled-jobs';
import type { DemoIngestionFactory } from './demo-ingestion';
import {
  createDemoPullsRepository,
  DEMO_PULL_LEASE_MS,
  holdsPullLease,
  pullLeaseHeld,
  type ClaimedPull,
  type DemoConnectionState,
} from './demo-pulls.repository';

/**
 * A demo connection's historical pull: claim the pulls under a lease, ingest the generated history one day
 * at a time (`historical` mode: no per-chunk events) renewing the lease after each day, then in one
 * transaction write `historical.data.*.created`, mark each pull `success` with its days with data and let
 * the lease go. Re-running after success finds nothing to claim; a runner that died leaves a lease that
 * runs out within `leaseMs`, and the next sweep takes the pull over (ingestion upserts, so the days it
 * ingests again change nothing).
 */

const DAY_MS = 86_400_000;
const SCHEDULER_MAX_ATTEMPTS =
  meridianTopology.queues.find((q) => q.name === meridianQueues.schedulerTasks)?.maxAttempts ?? 1;

export interface DemoPullDeps {
  db: Knex;
  logger: Logger;
  clock: () => Date;
  ingestionFor: DemoIngestionFactory;
  /** How long a runner holds a pull without renewing (default DEMO_PULL_LEASE_MS). */
  leaseMs?: number;
}

interface PullTarget {
  userId: string;
  provider: DemoProvider;
}

/** The task's `data`, or a PermanentError: a malformed task can never succeed. */
export function parseDemoPullTask(data: unknown): PullTarget {
  const d = (data ?? {}) as Partial<Record<keyof DemoPullTaskData, unknown>>;
  if (!isUuid(d.user_id) || typeof d.provider !== 'string' || !isDemoProvider(d.provider)) {
    throw new PermanentError('demo_historical_pull needs data {user_id: uuid, provider: demo provider slug}');
  }
  return { userId: d.user_id, provider: d.provider };
}

function span(pulls: readonly ClaimedPull[]): { start: Date; end: Date } {
  const start = Math.min(...pulls.map((p) => p.rangeStart.getTime()));
  const end = Math.max(...pulls.map((p) => p.rangeEnd.getTime()));
  return { start: new Date(start), end: new Date(end) };
}

/** The lease a runner holds on a connection's pull; `lease` moves on with every renewal. */
interface PullHolder {
  connection: DemoConnectionState;
  lease: Date;
}

export function createDemoHistoricalPull(deps: DemoPullDeps) {
  const leaseMs = deps.leaseMs ?? DEMO_PULL_LEASE_MS;

  /**
   * Claims the pulls under a new lease, unless a live runner holds them; a connection that is gone fails
   * them for good.
   */
  async function claim(target: PullTarget, now: Date) {
    return withTransaction(deps.db, async (trx) => {
      const repo = createDemoPullsRepository(trx);
      const connection = await repo.lockConnection(target.userId, target.provider);
      if (connection && pullLeaseHeld(connection, now)) return undefined;
      const pulls = await repo.claim(target.userId, target.provider, now);
      if (pulls.length === 0) return undefined;
      if (!connection) {
        const resources = pulls.map((p) => p.resource);
        await repo.markProblem(
          target.userId,
          target.provider,
          resources,
          'failure',
          'non_retriable_error',
          now,
        );
        return undefined;
      }
      const lease = newLease(now, leaseMs);
      await repo.takePullLease(connection.connectionId, lease);
      return { holder: { connection, lease } satisfies PullHolder, pulls };
    });
  }

  /** Extends the runner's lease; LeaseLostError when another runner took the pull over or the connection went. */
  async function renew(holder: PullHolder): Promise<void> {
    const next = newLease(deps.clock(), leaseMs);
    const repo = createDemoPullsRepository(deps.db);
    if (!(await repo.renewPullLease(holder.connection.connectionId, holder.lease, next))) {
      throw new LeaseLostError();
    }
    holder.lease = next;
  }

  async function ingestHistory(target: PullTarget, holder: PullHolder, range: { start: Date; end: Date }) {
    const timeZone = holder.connection.timeZone;
    const days = new Map<Resource, Set<string>>();
    const ingestion = deps.ingestionFor(deps.db);
    for (let from = range.start.getTime(); from < range.end.getTime(); from += DAY_MS) {
      const to = Math.min(from + DAY_MS, range.end.getTime());
      const batch = generateDemoBatch({
        ...target,
        from: new Date(from),
        to: new Date(to),
        timeZone,
        mode: 'historical',
      });
      await ingestion.ingest(batch);
      for (const [resource, dates] of resourceDays(batch, timeZone)) {
        const all = days.get(resource) ?? new Set<string>();
        for (const d of dates) all.add(d);
        days.set(resource, all);
      }
      await renew(holder);
    }
    return days;
  }

  async function complete(
    target: PullTarget,
    holder: PullHolder,
    pulls: readonly ClaimedPull[],
    days: Map<Resource, Set<string>>,
  ) {
    const range = span(pulls);
    await withTransaction(deps.db, async (trx) => {
      const repo = createDemoPullsRepository(trx);
      const resources = pulls.map((p) => p.resource);
      const connection = await repo.lockConnection(target.userId, target.provider);
      if (!connection) {
        await repo.markProblem(
          target.userId,
          target.provider,
          resources,
          'failure',
          'non_retriable_error',
          deps.clock(),
        );
        return;
      }
      if (!holdsPullLease(connection, holder.lease)) throw new LeaseLostError();
      await deps.ingestionFor(trx).completeHistoricalPull({
        userId: target.userId,
        provider: target.provider,
        resources: resources.filter((r) => DATA_EVENT_RESOURCES.has(r)),
        rangeStart: range.start,
        rangeEnd: range.end,
      });
      const counts = new Map(resources.map((r) => [r, days.get(r)?.size ?? 0]));
      await repo.markSuccess(target.userId, target.provider, counts, deps.clock());
      await repo.releasePullLease(connection.connectionId, holder.lease);
    });
  }

  /**
   * The runner lost its lease: another runner has the pull (nothing to do), or the connection is gone (the
   * pulls fail for good, as they would have at completion).
   */
  async function leaseLost(target: PullTarget, pulls: readonly ClaimedPull[]) {
    await withTransaction(deps.db, async (trx) => {
      const repo = createDemoPullsRepository(trx);
      if (await repo.lockConnection(target.userId, target.provider)) return;
      const resources = pulls.map((p) => p.resource);
      await repo.markProblem(
        target.userId,
        target.provider,
        resources,
        'failure',
        'non_retriable_error',
        deps.clock(),
      );
    });
    deps.logger.info('demo historical pull stopped: its lease was lost', { provider: target.provider });
  }

  async function recordProblem(
    target: PullTarget,
    holder: PullHolder,
    pulls: readonly ClaimedPull[],
    err: unknown,
    attempt?: number,
  ) {
    const permanent = err instanceof ValidationError || err instanceof PermanentError;
    const exhausted = attempt !== undefined && attempt >= SCHEDULER_MAX_ATTEMPTS;
    const status = permanent || exhausted ? 'failure' : 'retrying';
    const details = permanent
      ? 'non_retriable_error'
      : exhausted
        ? 'retry_quota_exhausted'
        : 'transport_failure';
    try {
      await withTransaction(deps.db, async (trx) => {
        const repo = createDemoPullsRepository(trx);
        const connection = await repo.lockConnection(target.userId, target.provider);
        // Another runner took the pull over meanwhile: the outcome is its to record.
        if (connection && !holdsPullLease(connection, holder.lease)) return;
        const resources = pulls.map((p) => p.resource);
        await repo.markProblem(target.userId, target.provider, resources, status, details, deps.clock());
        if (connection) await repo.releasePullLease(connection.connectionId, holder.lease);
      });
    } catch (markErr) {
      deps.logger.warn('could not record the demo pull problem; the sweep takes the pull over later', {
        err: markErr,
      });
    }
    return permanent;
  }

  async function run(target: PullTarget, now: Date, attempt?: number): Promise<void> {
    const claimed = await claim(target, now);
    if (!claimed) return;
    const { holder, pulls } = claimed;
    const started = Date.now();
    try {
      const days = await ingestHistory(target, holder, span(pulls));
      await complete(target, holder, pulls, days);
    } catch (err) {
      if (err instanceof LeaseLostError) {
        await leaseLost(target, pulls);
        return;
      }
      const permanent = await recordProblem(target, holder, pulls, err, attempt);
      if (permanent) throw new PermanentError('demo historical pull failed for good', { cause: err });
      throw err;
    }
    deps.logger.info('demo historical pull done', {
      provider: target.provider,
      resources: pulls.length,
      duration_ms: Date.now() - started,
    });
  }

  return {
    /** From a `scheduler.task.demo_historical_pull` message. */
    async runTask(now: Date, task: JobTask | undefined): Promise<void> {
      await run(parseDemoPullTask(task?.data), now, task?.attempt);
    },

    /** Leader tick: starts pulls whose message was lost, retries exhausted, or runners died. */
    async sweep(now: Date, graceMs: number, limit: number): Promise<void> {
      const orphaned = await createDemoPullsRepository(deps.db).findOrphaned(now, graceMs, limit);
      for (const o of orphaned) {
        if (!isDemoProvider(o.provider)) continue;
        try {
          await run({ userId: o.userId, provider: o.provider }, now);
        } catch (err) {
          deps.logger.warn('demo historical pull failed; the sweep tries again', {
            err,
            provider: o.provider,
          });
        }
      }
    },
  };
}
