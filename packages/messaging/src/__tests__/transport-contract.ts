/** The behaviour every Transport must show; run against AmqpTransport and InProcessTransport alike. */
import type { DeadLetter } from '../dead-letter';
import { createMessage, type MessageEnvelope } from '../message-envelope';
import { PermanentError } from '../permanent-error';
import type { Topology } from '../topology';
import type { ConsumedMessage, Transport } from '../transport';
import { createTestTopology, type TestTopology } from './test-topology';
import { sleep, waitFor } from './wait-for';

export interface TransportHarness {
  transport: Transport;
  deadLetters(queue: string): Promise<DeadLetter[]>;
  /** Closes the transport and removes what it created; safe after the test closed it already. */
  dispose(): Promise<void>;
}

export type TransportHarnessFactory = (topology: Topology) => Promise<TransportHarness>;

export function describeTransportContract(
  name: string,
  createHarness: TransportHarnessFactory,
  /** How the suite is declared: `describeWithBroker` for a transport that needs RabbitMQ. */
  options: { describe?: (name: string, fn: () => void) => void } = {},
): void {
  (options.describe ?? describe)(`${name} honours the transport contract`, () => {
    let harness: TransportHarness | undefined;
    let test: TestTopology;

    afterEach(async () => {
      await harness?.dispose();
      harness = undefined;
    });

    const contractTest = (
      title: string,
      body: (h: TransportHarness, q: TestTopology['queues']) => Promise<void>,
    ): void => {
      it(title, async () => {
        test = createTestTopology({ retryDelaysMs: [20, 40], maxAttempts: 3 });
        harness = await createHarness(test.topology);
        await body(harness, test.queues);
      });
    };

    const deadLettersOnceThere = async (
      h: TransportHarness,
      queue: string,
      count = 1,
    ): Promise<DeadLetter[]> =>
      waitFor(async () => {
        const letters = await h.deadLetters(queue);
        return letters.length >= count ? letters : undefined;
      });

    contractTest(
      'publish resolves after acceptance and the bound queue delivers the envelope',
      async ({ transport }, q) => {
        expect(transport.isReady()).toBe(true);
        const received: ConsumedMessage[] = [];
        await transport.consume(q.scheduler, async (message) => {
          received.push(message);
        });
        const message = createMessage('scheduler.task.purge', { userId: 'usr_1' });

        await expect(transport.publish('scheduler.task.purge', message)).resolves.toBeUndefined();

        await waitFor(() => received.length === 1);
        expect(received[0]).toMatchObject({ envelope: message, attempt: 1, queue: q.scheduler });
      },
    );

    contractTest('routes by topic pattern and drops keys no binding matches', async ({ transport }, q) => {
      const seen: Record<string, string[]> = { [q.parser]: [], [q.scheduler]: [], [q.events]: [] };
      for (const queue of Object.keys(seen)) {
        await transport.consume(queue, async ({ envelope }) => {
          seen[queue]?.push(envelope.type);
        });
      }
      // Unmatched keys go first: queues are FIFO, so had they been routed they would arrive before the rest.
      const keys = [
        'parser.job.cancelled',
        'scheduler.other',
        'eventual',
        'parser.job.requested',
        'scheduler.task',
        'scheduler.task.purge.deletion',
        'event.lab_report.parsed',
      ];
      for (const key of keys) await transport.publish(key, createMessage(key, {}));

      await waitFor(
        () => seen[q.parser]?.length === 1 && seen[q.scheduler]?.length === 2 && seen[q.events]?.length === 1,
      );
      expect(seen[q.parser]).toEqual(['parser.job.requested']);
      expect([...(seen[q.scheduler] ?? [])].sort()).toEqual([
        'scheduler.task',
        'scheduler.task.purge.deletion',
      ]);
      expect(seen[q.events]).toEqual(['event.lab_report.parsed']);
    });

    contractTest('retries a transient failure after a delay and counts attempts', async (h, q) => {
      const attempts: { attempt: number; lastError: string | undefined; at: number }[] = [];
      await h.transport.consume(q.scheduler, async ({ attempt, headers }) => {
        attempts.push({ attempt, lastError: headers['x-error'], at: Date.now() });
        if (attempt < 3) throw new Error('database unavailable');
      });

      await h.transport.publish('scheduler.task.sweep', createMessage('scheduler.task.sweep', {}));

      await waitFor(() => attempts.length === 3);
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
      expect(attempts[1]?.lastError).toBe('Error: database unavailable');
      // The first retry waits at least the first delay (20 ms), the second at least the second (40 ms).
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(15);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(35);
      expect(await h.deadLetters(q.scheduler)).toEqual([]);
    });

    contractTest('dead-letters a permanent failure at once, with the error in x-error', async (h, q) => {
      let calls = 0;
      await h.transport.consume(q.parser, async () => {
        calls++;
        throw new PermanentError('lab report file is corrupt');
      });
      const message = createMessage('parser.job.requested', { labReportId: 'lr_1' });

      await h.transport.publish('parser.job.requested', message, {
        headers: { 'x-request-id': 'req-permanent' },
      });

      const [letter] = await deadLettersOnceThere(h, q.parser);
      expect(letter).toMatchObject({
        queue: q.parser,
        envelope: message,
        error: 'PermanentError: lab report file is corrupt',
      });
      expect(letter?.headers).toMatchObject({
        'x-error': 'PermanentError: lab report file is corrupt',
        'x-attempt': '1',
        'x-request-id': 'req-permanent',
        'x-original-routing-key': 'parser.job.requested',
      });
      expect(calls).toBe(1);
    });

    contractTest('dead-letters a message once its attempts are exhausted', async (h, q) => {
      const attempts: number[] = [];
      await h.transport.consume(q.events, async ({ attempt }) => {
        attempts.push(attempt);
        throw new Error('webhook target timed out');
      });
      const message = createMessage('event.lab_report.parsed', { labReportId: 'lr_2' });

      await h.transport.publish('event.lab_report.parsed', message);

      const [letter] = await deadLettersOnceThere(h, q.events);
      expect(attempts).toEqual([1, 2, 3]);
      expect(letter?.envelope).toEqual(message);
      expect(letter?.error).toBe('retries exhausted after 3 attempts: Error: webhook target timed out');
      expect(letter?.headers['x-attempt']).toBe('3');
    });

    contractTest('never runs more handlers at once than the prefetch allows', async ({ transport }, q) => {
      let active = 0;
      let maxActive = 0;
      let done = 0;
      await transport.consume(
        q.events,
        async () => {
          active++;
          maxActive = Math.max(maxActive, active);
          await sleep(20); // simulated work, so deliveries overlap
          active--;
          done++;
        },
        { prefetch: 3 },
      );

      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          transport.publish('event.test', createMessage('event.test', { i })),
        ),
      );

      await waitFor(() => done === 12);
      expect(maxActive).toBe(3);
    });

    contractTest(
      'publishBatch delivers each message of a batch to the handler on its own',
      async ({ transport }, q) => {
        const received: ConsumedMessage[] = [];
        await transport.consume(q.events, async (message) => {
          received.push(message);
        });
        const batch = Array.from({ length: 5 }, (_, i) => createMessage('event.test.batch', { i }));

        await expect(
          transport.publishBatch('event.test.batch', batch, { headers: { 'x-request-id': 'req-batch' } }),
        ).resolves.toBeUndefined();

        await waitFor(() => received.length === 5);
        expect(received.map((m) => m.envelope).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          [...batch].sort((a, b) => a.id.localeCompare(b.id)),
        );
        expect(received.every((m) => m.attempt === 1 && m.headers['x-request-id'] === 'req-batch')).toBe(
          true,
        );
      },
    );

    contractTest(
      'a message of a batch that fails is retried or dead-lettered alone; the others run once',
      async (h, q) => {
        const calls = new Map<number, number[]>();
        await h.transport.consume(q.events, async ({ envelope, attempt }) => {
          const { i } = envelope.data as { i: number };
          calls.set(i, [...(calls.get(i) ?? []), attempt]);
          if (i === 1 && attempt === 1) throw new Error('database unavailable');
          if (i === 2) throw new PermanentError('event is malformed');
        });
        const batch = Array.from({ length: 4 }, (_, i) => createMessage('event.test.batch', { i }));

        await h.transport.publishBatch('event.test.batch', batch);

        const [letter] = await deadLettersOnceThere(h, q.events);
        await waitFor(() => calls.get(1)?.length === 2);
        await sleep(100); // a wrongly retried batch would run the others again meanwhile
        expect(Object.fromEntries(calls)).toEqual({ 0: [1], 1: [1, 2], 2: [1], 3: [1] });
        expect(letter).toMatchObject({ envelope: batch[2], error: 'PermanentError: event is malformed' });
        expect(letter?.headers).toMatchObject({
          'x-attempt': '1',
          'x-original-routing-key': 'event.test.batch',
        });
        expect(await h.deadLetters(q.events)).toHaveLength(1);
      },
    );

    contractTest(
      'bounds handlers by the prefetch across the messages of batches',
      async ({ transport }, q) => {
        let active = 0;
        let maxActive = 0;
        let done = 0;
        await transport.consume(
          q.events,
          async () => {
            active++;
            maxActive = Math.max(maxActive, active);
            await sleep(20);
            active--;
            done++;
          },
          { prefetch: 3 },
        );
        const batch = (n: number) => Array.from({ length: n }, (_, i) => createMessage('event.test', { i }));

        await Promise.all([
          transport.publishBatch('event.test', batch(8)),
          transport.publishBatch('event.test', batch(4)),
        ]);

        await waitFor(() => done === 12);
        expect(maxActive).toBe(3);
      },
    );

    contractTest('publishBatch rejects a batch holding a malformed envelope', async ({ transport }, q) => {
      const received: MessageEnvelope[] = [];
      await transport.consume(q.events, async ({ envelope }) => {
        received.push(envelope);
      });
      const malformed = { type: 'event.x', data: {} } as unknown as MessageEnvelope;
      await expect(
        transport.publishBatch('event.x', [createMessage('event.x', {}), malformed]),
      ).rejects.toThrow(/invalid message envelope/);
      const after = createMessage('event.y', {});
      await transport.publish('event.y', after);
      await waitFor(() => received.length >= 1);
      await sleep(50);
      expect(received.map((m) => m.id)).toEqual([after.id]);
    });

    contractTest(
      'carries request and trace ids to the handler, retries included',
      async ({ transport }, q) => {
        const seen: { attempt: number; requestId?: string; traceId?: string }[] = [];
        await transport.consume(q.events, async ({ attempt, headers }) => {
          seen.push({ attempt, requestId: headers['x-request-id'], traceId: headers['x-trace-id'] });
          if (attempt === 1) throw new Error('flaky');
        });

        await transport.publish('event.user.created', createMessage('event.user.created', {}), {
          headers: { 'x-request-id': 'req-123', 'x-trace-id': 'trace-456' },
        });

        await waitFor(() => seen.length === 2);
        expect(seen).toEqual([
          { attempt: 1, requestId: 'req-123', traceId: 'trace-456' },
          { attempt: 2, requestId: 'req-123', traceId: 'trace-456' },
        ]);
      },
    );

    contractTest(
      'a cancelled consumer gets nothing more; the queue keeps messages for the next one',
      async ({ transport }, q) => {
        const first: MessageEnvelope[] = [];
        const subscription = await transport.consume(q.scheduler, async ({ envelope }) => {
          first.push(envelope);
        });
        await transport.publish('scheduler.task.a', createMessage('scheduler.task.a', {}));
        await waitFor(() => first.length === 1);
        await subscription.cancel();

        const later = createMessage('scheduler.task.b', {});
        await transport.publish('scheduler.task.b', later);
        const second: MessageEnvelope[] = [];
        await transport.consume(q.scheduler, async ({ envelope }) => {
          second.push(envelope);
        });

        await waitFor(() => second.length === 1);
        expect(second[0]?.id).toBe(later.id);
        expect(first).toHaveLength(1);
      },
    );

    contractTest(
      'rejects malformed envelopes and queues missing from the topology',
      async ({ transport }) => {
        const malformed = { type: 'event.x', data: {} } as unknown as MessageEnvelope;
        await expect(transport.publish('event.x', malformed)).rejects.toThrow(/invalid message envelope/);
        await expect(transport.consume('no-such-queue', async () => undefined)).rejects.toThrow(
          /not in the topology/,
        );
      },
    );

    contractTest(
      'reports the depth of every work, retry and dead-letter queue of the topology',
      async (h, q) => {
        const depthOf = async (name: string) =>
          (await h.transport.queueDepths()).find((d) => d.name === name)?.messages;
        const depths = await h.transport.queueDepths();
        expect(depths.map((d) => d.name).sort()).toEqual(
          q.work.flatMap((queue) => [queue, `${queue}.retry.20`, `${queue}.retry.40`, `${queue}.dlq`]).sort(),
        );
        expect(depths.find((d) => d.name === `${q.events}.dlq`)).toMatchObject({
          kind: 'dead-letter',
          workQueue: q.events,
          messages: 0,
        });

        for (let i = 0; i < 3; i++)
          await h.transport.publish('parser.job.requested', createMessage('parser.job.requested', { i }));
        await waitFor(async () => (await depthOf(q.parser)) === 3);

        await h.transport.consume(q.scheduler, async () => {
          throw new PermanentError('bad task');
        });
        await h.transport.publish('scheduler.task.x', createMessage('scheduler.task.x', {}));
        await deadLettersOnceThere(h, q.scheduler);
        await waitFor(async () => (await depthOf(`${q.scheduler}.dlq`)) === 1);
        expect(await depthOf(q.scheduler)).toBe(0);
      },
    );

    contractTest('is not ready once closed and refuses to publish', async ({ transport }) => {
      await transport.close();
      expect(transport.isReady()).toBe(false);
      await expect(transport.publish('event.x', createMessage('event.x', {}))).rejects.toThrow(/closed/);
    });
  });
}
