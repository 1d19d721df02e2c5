export interface ReconnectOptions {
  minDelayMs: number;
  maxDelayMs: number;
}

export const defaultReconnectOptions: ReconnectOptions = Object.freeze({
  minDelayMs: 250,
  maxDelayMs: 15_000,
});

/**
 * Exponential backoff for reconnect `attempt` (1-based), never above maxDelayMs. Jitter only
 * shortens the delay (by up to 20%) so a fleet of workers does not reconnect in lockstep.
 */
export function reconnectDelay(
  attempt: number,
  options: ReconnectOptions,
  random: () => number = Math.random,
): number {
  const exponential = options.minDelayMs * 2 ** Math.min(attempt - 1, 30);
  const capped = Math.min(options.maxDelayMs, exponential);
  return Math.round(capped * (1 - 0.2 * random()));
}

export function validateReconnectOptions(options: ReconnectOptions): void {
  if (!(options.minDelayMs >= 0) || !(options.maxDelayMs >= options.minDelayMs)) {
    throw new RangeError('reconnect delays need 0 <= minDelayMs <= maxDelayMs');
  }
}
