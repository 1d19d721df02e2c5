import { createOutboxRepository, type Knex } from '@meridian/db';
import type { MessageEnvelope, Transport } from '@meridian/messaging';
import { groupBy } from './group-by';
import type { Logger } from '@meridian/platform';

/**
 * Transactional outbox relay: claims and marks a batch of unpublished rows in one statement (`UPDATE …
 * RETURNING` over a FOR UPDATE SKIP LOCKED select, so replicas share the work without waiting on each
 * other), publishes each as a thin `event.<event_type>` message carrying the event id (stable: consumers
 * dedupe and reload by it), and commits only after the broker has confirmed every message of the batch. A
 * failure rolls the claim back, so the rows are published again later: at-least-once, never lost. The
 * messages of one event type go to the broker together (`publishBatch`, up to `eventsPerMessage` in one
 * broker message, in outbox order): the broker routes, stores and confirms once per broker message, which
 * is what bounded the relay, while consumers still settle every event on its own. (It lives in the
 * event-delivery process, beside its consumer.)
 */
export interface OutboxRelay {
  /** Relays one batch; returns how many events were published. */
  relayOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface RelayMetrics {
  published(count: number): void;
}

/** Events claimed and published per transaction. */
export const DEFAULT_RELAY_BATCH = 1000;
/**
 * Events of one type per broker message. 1 publishes one broker message per event, which consumers of
 * every version read (the setting for a rolling upgrade from a version without batches).
 */
export const DEFAULT_EVENTS_PER_MESSAGE = 100;

export function createOutboxRelay(deps: {
  db: Knex;
  transport: Pick<Transport, 'publishBatch'>;
  logger: Logger;
  metrics?: RelayMetrics;
  batchSize?: number;
  /** Events of one type per broker message (default DEFAULT_EVENTS_PER_MESSAGE). */
  eventsPerMessage?: number;
  idleMs?: number;
  /** Relay loops in this process (default 2): one claims and marks while another waits for confirms. */
  loops?: number;
}): OutboxRelay {
  const batchSize = deps.batchSize ?? DEFAULT_RELAY_BATCH;
  const eventsPerMessage = deps.eventsPerMessage ?? DEFAULT_EVENTS_PER_MESSAGE;
  if (!Number.isInteger(eventsPerMessage) || eventsPerMessage < 1)
    throw new RangeError('eventsPerMessage must be a positive integer');
  const idleMs = deps.idleMs ?? 200;
  const loops = deps.loops ?? 2;
  let stopped = true;
  let running: Promise<void>[] = [];
  const wakers = new Set<() => void>();

  async function relayOnce(): Promise<number> {
    const published = await deps.db.transaction(async (trx) => {
      const rows = await createOutboxRepository(trx).claimUnpublished(batchSize);
      if (rows.length === 0) return 0;
      // Published on one channel, each type's events in outbox order; the broker's confirms are awaited for
      // the claim as a whole.
      const publishes: Promise<void>[] = [];
      for (const [eventType, group] of groupBy(rows, (row) => row.eventType)) {
        const type = `event.${eventType}`;
        const messages = group.map((row): MessageEnvelope => ({
          type,
          version: 1,
          id: row.id,
          occurred_at: row.createdAt.toISOString(),
          data: { event_id: row.id },
        }));
        for (let i = 0; i < messages.length; i += eventsPerMessage)
          publishes.push(deps.transport.publishBatch(type, messages.slice(i, i + eventsPerMessage)));
      }
      await Promise.all(publishes);
      return rows.length;
    });
    if (published > 0) deps.metrics?.published(published);
    return published;
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  async function loop(): Promise<void> {
    while (!stopped) {
      try {
        const published = await relayOnce();
        if (published < batchSize) await pause(idleMs);
      } catch (err) {
        deps.logger.warn('outbox relay failed; retrying', { err });
        await pause(1000);
      }
    }
  }

  return {
    relayOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      running = Array.from({ length: loops }, () => loop());
    },
    async stop() {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(running);
    },
  };
}
