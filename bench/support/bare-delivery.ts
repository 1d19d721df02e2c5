/**
 * The baseline: the same event payloads signed (Standard Webhooks) and POSTed to the same sink with a
 * keep-alive agent at the same concurrency — no database, broker or bookkeeping. Reports elapsed ms.
 */
import http from 'node:http';
import { createKnex } from '@meridian/db';
import { signatureHeaders } from '@meridian/event-delivery';

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  const db = createKnex({ connectionString: process.env.DATABASE_URL!, poolMax: 1 });
  const rows: { id: string; body: string }[] = await db('outbox')
    .orderBy('seq')
    .limit(Number(process.env.COUNT))
    .select('id', db.raw('payload::text as body'));
  await db.destroy();
  const url = new URL(process.env.SINK_URL!);
  const agent = new http.Agent({ keepAlive: true });
  const concurrency = Number(process.env.CONCURRENCY ?? 20);
  process.once('message', () => {
    void (async () => {
      const started = performance.now();
      const cpuAtGo = process.cpuUsage();
      let next = 0;
      let errors = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < rows.length) {
            const row = rows[next++]!;
            const msgId = `msg_${row.id}`;
            const headers = signatureHeaders([secret], msgId, Math.floor(Date.now() / 1000), row.body);
            const status = await post(agent, url, headers, row.body).catch(() => 0);
            if (status < 200 || status >= 300) errors++;
          }
        }),
      );
      const used = process.cpuUsage(cpuAtGo);
      process.send?.({
        elapsedMs: performance.now() - started,
        cpuSeconds: (used.user + used.system) / 1e6,
        sent: rows.length,
        errors,
      });
    })();
  });
  process.send?.('ready');
}

void main();
