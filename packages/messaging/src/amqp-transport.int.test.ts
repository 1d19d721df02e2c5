import type { Socket } from 'node:net';
import { connect, type ChannelModel } from 'amqplib';
import { amqpUrl, describeWithBroker } from '@meridian/test-utils';
import { createAmqpTransport, type AmqpTransport, type AmqpTransportOptions } from './amqp-transport';
import { createMessage, type MessageEnvelope } from './message-envelope';
import { batchContentType } from './message-headers';
import { PermanentError } from './permanent-error';
import { createSilentLogger } from './silent-logger';
import type { Topology } from './topology';
import { deleteTopology } from './__tests__/broker';
import { createRecordingLogger } from './__tests__/recording-logger';
import { createTestTopology } from './__tests__/test-topology';
import { describeTransportContract } from './__tests__/transport-contract';
import { waitFor } from './__tests__/wait-for';

const brokerUrl = amqpUrl();

const fastReconnect = { minDelayMs: 20, maxDelayMs: 200 };

describeTransportContract(
  'AmqpTransport',
  async (topology) => {
    const transport = await createAmqpTransport({
      url: brokerUrl,
      logger: createSilentLogger(),
      topology,
      reconnect: fastReconnect,
    });
    return {
      transport,
      deadLetters: (queue) => transport.getDeadLetters(queue),
      dispose: async () => {
        try {
          await transport.close();
        } finally {
          await deleteTopology(brokerUrl, topology);
        }
      },
    };
  },
  { describe: describeWithBroker },
);

/** Opens real connections but can be told to refuse, and hands out the sockets so tests can cut them. */
function controllableConnect(): {
  connect: AmqpTransportOptions['connect'];
  refuse: boolean;
  refused: number;
  cut(): void;
} {
  const connections: ChannelModel[] = [];
  const control = {
    refuse: false,
    refused: 0,
    connect: async (url: string) => {
      if (control.refuse) {
        control.refused++;
        throw new Error('connection refused (test)');
      }
      const connection = await connect(url);
      connections.push(connection);
      return connection;
    },
    /** Destroys the socket under the newest connection, as a network failure would. */
    cut: () => {
      const latest = connections.at(-1) as unknown as { connection: { stream: Socket } };
      latest.connection.stream.destroy(new Error('network failure (test)'));
    },
  };
  return control;
}

