/**
 * The polling loop webhook and ETL delivery share: poll; when a poll says more may be due, poll again at
 * once, otherwise wait `pollMs`, or less when woken (new work was fanned out) or nudged (capacity is back).
 */
export interface PollLoop {
  start(): void;
  /** Polls as soon as possible: ends the current wait, or skips the next one. */
  wake(): void;
  /** Ends the current wait if there is one (capacity came back); not remembered otherwise. */
  nudge(): void;
  /** Stops polling; resolves once the last poll and the work it dispatched (`settle`) have finished. */
  stop(): Promise<void>;
}

export interface PollLoopOptions {
  pollMs: number;
  /** One poll; resolves true when polling again at once may find more. */
  poll(): Promise<boolean>;
  /** A poll threw: the loop waits as if idle and tries again. */
  onError(err: unknown): void;
  /** Resolves once the work that polls dispatched without awaiting has finished. */
  settle?(): Promise<void>;
}

export function createPollLoop(options: PollLoopOptions): PollLoop {
  let stopped = true;
  let running: Promise<void> = Promise.resolve();
  /** Ends the wait in progress; set only while waiting. */
  let endWait: (() => void) | undefined;
  let woken = false;

  function wait(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.pollMs);
      endWait = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function run(): Promise<void> {
    while (!stopped) {
      let again = false;
      try {
        again = await options.poll();
      } catch (err) {
        options.onError(err);
      }
      if (stopped) break;
      if (again) continue;
      if (!woken) await wait();
      endWait = undefined;
      woken = false;
    }
    await options.settle?.();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      running = run();
    },
    wake() {
      woken = true;
      endWait?.();
    },
    nudge() {
      endWait?.();
    },
    async stop() {
      stopped = true;
      endWait?.();
      await running;
    },
  };
}
