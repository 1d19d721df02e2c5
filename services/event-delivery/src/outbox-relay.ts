import type { Knex } from '@meridian/db';
import type { MessageEnvelope, Transport } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';

/**
 * Transactional outbox relay: claims unpublished rows with FOR UPDATE SKIP LOCKED (replicas share the work
 * without waiting on each other), publishes each as a thin `event.<event_type>` message carrying the event
 * id (stable: consumers dedupe and reload by it), and marks the rows published only after the broker has
 * confirmed every message. A failure rolls the claim back, so the rows are published again later:
 * at-least-once, never lost. (It lives in the event-delivery process that runs it, beside its consumer.)
 */
export interface OutboxRelay {
  /** Relays one batch; returns how many events were published. */
  relayOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface OutboxRow {
  id: string;
  event_type: string;
  created_at: Date;
}

export function createOutboxRelay(deps: {
  db: Knex;
  transport: Pick<Transport, 'publish'>;
  logger: Logger;
  batchSize?: number;
  idleMs?: number;
}): OutboxRelay {
  const batchSize = deps.batchSize ?? 500;
  const idleMs = deps.idleMs ?? 200;
  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  let wake: (() => void) | undefined;

  async function relayOnce(): Promise<number> {
    return deps.db.transaction(async (trx) => {
      const rows: OutboxRow[] = await trx('outbox')
        .whereNull('published_at')
        .orderBy('seq')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .select('id', 'event_type', 'created_at');
      if (rows.length === 0) return 0;
      await Promise.all(
        rows.map((row) => {
          const message: MessageEnvelope = {
            type: `event.${row.event_type}`,
            version: 1,
            id: row.id,
            occurred_at: row.created_at.toISOString(),
            data: { event_id: row.id },
          };
          return deps.transport.publish(message.type, message);
        }),
      );
      await trx('outbox')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .update({ published_at: trx.fn.now() });
      return rows.length;
    });
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    relayOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      loop = (async () => {
        while (!stopped) {
          try {
            const published = await relayOnce();
            if (published < batchSize) await pause(idleMs);
          } catch (err) {
            deps.logger.warn('outbox relay failed; retrying', { err });
            await pause(1000);
          }
        }
      })();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