describeWithBroker('AmqpTransport against RabbitMQ', () => {
  let topology: Topology;
  let transport: AmqpTransport | undefined;

  afterEach(async () => {
    if (!transport) return;
    try {
      await transport.close();
    } finally {
      transport = undefined;
      await deleteTopology(brokerUrl, topology);
    }
  });

  async function start(
    overrides: Partial<AmqpTransportOptions> = {},
  ): Promise<{ transport: AmqpTransport; queues: ReturnType<typeof createTestTopology>['queues'] }> {
    const test = createTestTopology();
    topology = test.topology;
    transport = await createAmqpTransport({
      url: brokerUrl,
      logger: createSilentLogger(),
      topology,
      reconnect: fastReconnect,
      ...overrides,
    });
    return { transport, queues: test.queues };
  }

  it('dead-letters a body that is not a message envelope', async () => {
    const { transport, queues } = await start();
    let calls = 0;
    await transport.consume(queues.parser, async () => {
      calls++;
    });
    const raw = await connect(brokerUrl);
    try {
      const channel = await raw.createConfirmChannel();
      channel.publish(topology.exchange, 'parser.job.requested', Buffer.from('not json'));
      await channel.waitForConfirms();
    } finally {
      await raw.close();
    }

    const [letter] = await waitFor(async () => {
      const letters = await transport.getDeadLetters(queues.parser);
      return letters.length > 0 ? letters : undefined;
    });
    expect(letter).toMatchObject({
      content: 'not json',
      envelope: undefined,
      error: 'PermanentError: invalid message: body is not JSON',
    });
    expect(calls).toBe(0);
  });

  it('sends a batch as one broker message and dead-letters an unreadable batch whole', async () => {
    const { transport, queues } = await start();
    const batch = Array.from({ length: 3 }, (_, i) => createMessage('parser.job.requested', { i }));
    await transport.publishBatch('parser.job.requested', batch);
    const raw = await connect(brokerUrl);
    try {
      const channel = await raw.createConfirmChannel();
      const { messageCount } = await channel.checkQueue(queues.parser);
      expect(messageCount).toBe(1);
      channel.publish(topology.exchange, 'parser.job.requested', Buffer.from('[not json'), {
        contentType: batchContentType,
      });
      await channel.waitForConfirms();
    } finally {
      await raw.close();
    }
    const received: MessageEnvelope[] = [];
    await transport.consume(queues.parser, async ({ envelope }) => {
      received.push(envelope);
    });

    const [letter] = await waitFor(async () => {
      const letters = await transport.getDeadLetters(queues.parser);
      return letters.length > 0 ? letters : undefined;
    });
    expect(letter).toMatchObject({
      content: '[not json',
      envelope: undefined,
      error: 'PermanentError: invalid message: body is not JSON',
    });
    await waitFor(() => received.length === 3);
    expect(received).toEqual(batch);
  });

  it('reads dead letters without removing them', async () => {
    const { transport, queues } = await start();
    await transport.consume(queues.parser, async () => {
      throw new PermanentError('bad');
    });
    await transport.publish('parser.job.requested', createMessage('parser.job.requested', { n: 1 }));
    await transport.publish('parser.job.requested', createMessage('parser.job.requested', { n: 2 }));

    await waitFor(async () => (await transport.getDeadLetters(queues.parser)).length === 2);
    expect(await transport.getDeadLetters(queues.parser, 1)).toHaveLength(1);
    expect((await transport.getDeadLetters(queues.parser)).map((l) => l.envelope?.data)).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
  });

  it('reconnects after the connection drops: not ready meanwhile, consumers resume', async () => {
    const control = controllableConnect();
    const logger = createRecordingLogger();
    // A slower first reconnect keeps the not-ready window wide enough to observe.
    const { transport, queues } = await start({
      connect: control.connect,
      logger,
      reconnect: { minDelayMs: 150, maxDelayMs: 300 },
    });
    const received: MessageEnvelope[] = [];
    await transport.consume(queues.scheduler, async ({ envelope }) => {
      received.push(envelope);
    });
    await transport.publish('scheduler.task.before', createMessage('scheduler.task.before', {}));
    await waitFor(() => received.length === 1);

    control.cut();

    await waitFor(() => !transport.isReady());
    await waitFor(() => transport.isReady());
    const after = createMessage('scheduler.task.after', {});
    await transport.publish('scheduler.task.after', after);
    await waitFor(() => received.length === 2);
    expect(received[1]?.id).toBe(after.id);
    expect(logger.entries.map((e) => `${e.level} ${e.msg}`)).toEqual(
      expect.arrayContaining([
        'warn lost the message broker connection; reconnecting',
        'info reconnected to the message broker',
      ]),
    );
  });

  it('holds a publish made while disconnected until the connection is back', async () => {
    const control = controllableConnect();
    const { transport, queues } = await start({ connect: control.connect });
    const received: string[] = [];
    await transport.consume(queues.events, async ({ envelope }) => {
      received.push(envelope.id);
    });
    control.refuse = true;
    control.cut();
    await waitFor(() => !transport.isReady());

    const message = createMessage('event.during_outage', {});
    let settled = false;
    const publishing = transport.publish('event.during_outage', message).finally(() => {
      settled = true;
    });
    await waitFor(() => control.refused >= 2);
    expect(settled).toBe(false);
    control.refuse = false;

    await publishing;
    await waitFor(() => received.length === 1);
    expect(received).toEqual([message.id]);
  });

  it('rejects a publish when the broker stays away past the publish timeout', async () => {
    const control = controllableConnect();
    const { transport } = await start({ connect: control.connect, publishTimeoutMs: 150 });
    control.refuse = true;
    control.cut();
    await waitFor(() => !transport.isReady());

    await expect(transport.publish('event.x', createMessage('event.x', {}))).rejects.toThrow(
      /not connected .* 150 ms/,
    );

    control.refuse = false;
    await waitFor(() => transport.isReady());
  });
});

describe('AmqpTransport without a broker', () => {
  it('fails to start when the broker cannot be reached', async () => {
    const test = createTestTopology();
    await expect(
      createAmqpTransport({
        url: 'amqp://guest:guest@127.0.0.1:1',
        logger: createSilentLogger(),
        topology: test.topology,
      }),
    ).rejects.toThrow();
  });
});

describeWithBroker('AmqpTransport with quorum queues', () => {
  it('declares the topology as quorum queues and delivers through them', async () => {
    const test = createTestTopology({ retryDelaysMs: [20], maxAttempts: 2 });
    const transport = await createAmqpTransport({
      url: brokerUrl,
      logger: createSilentLogger(),
      topology: test.topology,
      queueType: 'quorum',
    });
    const raw = await connect(brokerUrl);
    try {
      const received: MessageEnvelope[] = [];
      await transport.consume(test.queues.events, async ({ envelope }) => {
        received.push(envelope);
      });
      const message = createMessage('event.daily.data.steps.created', { event_id: 'e1' });
      await transport.publish(message.type, message);
      await waitFor(() => received.length === 1);
      expect(received[0]!.id).toBe(message.id);

      // The broker holds them as quorum queues: a classic redeclaration is refused (406 PRECONDITION_FAILED).
      for (const name of [
        test.queues.events,
        `${test.queues.events}.dlq`,
        `${test.queues.events}.retry.20`,
      ]) {
        const channel = await raw.createChannel();
        channel.on('error', () => undefined);
        const { arguments: args } = await declaredArguments(name);
        await expect(
          channel.assertQueue(name, { durable: true, arguments: { ...args, 'x-queue-type': 'classic' } }),
        ).rejects.toThrow(/PRECONDITION_FAILED.*x-queue-type/);
      }
    } finally {
      await raw.close();
      await transport.close();
      await deleteTopology(brokerUrl, test.topology);
    }

    /** The arguments declareTopology gives `name` (type left out), so only the type differs in the check. */
    async function declaredArguments(name: string): Promise<{ arguments: Record<string, unknown> }> {
      const events = test.queues.events;
      if (name === `${events}.dlq`) return { arguments: {} };
      if (name === events)
        return { arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': `${events}.dlq` } };
      return {
        arguments: { 'x-message-ttl': 20, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': events },
      };
    }
  });
});
