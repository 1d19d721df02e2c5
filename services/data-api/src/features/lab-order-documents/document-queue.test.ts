import { createDocumentQueue, DocumentQueueFullError } from './document-queue';

describe('the document queue', () => {
  it('draws one document at a time, in arrival order, each on a fresh macrotask', async () => {
    const queue = createDocumentQueue();
    const log: string[] = [];
    let running = 0;
    const job = (name: string) => async () => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    // A timer queued before the jobs fires before the first one starts (the queue yields first).
    setImmediate(() => log.push('io'));
    const results = await Promise.all([queue.run(job('a')), queue.run(job('b')), queue.run(job('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['io', 'start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.pending).toBe(0);
  });

  it('keeps going after a failed document, and passes its error to its caller only', async () => {
    const queue = createDocumentQueue();
    const failed = queue.run(async () => {
      throw new Error('boom');
    });
    const next = queue.run(async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });

  it('refuses beyond maxPending with a 503 error, and accepts again once drained', async () => {
    const queue = createDocumentQueue({ maxPending: 2 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = queue.run(() => gate.then(() => 1));
    const second = queue.run(async () => 2);
    const refused = queue.run(async () => 3);
    await expect(refused).rejects.toBeInstanceOf(DocumentQueueFullError);
    await expect(refused).rejects.toMatchObject({ kind: 'unavailable', errorType: 'service_unavailable' });
    expect(queue.pending).toBe(2);
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    await expect(queue.run(async () => 4)).resolves.toBe(4);
  });
});
