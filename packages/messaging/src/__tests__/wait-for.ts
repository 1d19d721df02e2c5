/** Polls until `check` returns a truthy value (or stops throwing); fails with the last error after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  { timeoutMs = 15_000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = new Error('condition never became true');
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      lastError = new Error(`condition never became true within ${timeoutMs} ms`);
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) throw lastError;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
