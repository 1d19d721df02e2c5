import { createGroupCommit } from './group-commit';

describe('group commit', () => {
  it('writes the items added in one tick as one batch, and each caller gets its own result', async () => {
    const batches: number[][] = [];
    const commit = createGroupCommit(async (items: number[]) => {
      batches.push(items);
      return items.map((i) => i * 10);
    });
    const results = await Promise.all([1, 2, 3].map((i) => commit.add(i)));
    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('collects what arrives during a write into the next batch, within maxBatch and parallel', async () => {
    const batches: number[][] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    let firstWriteStarted!: () => void;
    const firstWriteRunning = new Promise<void>((resolve) => (firstWriteStarted = resolve));
    const commit = createGroupCommit(
      async (items: number[]) => {
        batches.push(items);
        firstWriteStarted();
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 20));
        inFlight -= 1;
        return items;
      },
      { maxBatch: 3, parallel: 2 },
    );
    const first = commit.add(0);
    await firstWriteRunning; // the first write is running (no fixed sleep: a loaded machine may be late)
    const rest = Array.from({ length: 7 }, (_, i) => commit.add(i + 1));
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
    expect(maxInFlight).toBe(2);
  });

  it('rejects every caller of a failed batch and keeps going', async () => {
    let fail = true;
    const commit = createGroupCommit(async (items: string[]) => {
      if (fail) throw new Error('database down');
      return items;
    });
    const failed = [commit.add('a'), commit.add('b')];
    await expect(Promise.all(failed)).rejects.toThrow('database down');
    await expect(failed[1]).rejects.toThrow('database down');
    fail = false;
    await expect(commit.add('c')).resolves.toBe('c');
    await commit.drain();
  });
});
