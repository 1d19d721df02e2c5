/** A runner that lost its lease (it ran past it and another runner took the stream over, or the connection went away). */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

export const newLease = (now: Date, leaseMs: number): Date => new Date(now.getTime() + leaseMs);
