import { Counter, Gauge, type Registry } from 'prom-client';

/** The audit writer's hooks (structurally `AuditWriterObserver` of `@meridian/db`). */
export interface AuditWriterMetrics {
  written(count: number): void;
  dropped(count: number): void;
  flushFailed(err: unknown): void;
  queued(length: number): void;
}

function counter(registry: Registry, name: string, help: string): Counter {
  return (
    (registry.getSingleMetric(name) as Counter | undefined) ??
    new Counter({ name, help, registers: [registry] })
  );
}

/**
 * `audit_events_written_total`, `audit_events_dropped_total` (a gap in the trail: someone must look),
 * `audit_flush_failures_total` and `audit_events_queued` on the process's registry.
 */
export function auditWriterMetrics(registry: Registry): AuditWriterMetrics {
  const written = counter(registry, 'audit_events_written_total', 'Audit trail events written to PostgreSQL');
  const dropped = counter(
    registry,
    'audit_events_dropped_total',
    'Audit trail events lost (queue full during a database outage, or recorded after shutdown)',
  );
  const failures = counter(
    registry,
    'audit_flush_failures_total',
    'Audit trail batches that could not be written',
  );
  const queued =
    (registry.getSingleMetric('audit_events_queued') as Gauge | undefined) ??
    new Gauge({
      name: 'audit_events_queued',
      help: 'Audit trail events waiting to be written',
      registers: [registry],
    });
  return {
    written: (n) => written.inc(n),
    dropped: (n) => dropped.inc(n),
    flushFailed: () => failures.inc(),
    queued: (n) => queued.set(n),
  };
}
