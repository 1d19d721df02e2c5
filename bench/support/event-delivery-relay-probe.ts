import { Client } from 'pg';
import { createKnex, createOutboxRepository, migrateLatest } from '@meridian/db';
import { createOutboxRelay } from '@meridian/event-delivery';
import { eventEnvelope, newId } from '@meridian/domain';
import { createAmqpTransport, meridianTopology, type Topology } from '@meridian/messaging';
import { createLogger } from '@meridian/platform';
import { baseDatabaseUrl, databaseUrlFor, seedOrg, seedTeam } from '@meridian/test-utils';

async function admin(sql: string) {
  const c = new Client({ connectionString: baseDatabaseUrl() });
  await c.connect();
  await c.query(sql);
  await c.end();
}
async function main() {
  const name = `meridian_probe_${Date.now().toString(36)}`;
  await admin(`create database "${name}"`);
  const db = createKnex({ connectionString: databaseUrlFor(name), poolMax: 8 });
  const logger = createLogger({ service: 'probe', level: 'warn' });
  const topology: Topology = {
    exchange: `meridian.probe-${name}`,
    queues: meridianTopology.queues.map((q) => ({ ...q, name: `${q.name}.probe-${name}` })),
  };
  const transport = await createAmqpTransport({ url: 'amqp://guest:guest@127.0.0.1:5672', logger, topology });
  await migrateLatest(db);
  const org = await seedOrg(db);
  const { teamId } = await seedTeam(db, org.orgId);
  const configs = (process.env.CONFIGS ?? '2x1000,4x1000,2x1000,4x1000').split(',');
  for (const cfg of configs) {
    const [loops, batch] = cfg.split('x').map(Number);
    const userId = newId();
    for (let d = 0; d < 10000; d += 1000)
      await createOutboxRepository(db).append(
        Array.from({ length: 1000 }, (_, i) => ({
          teamId, environment: 'sandbox' as const, userId,
          envelope: eventEnvelope('daily.data.steps.created', { i: d + i }, { userId, clientUserId: 'c', teamId }),
        })),
      );
    const relay = createOutboxRelay({ db, transport, logger, loops, batchSize: batch });
    const t0 = performance.now();
    relay.start();
    for (;;) {
      const [r] = await db('outbox').whereNull('published_at').count<{ n: string }[]>('* as n');
      if (Number(r!.n) === 0) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const s = (performance.now() - t0) / 1000;
    await relay.stop();
    process.stdout.write(`${cfg}: ${(10000 / s).toFixed(0)} events/s (${s.toFixed(2)} s)\n`);
  }
  await transport.deleteTopology();
  await transport.close();
  await db.destroy();
  await admin(`drop database "${name}" with (force)`);
}
void main();
