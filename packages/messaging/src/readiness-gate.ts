/** Lets callers wait (with a deadline) for the broker connection to be usable again. */
export class ReadinessGate {
  private isOpenNow = false;
  private failure: Error | undefined;
  private readonly waiters = new Set<{ resolve: () => void; reject: (err: Error) => void }>();

  isOpen(): boolean {
    return this.isOpenNow;
  }

  open(): void {
    if (this.failure) return;
    this.isOpenNow = true;
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters.clear();
  }

  shut(): void {
    this.isOpenNow = false;
  }

  /** Shuts for good: current and future waits reject with `failure`. */
  fail(failure: Error): void {
    this.isOpenNow = false;
    this.failure = failure;
    for (const waiter of this.waiters) waiter.reject(failure);
    this.waiters.clear();
  }

  async wait(timeoutMs: number): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.isOpenNow) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`not connected to the message broker after waiting ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (err: Error) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      this.waiters.add(waiter);
    });
  }
}
