/**
 * Group commit: callers add items one at a time and each waits for its own result, while the items are
 * written in batches — everything added while the writes in flight run goes in the next batch, so batches
 * grow with the load and a lone item is written at once.
 */
export interface GroupCommit<T, R> {
  add(item: T): Promise<R>;
  /** Resolves when everything added so far has been written. */
  drain(): Promise<void>;
}

interface Pending<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

export function createGroupCommit<T, R>(
  write: (items: T[]) => Promise<R[]>,
  { maxBatch = 500, parallel = 1 }: { maxBatch?: number; parallel?: number } = {},
): GroupCommit<T, R> {
  let queue: Pending<T, R>[] = [];
  const writing = new Set<Promise<void>>();
  let scheduled = false;

  async function writeBatch(batch: Pending<T, R>[]): Promise<void> {
    try {
      const results = await write(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i] as R));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }

  function pump(): void {
    while (writing.size < parallel && queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      const run: Promise<void> = writeBatch(batch).finally(() => {
        writing.delete(run);
        pump();
      });
      writing.add(run);
    }
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (scheduled || writing.size >= parallel) return;
        scheduled = true;
        // A turn of the event loop lets the callers of the same tick join the batch.
        setImmediate(() => {
          scheduled = false;
          pump();
        });
      });
    },
    async drain() {
      while (writing.size > 0 || queue.length > 0) {
        if (writing.size > 0) await Promise.all(writing);
        else await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}
