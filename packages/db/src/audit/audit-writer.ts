import type { Knex } from 'knex';
import type { AuditEvent, AuditRecorder } from '@meridian/domain';
import { insertAuditEvents } from './audit-events.repository';

/** Where the writer reports what it did (metrics); every hook is optional. */
export interface AuditWriterObserver {
  written?(count: number): void;
  /** Events lost: pushed out of a full queue, or recorded after close. */
  dropped?(count: number): void;
  flushFailed?(err: unknown): void;
  /** The queue length after each change. */
  queued?(length: number): void;
}

export interface AuditWriterOptions {
  /** Time between flushes (default 1000 ms). */
  flushIntervalMs?: number;
  /** Events per INSERT; a queue this long is flushed at once (default 500). */
  maxBatchSize?: number;
  /**
   * Events kept in memory while the database is unreachable (default 20,000); past it the oldest tenth is
   * dropped.
   */
  maxQueued?: number;
  logger?: {
    warn(message: string, meta?: Record<string, unknown>): void;
    error(message: string, meta?: Record<string, unknown>): void;
  };
  observer?: AuditWriterObserver;
  /** Insert of one batch (default: one multi-row INSERT into audit_events); tests replace it. */
  insert?: (db: Knex, events: readonly AuditEvent[]) => Promise<void>;
}

export interface AuditWriterStats {
  queued: number;
  written: number;
  dropped: number;
  failedFlushes: number;
}

export interface AuditWriter extends AuditRecorder {
  /** Writes everything queued now; rejects when a batch cannot be written (it stays queued). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is queued (one attempt); later records are dropped and counted. */
  close(): Promise<void>;
  stats(): AuditWriterStats;
}

const DROP_LOG_EVERY_MS = 60_000;

/** Data exceptions (22xxx) and constraint violations (23xxx): the batch, not the database, is at fault. */
function isRefusedData(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/** knex drops its pool on destroy(); a writer outliving it stops instead of retrying forever. */
function isDestroyed(db: Knex): boolean {
  return (db.client as { pool?: unknown } | undefined)?.pool === undefined;
}

/** The database's reason without knex's prefix (the statement and its parameters: the batch itself). */
function reasonOf(err: unknown): Record<string, unknown> {
  const e = err as { code?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(err);
  const cut = message.lastIndexOf(' - ');
  return { code: e.code, reason: (cut >= 0 ? message.slice(cut + 3) : message).slice(0, 300) };
}

/**
 * A batched audit trail writer: `record` only queues (the request never waits for the database), a timer
 * flushes the queue every second — or at once when a batch is full — with one INSERT per batch. While the
 * database is down the queue holds up to `maxQueued` events; beyond that the oldest are dropped and counted
 * (`dropped`, logged at ERROR at most once a minute). That bounds the memory an outage can take, at the cost
 * of gaps in the trail after a long outage, which the error log and the dropped-events metric make visible.
 */
export function createAuditWriter(db: Knex, options: AuditWriterOptions = {}): AuditWriter {
  const intervalMs = options.flushIntervalMs ?? 1000;
  const maxBatch = options.maxBatchSize ?? 500;
  const maxQueued = Math.max(options.maxQueued ?? 20_000, maxBatch);
  const insert = options.insert ?? insertAuditEvents;
  const observer = options.observer ?? {};
  let queue: AuditEvent[] = [];
  const stats = { written: 0, dropped: 0, failedFlushes: 0 };
  let flushing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let failing = false;
  let droppedSinceLog = 0;
  let lastDropLog = 0;

  const drop = (count: number) => {
    stats.dropped += count;
    droppedSinceLog += count;
    observer.dropped?.(count);
    const now = Date.now();
    if (now - lastDropLog >= DROP_LOG_EVERY_MS) {
      options.logger?.error('audit events dropped: the audit trail has a gap', {
        dropped: droppedSinceLog,
        dropped_total: stats.dropped,
      });
      droppedSinceLog = 0;
      lastDropLog = now;
    }
  };

  // A full queue sheds its oldest tenth at once, so an outage costs one copy per many events, not per event.
  const shedTo = maxQueued - Math.max(1, Math.floor(maxQueued / 10));
  const trim = () => {
    if (queue.length > maxQueued) {
      const excess = queue.length - shedTo;
      queue = queue.slice(excess);
      drop(excess);
    }
  };

  const writeQueued = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        await insert(db, batch);
      } catch (err) {
        if (isRefusedData(err)) {
          // Retrying a batch the database refuses as such would stall the trail for good: drop it, loudly.
          options.logger?.error('audit batch refused by the database; dropped', reasonOf(err));
          observer.flushFailed?.(err);
          drop(batch.length);
          continue;
        }
        // Back at the front, in order; what arrived meanwhile stays behind it.
        queue = batch.concat(queue);
        trim();
        observer.queued?.(queue.length);
        stats.failedFlushes += 1;
        observer.flushFailed?.(err);
        if (!failing) options.logger?.warn('audit trail flush failed; events stay queued', reasonOf(err));
        failing = true;
        throw err;
      }
      failing = false;
      stats.written += batch.length;
      observer.written?.(batch.length);
      observer.queued?.(queue.length);
    }
  };

  const flush = (): Promise<void> => {
    const run = (flushing ?? Promise.resolve())
      .catch(() => undefined)
      .then(writeQueued)
      .finally(() => {
        if (flushing === run) flushing = undefined;
      });
    flushing = run;
    return run;
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (isDestroyed(db)) {
        // The process (or a test) destroyed the pool without closing the writer: nothing can be written now.
        closed = true;
        if (queue.length > 0) drop(queue.length);
        queue = [];
        return;
      }
      flush()
        .catch(() => undefined)
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    record(event) {
      if (closed) {
        drop(1);
        return;
      }
      queue.push(event);
      trim();
      observer.queued?.(queue.length);
      if (queue.length >= maxBatch && !flushing && !failing) flush().catch(() => undefined);
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush().catch((err: unknown) => {
        options.logger?.error('audit events not written at shutdown', {
          ...reasonOf(err),
          lost: queue.length,
        });
        const lost = queue.length;
        queue = [];
        if (lost > 0) drop(lost);
      });
    },
    stats: () => ({ queued: queue.length, ...stats }),
  };
}
