import { ServiceUnavailableError } from '@meridian/domain';

/**
 * Drawing a PDF is CPU work on the event loop (pdf-lib runs it as one chain of microtasks: 10–20 ms for a
 * 50-marker report, ~60–140 ms for the 400-row worst case). This queue runs one document at a time per process
 * and starts each on a fresh macrotask (`setImmediate`), so the requests, health checks and I/O that arrived
 * meanwhile are served between two documents instead of behind a burst of them; a bounded number may wait,
 * beyond which the request is refused with 503 (`Retry-After`) rather than piling up memory and latency.
 */

export class DocumentQueueFullError extends ServiceUnavailableError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super('Too many documents are being generated right now; retry shortly.');
  }
}

export interface DocumentQueue {
  run<T>(make: () => Promise<T>): Promise<T>;
  /** Documents waiting or being drawn (for tests and metrics). */
  readonly pending: number;
}

export function createDocumentQueue(opts: { maxPending?: number } = {}): DocumentQueue {
  const maxPending = opts.maxPending ?? 32;
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    get pending() {
      return pending;
    },
    run<T>(make: () => Promise<T>): Promise<T> {
      if (pending >= maxPending) return Promise.reject(new DocumentQueueFullError());
      pending += 1;
      const job = tail.then(nextMacrotask).then(make);
      const done = job.finally(() => {
        pending -= 1;
      });
      // The chain continues whether this document succeeded or not.
      tail = done.catch(() => undefined);
      return done;
    },
  };
}
