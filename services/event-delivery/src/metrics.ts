import type { Knex } from '@meridian/db';
import type { Transport } from '@meridian/messaging';
import type { Logger } from '@meridian/platform';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { DeliveryMetrics } from './delivery/delivery-metrics';
import type { RelayMetrics } from './outbox-relay';

/**
 * The event-delivery process's Prometheus metrics, on its registry (served at `/metrics`): outbox lag and
 * broker queue depths are read when scraped; delivery outcomes, durations and relayed events are counted
 * as they happen.
 */
export interface EventDeliveryMetrics {
  delivery: DeliveryMetrics;
  relay: RelayMetrics;
}

/** Runs `read` once for all the gauges collected in the same scrape. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

export function registerEventDeliveryMetrics(
  registry: Registry,
  deps: { db: Knex; transport: Pick<Transport, 'queueDepths'>; logger: Logger },
): EventDeliveryMetrics {
  const registers = [registry];

  const readOutbox = sharedRead(async () => {
    const row = await deps
      .db('outbox')
      .whereNull('published_at')
      .first<{ unpublished: number; lag: number | null }>(
        deps.db.raw('count(*)::int as unpublished'),
        deps.db.raw('extract(epoch from now() - min(created_at))::float8 as lag'),
      );
    return { unpublished: row?.unpublished ?? 0, lagSeconds: Math.max(0, row?.lag ?? 0) };
  });
  async function collectOutbox(
    gauge: Gauge,
    pick: (o: { unpublished: number; lagSeconds: number }) => number,
  ) {
    try {
      gauge.set(pick(await readOutbox()));
    } catch (err) {
      gauge.reset();
      deps.logger.warn('could not read the outbox for metrics', { err });
    }
  }
  new Gauge({
    name: 'outbox_lag_seconds',
    help: 'Age of the oldest outbox event not yet published to the broker (0 when none)',
    registers,
    async collect() {
      await collectOutbox(this, (o) => o.lagSeconds);
    },
  });
  new Gauge({
    name: 'outbox_unpublished_events',
    help: 'Outbox events not yet published to the broker',
    registers,
    async collect() {
      await collectOutbox(this, (o) => o.unpublished);
    },
  });
  new Gauge({
    name: 'broker_queue_messages',
    help: 'Messages waiting in each queue of the topology (work, retry and dead-letter queues)',
    labelNames: ['queue', 'kind'],
    registers,
    async collect() {
      try {
        const depths = await deps.transport.queueDepths();
        this.reset();
        for (const d of depths) this.set({ queue: d.name, kind: d.kind }, d.messages);
      } catch (err) {
        this.reset();
        deps.logger.warn('could not read queue depths for metrics', { err });
      }
    },
  });

  const outcomes = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (succeeded, failed_retry, exhausted, gone) and status class',
    labelNames: ['outcome', 'status_class'],
    registers,
  });
  const duration = new Histogram({
    name: 'webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempt duration (request sent to response read) by status class',
    labelNames: ['status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers,
  });
  const postponed = new Counter({
    name: 'webhook_deliveries_postponed_total',
    help: "Webhook deliveries held back by the endpoint's rate_limit (not attempts)",
    registers,
  });
  const published = new Counter({
    name: 'outbox_relay_published_total',
    help: 'Outbox events published to the broker (confirmed) by this process',
    registers,
  });

  return {
    delivery: {
      attempted(outcome, statusClass, seconds) {
        outcomes.inc({ outcome, status_class: statusClass });
        duration.observe({ status_class: statusClass }, seconds);
      },
      postponed: (count) => postponed.inc(count),
    },
    relay: { published: (count) => published.inc(count) },
  };
}
