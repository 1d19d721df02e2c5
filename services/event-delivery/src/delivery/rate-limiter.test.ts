import { createRateLimiter } from './rate-limiter';

describe('rate limiter', () => {
  it('lets perSecond deliveries through per one-second window, per endpoint', () => {
    let t = 10_000;
    const limiter = createRateLimiter(() => t);
    expect([limiter.take('a', 2), limiter.take('a', 2), limiter.take('a', 2)]).toEqual([0, 0, 1000]);
    expect(limiter.take('b', 2)).toBe(0);
    t += 400;
    expect(limiter.take('a', 2)).toBe(600);
    t += 600;
    expect(limiter.take('a', 2)).toBe(0);
  });
});
