/**
 * Runs `work` while `statement` (already under way) is in the database's hands, so the two overlap: once the
 * statement has gone out (its sending takes a few promise steps, all done by the next turn of the event loop).
 * A rejection of the statement meanwhile is left for the caller's await of it.
 */
export async function alongside(statement: Promise<unknown>, work: () => void): Promise<void> {
  statement.catch(() => undefined);
  await new Promise<void>((resolve) => setImmediate(resolve));
  work();
}
