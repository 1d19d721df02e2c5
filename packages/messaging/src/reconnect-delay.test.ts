import { reconnectDelay, validateReconnectOptions } from './reconnect-delay';

describe('reconnectDelay', () => {
  const options = { minDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles from the minimum up to the maximum', () => {
    const noJitter = (): number => 0;
    expect([1, 2, 3, 4, 5, 50].map((attempt) => reconnectDelay(attempt, options, noJitter))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('jitters downwards by at most a fifth, never above the maximum', () => {
    expect(reconnectDelay(10, options, () => 0.999)).toBeGreaterThanOrEqual(800);
    expect(reconnectDelay(10, options, () => 0.999)).toBeLessThanOrEqual(1_000);
  });

  it('rejects a maximum below the minimum', () => {
    expect(() => validateReconnectOptions({ minDelayMs: 10, maxDelayMs: 5 })).toThrow(RangeError);
  });
});
