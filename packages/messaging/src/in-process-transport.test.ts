import { createMessage } from './message-envelope';
import { InProcessTransport } from './in-process-transport';
import { createTestTopology } from './__tests__/test-topology';
import { describeTransportContract } from './__tests__/transport-contract';
import { waitFor } from './__tests__/wait-for';

describeTransportContract('InProcessTransport', async (topology) => {
  const transport = new InProcessTransport({ topology });
  return {
    transport,
    deadLetters: async (queue) => transport.deadLetters(queue),
    dispose: () => transport.close(),
  };
});

describe('InProcessTransport', () => {
  it('scales the table’s retry delays by delayScale', async () => {
    const { topology, queues } = createTestTopology({ retryDelaysMs: [60_000], maxAttempts: 2 });
    const transport = new InProcessTransport({ topology, delayScale: 0.0005 }); // 60 s -> 30 ms
    try {
      const attempts: number[] = [];
      await transport.consume(queues.scheduler, async ({ attempt }) => {
        attempts.push(attempt);
        if (attempt === 1) throw new Error('not yet');
      });
      await transport.publish('scheduler.task.x', createMessage('scheduler.task.x', {}));

      await waitFor(() => attempts.length === 2, { timeoutMs: 1_000 });
      expect(attempts).toEqual([1, 2]);
    } finally {
      await transport.close();
    }
  });

  it('counts a message waiting out its retry delay in the retry queue', async () => {
    const { topology, queues } = createTestTopology({ retryDelaysMs: [60_000], maxAttempts: 2 });
    const transport = new InProcessTransport({ topology });
    const retryDepth = async () =>
      (await transport.queueDepths()).find((d) => d.name === `${queues.scheduler}.retry.60000`)?.messages;
    try {
      await transport.consume(queues.scheduler, async () => {
        throw new Error('not yet');
      });
      expect(await retryDepth()).toBe(0);
      await transport.publish('scheduler.task.x', createMessage('scheduler.task.x', {}));
      await waitFor(async () => (await retryDepth()) === 1, { timeoutMs: 1_000 });
    } finally {
      await transport.close();
    }
  });

  it('keeps published messages until a consumer arrives', async () => {
    const { topology, queues } = createTestTopology();
    const transport = new InProcessTransport({ topology });
    try {
      const message = createMessage('parser.job.requested', { labReportId: 'lr_1' });
      await transport.publish('parser.job.requested', message);
      const received: string[] = [];
      await transport.consume(queues.parser, async ({ envelope }) => {
        received.push(envelope.id);
      });

      await waitFor(() => received.length === 1);
      expect(received).toEqual([message.id]);
    } finally {
      await transport.close();
    }
  });

  it('spreads a queue over competing consumers, each message once', async () => {
    const { topology, queues } = createTestTopology();
    const transport = new InProcessTransport({ topology });
    try {
      const byConsumer: string[][] = [[], []];
      for (const received of byConsumer) {
        await transport.consume(queues.events, async ({ envelope }) => {
          received.push(envelope.id);
        });
      }
      const messages = Array.from({ length: 6 }, () => createMessage('event.x', {}));
      for (const message of messages) await transport.publish('event.x', message);

      await waitFor(() => byConsumer.flat().length === 6);
      expect(byConsumer.flat().sort()).toEqual(messages.map((m) => m.id).sort());
      expect(byConsumer.every((received) => received.length > 0)).toBe(true);
    } finally {
      await transport.close();
    }
  });
});
