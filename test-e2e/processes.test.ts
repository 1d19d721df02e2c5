/**
 * The five processes as separate OS processes against real PostgreSQL and RabbitMQ: readiness, the
 * scheduler consuming a task from the broker, the parser dead-lettering a poison message, graceful stop,
 * and a config error naming the variable.
 */
import { createAmqpTransport, createMessage, type AmqpTransport } from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { createOutboxRepository } from '@meridian/db';
import { eventEnvelope, newId } from '@meridian/domain';
import { createTestDatabase, waitFor, type TestDatabase } from '@meridian/test-utils';
import { AMQP_URL, describeWithBroker } from './support/broker';
import { freePort, runTs, runTsToEnd, waitReady, type RunningProcess } from './support/processes';

const SERVICES = ['data-api', 'management-api', 'lab-report-parser', 'scheduler', 'event-delivery'] as const;

describeWithBroker('Meridian as separate processes', () => {
  let db: TestDatabase;
  let transport: AmqpTransport | undefined;
  const procs = new Map<string, { proc: RunningProcess; url: string }>();

  beforeAll(async () => {
    db = await createTestDatabase();
    const ports = await Promise.all(SERVICES.map(() => freePort()));
    SERVICES.forEach((service, i) => {
      const port = String(ports[i]);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: db.url,
        AMQP_URL,
        LOG_LEVEL: 'warn',
        DATA_API_PORT: port,
        MANAGEMENT_API_PORT: port,
        HEALTH_PORT: port,
        SCHEDULER_TICK_MS: '3600000',
      };
      procs.set(service, {
        proc: runTs(service, `services/${service}/src/main.ts`, env),
        url: `http://127.0.0.1:${port}`,
      });
    });
    await Promise.all([...procs.values()].map(({ proc, url }) => waitReady(url, proc, 90_000)));
    transport = await createAmqpTransport({
      url: AMQP_URL,
      logger: createLogger({ service: 'e2e', silent: true }),
    });
  }, 150_000);

  afterAll(async () => {
    await Promise.all([...procs.values()].map(({ proc }) => proc.stop()));
    await transport?.close();
    await db?.destroy();
  });

  it('serves /healthz, /readyz and /metrics on every process', async () => {
    for (const [service, { url }] of procs) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const ready = (await (await fetch(`${url}/readyz`)).json()) as { checks: Record<string, string> };
      expect(ready.checks).toEqual({ database: 'ok', broker: 'ok' });
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(metrics).toContain(`service="${service}"`);
    }
  });

  it('purges a user past its grace period when the scheduler takes a task from RabbitMQ', async () => {
    const boot = await runTsToEnd('tools/cli.ts', ['bootstrap', '--json'], {
      ...process.env,
      DATABASE_URL: db.url,
    });
    if (boot.code !== 0) throw new Error(`bootstrap failed (${boot.code}): ${boot.stderr}`);
    const keys = JSON.parse(boot.stdout) as { api_keys: { sandbox: string } };
    const dataUrl = procs.get('data-api')!.url;
    const headers = { 'x-service-api-key': keys.api_keys.sandbox, 'content-type': 'application/json' };
    const created = await fetch(`${dataUrl}/v2/user`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ client_user_id: 'e2e-purge' }),
    });
    const { user_id: userId } = (await created.json()) as { user_id: string };
    expect((await fetch(`${dataUrl}/v2/user/${userId}`, { method: 'DELETE', headers })).status).toBe(200);
    // Let the grace period elapse.
    await db
      .knex('users')
      .where({ id: userId })
      .update({ purge_after: new Date(Date.now() - 1000) });

    await transport!.publish(
      'scheduler.task.purge_deleted_users',
      createMessage('scheduler.task.purge_deleted_users', {}),
    );
    await waitFor(async () => (await db.knex('users').where({ id: userId }).first()) === undefined, {
      timeoutMs: 20_000,
    });
    const undo = await fetch(`${dataUrl}/v2/user/undo_delete?user_id=${userId}`, { method: 'POST', headers });
    expect(undo.status).toBe(404);
  });

  it('relays outbox events through RabbitMQ from the event-delivery process', async () => {
    const user = await db.knex('users').first('id', 'team_id', 'environment', 'client_user_id');
    const teamId = user?.team_id ?? (await db.knex('teams').first('id'))!.id;
    const userId = newId();
    const [eventId] = await createOutboxRepository(db.knex).append([
      {
        teamId,
        environment: 'sandbox',
        userId,
        envelope: eventEnvelope(
          'provider.connection.error',
          { user_id: userId },
          { userId, clientUserId: 'c', teamId },
        ),
      },
    ]);
    await waitFor(async () => (await db.knex('outbox').where({ id: eventId }).first())?.published_at, {
      timeoutMs: 20_000,
    });
    const dead = await transport!.getDeadLetters('event-delivery.events', 500);
    expect(dead.some((l) => l.envelope?.id === eventId)).toBe(false);
  });

  it('dead-letters a poison parser message instead of crash-looping, and keeps serving', async () => {
    const marker = `poison-${Date.now()}`;
    await transport!.publish(
      'parser.job.requested',
      createMessage('parser.job.requested', { job_id: marker }),
    );
    const letter = await waitFor(
      async () =>
        (await transport!.getDeadLetters('lab-report-parser.jobs', 500)).find((l) =>
          JSON.stringify(l).includes(marker),
        ),
      { timeoutMs: 20_000 },
    );
    expect(JSON.stringify(letter)).toContain('job_id');
    const parser = procs.get('lab-report-parser')!;
    expect(parser.proc.child.exitCode).toBeNull();
    expect((await fetch(`${parser.url}/readyz`)).status).toBe(200);
  });

  it('stops every process gracefully on SIGTERM', async () => {
    const codes = await Promise.all([...procs.values()].map(({ proc }) => proc.stop('SIGTERM')));
    expect(codes).toEqual(SERVICES.map(() => 0));
  });

  it('refuses to start with a bad variable and names it', async () => {
    const run = await runTsToEnd('services/scheduler/src/main.ts', [], {
      ...process.env,
      DATABASE_URL: 'mysql://nope',
      AMQP_URL,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL');
  });
});
