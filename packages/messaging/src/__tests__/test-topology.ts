import { randomUUID } from 'node:crypto';
import { meridianQueues, meridianTopology, type Topology } from '../topology';

export interface TestTopology {
  topology: Topology;
  /** Three work queues by role, and every work queue of the production table (scoped). */
  queues: { parser: string; scheduler: string; events: string; work: string[] };
}

/**
 * The production table with a unique suffix on every name (parallel runs never share queues) and
 * short retry delays so retry and exhaustion tests take milliseconds.
 */
export function createTestTopology({ retryDelaysMs = [20, 40], maxAttempts = 3 } = {}): TestTopology {
  const suffix = `test-${randomUUID().slice(0, 8)}`;
  const scoped = (name: string): string => `${name}.${suffix}`;
  return {
    topology: {
      exchange: scoped(meridianTopology.exchange),
      queues: meridianTopology.queues.map((queue) => ({
        ...queue,
        name: scoped(queue.name),
        retryDelaysMs,
        maxAttempts,
      })),
    },
    queues: {
      parser: scoped(meridianQueues.labReportParserJobs),
      scheduler: scoped(meridianQueues.schedulerTasks),
      events: scoped(meridianQueues.eventDeliveryEvents),
      work: meridianTopology.queues.map((queue) => scoped(queue.name)),
    },
  };
}
