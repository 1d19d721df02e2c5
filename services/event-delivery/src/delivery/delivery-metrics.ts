import type { SendFailureKind } from './webhook-sender';

/** What became of one webhook delivery attempt. */
export type DeliveryOutcome = 'succeeded' | 'failed_retry' | 'exhausted' | 'gone';

/** `2xx`…`5xx` when the endpoint answered, else why it did not. */
export type StatusClass = `${1 | 2 | 3 | 4 | 5}xx` | SendFailureKind;

/** What the delivery loop reports; implemented on the process's Prometheus registry (metrics.ts). */
export interface DeliveryMetrics {
  attempted(outcome: DeliveryOutcome, statusClass: StatusClass, durationSeconds: number): void;
  /** Deliveries held back by an endpoint's rate_limit (not attempts). */
  postponed(count: number): void;
}

export function statusClassOf(statusCode: number | null, failure: SendFailureKind | null): StatusClass {
  if (statusCode === null) return failure ?? 'network';
  const hundreds = Math.min(5, Math.max(1, Math.floor(statusCode / 100))) as 1 | 2 | 3 | 4 | 5;
  return `${hundreds}xx`;
}

export const noDeliveryMetrics: DeliveryMetrics = {
  attempted: () => undefined,
  postponed: () => undefined,
};
