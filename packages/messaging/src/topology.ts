/** The whole broker layout in one table: declareTopology and both transports read only this. */

export interface WorkQueueDefinition {
  readonly name: string;
  /** Topic patterns on the exchange (`*` = one word, `#` = zero or more words). */
  readonly bindings: readonly string[];
  /** Delay before retry n (1-based); attempts past the end reuse the last delay. */
  readonly retryDelaysMs: readonly number[];
  /** Deliveries allowed in total, the first included; after that the message is dead-lettered. */
  readonly maxAttempts: number;
}

export interface Topology {
  readonly exchange: string;
  readonly queues: readonly WorkQueueDefinition[];
}

export const meridianQueues = {
  labReportParserJobs: 'lab-report-parser.jobs',
  schedulerTasks: 'scheduler.tasks',
  eventDeliveryEvents: 'event-delivery.events',
  schedulerDataChanges: 'scheduler.data-changes',
  continuousQueryRuns: 'scheduler.continuous-query-runs',
  labGatewayOrders: 'lab-gateway.orders',
} as const;

/** Routing key of a parse request (`{job_id}`): published by the data API and the scheduler sweep. */
export const PARSER_JOB_REQUESTED = 'parser.job.requested';

/** Routing key of a continuous-query run (`{task_id}`): published by the scheduler when a task is due. */
export const CONTINUOUS_QUERY_TASK_DUE = 'continuous_query.task.due';

/**
 * Routing key of a lab submission request (`{order_id, team_id, environment}`): published by the lab gateway's
 * sweep for an order at a lab-submission status whose submission never got through.
 */
export const LAB_ORDER_SUBMIT = 'lab.order.submit';

export const meridianTopology: Topology = deepFreeze({
  exchange: 'meridian',
  queues: [
    {
      name: meridianQueues.labReportParserJobs,
      bindings: [PARSER_JOB_REQUESTED],
      retryDelaysMs: [5_000, 30_000, 120_000],
      maxAttempts: 5,
    },
    {
      name: meridianQueues.schedulerTasks,
      bindings: ['scheduler.task.#'],
      retryDelaysMs: [1_000, 10_000, 60_000],
      maxAttempts: 5,
    },
    {
      // Webhook delivery keeps its own per-attempt schedule; these retries cover infrastructure failures.
      name: meridianQueues.eventDeliveryEvents,
      bindings: ['event.#'],
      retryDelaysMs: [1_000, 10_000, 60_000],
      maxAttempts: 8,
    },
    {
      // The outbox relay's data events (`event.daily.data.*`, `event.historical.data.*`): a user's data changed,
      // so the continuous queries depending on it are scheduled for that user.
      name: meridianQueues.schedulerDataChanges,
      bindings: ['event.daily.data.#', 'event.historical.data.#'],
      retryDelaysMs: [1_000, 10_000, 60_000],
      maxAttempts: 5,
    },
    {
      name: meridianQueues.continuousQueryRuns,
      bindings: [CONTINUOUS_QUERY_TASK_DUE],
      retryDelaysMs: [5_000, 30_000, 120_000],
      maxAttempts: 4,
    },
    {
      // Orders reaching their lab-submission point (the relay's order events) are sent to the lab as ORM^O01;
      // a lab that is down is retried with backoff (~45 min in all), then the gateway's sweep takes over.
      name: meridianQueues.labGatewayOrders,
      bindings: ['event.labtest.order.created', 'event.labtest.order.updated', LAB_ORDER_SUBMIT],
      retryDelaysMs: [5_000, 30_000, 120_000, 600_000],
      maxAttempts: 8,
    },
  ],
});

export function retryQueueName(queue: string, delayMs: number): string {
  return `${queue}.retry.${delayMs}`;
}

export function deadLetterQueueName(queue: string): string {
  return `${queue}.dlq`;
}

export type QueueKind = 'work' | 'retry' | 'dead-letter';

export interface TopologyQueue {
  /** The broker queue's name. */
  readonly name: string;
  readonly kind: QueueKind;
  /** The work queue it belongs to (its own name for a work queue). */
  readonly workQueue: string;
}

/** Every queue declareTopology creates: each work queue, its TTL retry queues and its DLQ. */
export function topologyQueues(topology: Topology): TopologyQueue[] {
  return topology.queues.flatMap((queue) => [
    { name: queue.name, kind: 'work' as const, workQueue: queue.name },
    ...[...new Set(queue.retryDelaysMs)].map((delayMs) => ({
      name: retryQueueName(queue.name, delayMs),
      kind: 'retry' as const,
      workQueue: queue.name,
    })),
    { name: deadLetterQueueName(queue.name), kind: 'dead-letter' as const, workQueue: queue.name },
  ]);
}

/** The delay before the retry that follows a failed `attempt`. */
export function retryDelayAfter(queue: WorkQueueDefinition, attempt: number): number {
  const delays = queue.retryDelaysMs;
  const delay = delays[Math.min(attempt, delays.length) - 1];
  if (delay === undefined) throw new Error(`queue ${queue.name} has no retry delays`);
  return delay;
}

export function findWorkQueue(topology: Topology, queue: string): WorkQueueDefinition {
  const definition = topology.queues.find((q) => q.name === queue);
  if (!definition) throw new Error(`queue ${queue} is not in the topology for exchange ${topology.exchange}`);
  return definition;
}

/** Rejects tables the broker would accept but the retry logic could not honour. */
export function validateTopology(topology: Topology): void {
  if (topology.exchange === '') throw new Error('topology exchange name must not be empty');
  const seen = new Set<string>();
  for (const queue of topology.queues) {
    if (seen.has(queue.name)) throw new Error(`queue ${queue.name} is declared twice`);
    seen.add(queue.name);
    if (!Number.isInteger(queue.maxAttempts) || queue.maxAttempts < 1) {
      throw new Error(`queue ${queue.name}: maxAttempts must be a positive integer`);
    }
    if (queue.maxAttempts > 1 && queue.retryDelaysMs.length === 0) {
      throw new Error(`queue ${queue.name}: retries need at least one delay`);
    }
    for (const delay of queue.retryDelaysMs) {
      if (!Number.isInteger(delay) || delay < 1)
        throw new Error(`queue ${queue.name}: retry delays must be positive integers`);
    }
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
