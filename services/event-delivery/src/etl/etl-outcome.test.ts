import { describeError, scheduleRetries } from './etl-outcome';
import type { EtlMessage } from './etl-messages.repository';

const message = (id: string, attempts: number): EtlMessage => ({
  id,
  eventId: `event-${id}`,
  teamId: 't1',
  environment: 'sandbox',
  attempts,
});
const opts = { schedule: [0, 1_000, 10_000], random: () => 0.5, now: 50_000 };

describe('ETL outcomes', () => {
  it('schedules each failed message by its own attempt count, dead-lettering the exhausted', () => {
    const failures = scheduleRetries(
      [message('a', 0), message('b', 1), message('c', 2)],
      { ok: false, error: 'ServiceUnavailableError: busy' },
      opts,
    );
    expect(failures).toEqual([
      { id: 'a', attempts: 1, nextAttemptAt: new Date(51_000) },
      { id: 'b', attempts: 2, nextAttemptAt: new Date(60_000) },
      { id: 'c', attempts: 3, nextAttemptAt: null },
    ]);
  });

  it('dead-letters at once a failure that can never succeed', () => {
    const failures = scheduleRetries(
      [message('a', 0)],
      { ok: false, permanent: true, error: 'MessageTooLargeError: too large' },
      opts,
    );
    expect(failures).toEqual([{ id: 'a', attempts: 1, nextAttemptAt: null }]);
  });

  it('describes an error by its code or name, bounded for last_error', () => {
    expect(describeError(Object.assign(new Error('no such hub'), { code: 'MessagingEntityNotFound' }))).toBe(
      'MessagingEntityNotFound: no such hub',
    );
    expect(describeError(new TypeError('bad'))).toBe('TypeError: bad');
    expect(describeError('plain')).toBe('Error: plain');
    expect(describeError(new Error('x'.repeat(5000)))).toHaveLength(1000);
  });
});
