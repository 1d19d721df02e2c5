import {
  deadLetterQueueName,
  findWorkQueue,
  meridianTopology,
  retryDelayAfter,
  retryQueueName,
  validateTopology,
  type WorkQueueDefinition,
} from './topology';

const queue = (overrides: Partial<WorkQueueDefinition> = {}): WorkQueueDefinition => ({
  name: 'q',
  bindings: ['a.#'],
  retryDelaysMs: [100, 1_000],
  maxAttempts: 4,
  ...overrides,
});

describe('meridianTopology', () => {
  it('declares the work queues on the meridian exchange', () => {
    validateTopology(meridianTopology);
    expect(meridianTopology.exchange).toBe('meridian');
    expect(meridianTopology.queues.map((q) => [q.name, q.bindings])).toEqual([
      ['lab-report-parser.jobs', ['parser.job.requested']],
      ['scheduler.tasks', ['scheduler.task.#']],
      ['event-delivery.events', ['event.#']],
      ['scheduler.data-changes', ['event.daily.data.#', 'event.historical.data.#']],
      ['scheduler.continuous-query-runs', ['continuous_query.task.due']],
      [
        'lab-gateway.orders',
        ['event.labtest.order.created', 'event.labtest.order.updated', 'lab.order.submit'],
      ],
    ]);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(meridianTopology.queues[0]?.retryDelaysMs)).toBe(true);
    expect(Object.isFrozen(meridianTopology.queues)).toBe(true);
  });
});

describe('queue helpers', () => {
  it('names retry and dead-letter queues after the work queue', () => {
    expect(retryQueueName('scheduler.tasks', 5_000)).toBe('scheduler.tasks.retry.5000');
    expect(deadLetterQueueName('scheduler.tasks')).toBe('scheduler.tasks.dlq');
  });

  it('uses each delay in turn, then keeps the last', () => {
    const q = queue();
    expect([1, 2, 3].map((attempt) => retryDelayAfter(q, attempt))).toEqual([100, 1_000, 1_000]);
  });

  it('finds a queue or names the one that is missing', () => {
    expect(findWorkQueue(meridianTopology, 'scheduler.tasks').bindings).toEqual(['scheduler.task.#']);
    expect(() => findWorkQueue(meridianTopology, 'nope')).toThrow(
      'queue nope is not in the topology for exchange meridian',
    );
  });
});

describe('validateTopology', () => {
  it.each([
    ['an empty exchange name', { exchange: '', queues: [queue()] }, /exchange name/],
    ['a duplicate queue', { exchange: 'x', queues: [queue(), queue()] }, /declared twice/],
    ['zero attempts', { exchange: 'x', queues: [queue({ maxAttempts: 0 })] }, /maxAttempts/],
    [
      'retries without delays',
      { exchange: 'x', queues: [queue({ retryDelaysMs: [] })] },
      /at least one delay/,
    ],
    ['a fractional delay', { exchange: 'x', queues: [queue({ retryDelaysMs: [1.5] })] }, /positive integers/],
  ])('rejects %s', (_, topology, message) => {
    expect(() => validateTopology(topology)).toThrow(message);
  });

  it('accepts a single attempt with no delays', () => {
    expect(() =>
      validateTopology({ exchange: 'x', queues: [queue({ retryDelaysMs: [], maxAttempts: 1 })] }),
    ).not.toThrow();
  });
});
