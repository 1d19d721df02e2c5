import { Counter, Histogram, type Registry } from 'prom-client';

/** What the lab gateway reports on /metrics: orders sent by outcome, result messages by outcome and ACK. */
export interface LabGatewayMetrics {
  submission(outcome: string, seconds: number): void;
  result(outcome: string, ackCode: string): void;
}

export function registerLabGatewayMetrics(registry: Registry): LabGatewayMetrics {
  const submissions = new Counter({
    name: 'lab_order_submissions_total',
    help: 'Order messages handled, by outcome (accepted, rejected, not_due, failed_<transport failure>, ...)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'lab_order_submission_duration_seconds',
    help: 'Time to handle one order message, the lab round trip included, by outcome',
    labelNames: ['outcome'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const results = new Counter({
    name: 'lab_result_messages_total',
    help: 'ORU^R01 messages received over MLLP, by outcome (applied, duplicate, rejected) and ACK code',
    labelNames: ['outcome', 'ack'],
    registers: [registry],
  });
  return {
    submission(outcome, seconds) {
      submissions.inc({ outcome });
      duration.observe({ outcome }, seconds);
    },
    result(outcome, ackCode) {
      results.inc({ outcome, ack: ackCode });
    },
  };
}
