import { declareTopology, type TopologyChannel } from './declare-topology';

function recordingChannel(): TopologyChannel & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const channel: TopologyChannel & { calls: unknown[][] } = {
    calls,
    assertExchange: async (...args: unknown[]) => {
      calls.push(['exchange', ...args]);
      return { exchange: String(args[0]) };
    },
    assertQueue: async (...args: unknown[]) => {
      calls.push(['queue', ...args]);
      return { queue: String(args[0]), messageCount: 0, consumerCount: 0 };
    },
    bindQueue: async (...args: unknown[]) => {
      calls.push(['bind', ...args]);
      return {};
    },
  };
  return channel;
}

describe('declareTopology', () => {
  it('declares the exchange, work queue, bindings, one retry queue per delay and the DLQ, all durable', async () => {
    const channel = recordingChannel();

    await declareTopology(channel, {
      exchange: 'meridian',
      queues: [
        {
          name: 'scheduler.tasks',
          bindings: ['scheduler.task.#', 'scheduler.sweep'],
          retryDelaysMs: [50, 500, 500],
          maxAttempts: 5,
        },
      ],
    });

    expect(channel.calls).toEqual([
      ['exchange', 'meridian', 'topic', { durable: true }],
      ['queue', 'scheduler.tasks.dlq', { durable: true }],
      [
        'queue',
        'scheduler.tasks',
        {
          durable: true,
          arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': 'scheduler.tasks.dlq' },
        },
      ],
      ['bind', 'scheduler.tasks', 'meridian', 'scheduler.task.#'],
      ['bind', 'scheduler.tasks', 'meridian', 'scheduler.sweep'],
      [
        'queue',
        'scheduler.tasks.retry.50',
        {
          durable: true,
          arguments: {
            'x-message-ttl': 50,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 'scheduler.tasks',
          },
        },
      ],
      [
        'queue',
        'scheduler.tasks.retry.500',
        {
          durable: true,
          arguments: {
            'x-message-ttl': 500,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 'scheduler.tasks',
          },
        },
      ],
    ]);
  });

  it('declares every queue (work, retry, DLQ) as a quorum queue when asked, keeping its other arguments', async () => {
    const channel = recordingChannel();
    await declareTopology(
      channel,
      {
        exchange: 'meridian',
        queues: [
          { name: 'event-delivery.events', bindings: ['event.#'], retryDelaysMs: [1_000], maxAttempts: 3 },
        ],
      },
      { queueType: 'quorum' },
    );
    const queues = channel.calls.filter((c) => c[0] === 'queue');
    expect(queues).toEqual([
      ['queue', 'event-delivery.events.dlq', { durable: true, arguments: { 'x-queue-type': 'quorum' } }],
      [
        'queue',
        'event-delivery.events',
        {
          durable: true,
          arguments: {
            'x-queue-type': 'quorum',
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 'event-delivery.events.dlq',
          },
        },
      ],
      [
        'queue',
        'event-delivery.events.retry.1000',
        {
          durable: true,
          arguments: {
            'x-queue-type': 'quorum',
            'x-message-ttl': 1_000,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': 'event-delivery.events',
          },
        },
      ],
    ]);
  });

  it('declares no queue type argument for classic (the default), so existing queues redeclare unchanged', async () => {
    const classic = recordingChannel();
    const byDefault = recordingChannel();
    const topology = {
      exchange: 'meridian',
      queues: [
        { name: 'scheduler.tasks', bindings: ['scheduler.task.#'], retryDelaysMs: [50], maxAttempts: 2 },
      ],
    };
    await declareTopology(classic, topology, { queueType: 'classic' });
    await declareTopology(byDefault, topology);
    expect(classic.calls).toEqual(byDefault.calls);
    expect(JSON.stringify(classic.calls)).not.toContain('x-queue-type');
  });

  it('refuses an unknown queue type before touching the broker', async () => {
    const channel = recordingChannel();
    await expect(
      declareTopology(channel, { exchange: 'meridian', queues: [] }, { queueType: 'stream' as never }),
    ).rejects.toThrow(/unknown queue type/);
    expect(channel.calls).toEqual([]);
  });

  it('refuses an invalid table before touching the broker', async () => {
    const channel = recordingChannel();
    await expect(declareTopology(channel, { exchange: '', queues: [] })).rejects.toThrow(/exchange name/);
    expect(channel.calls).toEqual([]);
  });
});
