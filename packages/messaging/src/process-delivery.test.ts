import { createMessage } from './message-envelope';
import { processDelivery, type Delivery } from './process-delivery';
import { PermanentError } from './permanent-error';
import { createRecordingLogger } from './__tests__/recording-logger';

const queue = {
  name: 'scheduler.tasks',
  bindings: ['scheduler.task.#'],
  retryDelaysMs: [100, 1_000],
  maxAttempts: 3,
};
const delivery = (headers: Record<string, string> = {}): Delivery => ({
  queue,
  routingKey: 'scheduler.task.purge',
  content: JSON.stringify(createMessage('scheduler.task.purge', { userId: 'usr_1' })),
  headers,
});

describe('processDelivery', () => {
  it('acknowledges when the handler resolves, passing the attempt from the headers', async () => {
    const attempts: number[] = [];
    const outcome = await processDelivery(
      delivery({ 'x-attempt': '2' }),
      async ({ attempt }) => {
        attempts.push(attempt);
      },
      createRecordingLogger(),
    );
    expect(outcome).toEqual({ kind: 'acknowledge' });
    expect(attempts).toEqual([2]);
  });

  it('schedules the next delay on a transient failure and logs a warning', async () => {
    const logger = createRecordingLogger();
    const outcome = await processDelivery(
      delivery({ 'x-attempt': '2', 'x-request-id': 'req-1' }),
      async () => {
        throw new Error('deadlock detected');
      },
      logger,
    );
    expect(outcome).toEqual({
      kind: 'retry',
      delayMs: 1_000,
      headers: {
        'x-attempt': '3',
        'x-error': 'Error: deadlock detected',
        'x-request-id': 'req-1',
        'x-original-routing-key': 'scheduler.task.purge',
      },
    });
    expect(logger.entries.map((e) => e.level)).toEqual(['warn']);
  });

  it('dead-letters a permanent failure and logs an error carrying the error object', async () => {
    const logger = createRecordingLogger();
    const failure = new PermanentError('user is gone');
    const outcome = await processDelivery(
      delivery(),
      async () => {
        throw failure;
      },
      logger,
    );
    expect(outcome).toMatchObject({ kind: 'dead-letter', error: 'PermanentError: user is gone' });
    expect(logger.entries).toEqual([
      {
        level: 'error',
        msg: 'message dead-lettered',
        meta: expect.objectContaining({ err: failure, attempt: 1 }),
      },
    ]);
  });

  it('describes non-Error throws and truncates long error texts', async () => {
    const outcome = await processDelivery(
      delivery({ 'x-attempt': '3' }),
      async () => {
        throw 'x'.repeat(5_000); // eslint-disable-line @typescript-eslint/only-throw-error
      },
      createRecordingLogger(),
    );
    expect(outcome.kind).toBe('dead-letter');
    const error = outcome.kind === 'dead-letter' ? outcome.error : '';
    expect(error.startsWith('retries exhausted after 3 attempts: non-error thrown: xxx')).toBe(true);
    expect(error.length).toBeLessThan(1_100);
  });
});
