import {
  DEFAULT_RETRY_SCHEDULE_MS,
  nextAttemptDelay,
  parseRetryAfter,
  parseRetrySchedule,
} from './retry-schedule';

describe('retry schedule', () => {
  const schedule = DEFAULT_RETRY_SCHEDULE_MS;

  it('has eight attempts: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(parseRetrySchedule('0,5000,300000,1800000,7200000,18000000,36000000,36000000')).toEqual(schedule);
    expect(schedule).toHaveLength(8);
  });

  it('rejects malformed schedules', () => {
    expect(() => parseRetrySchedule('0,abc')).toThrow();
    expect(() => parseRetrySchedule('0,-5')).toThrow();
    expect(() => parseRetrySchedule('')).toThrow();
  });

  it('applies ±10 % jitter around the scheduled delay', () => {
    expect(nextAttemptDelay({ schedule, attemptsMade: 1, random: () => 0 })).toBe(4500);
    expect(nextAttemptDelay({ schedule, attemptsMade: 1, random: () => 0.5 })).toBe(5000);
    expect(nextAttemptDelay({ schedule, attemptsMade: 1, random: () => 1 })).toBe(5500);
    expect(nextAttemptDelay({ schedule, attemptsMade: 2, random: () => 0.5 })).toBe(300_000);
  });

  it('is exhausted after the last attempt', () => {
    expect(nextAttemptDelay({ schedule, attemptsMade: 7, random: () => 0.5 })).toBe(36_000_000);
    expect(nextAttemptDelay({ schedule, attemptsMade: 8 })).toBeNull();
  });

  it('honours a later Retry-After, not an earlier one', () => {
    expect(nextAttemptDelay({ schedule, attemptsMade: 1, retryAfterMs: 60_000, random: () => 0.5 })).toBe(
      60_000,
    );
    expect(nextAttemptDelay({ schedule, attemptsMade: 2, retryAfterMs: 60_000, random: () => 0.5 })).toBe(
      300_000,
    );
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
