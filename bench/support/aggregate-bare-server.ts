/**
 * The HTTP baseline of the aggregation benchmark: bare node:http + pg answering the hand-written weekly mean
 * heart rate (aggregate-baseline.ts) as `{results: [{table}]}`, with no framework, auth or validation.
 * Same transaction settings as the engine (work_mem), so the comparison is of the SQL and the stack.
 */
import http from 'node:http';
import { Pool } from 'pg';
import { baselineTable, baselineValues, WEEKLY_MEAN_HEART_RATE_SQL } from './aggregate-baseline';

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_POOL ?? 4),
});

async function answer(userId: string): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin read only');
    await client.query("select set_config('work_mem', '64MB', true)");
    const result = await client.query<{ week: string; mean: number }>(
      WEEKLY_MEAN_HEART_RATE_SQL,
      baselineValues({
        userId,
        teamId: process.env.TEAM_ID!,
        environment: 'sandbox',
        timeZone: process.env.TIME_ZONE ?? 'UTC',
        start: process.env.WINDOW_START!,
        end: process.env.WINDOW_END!,
      }),
    );
    await client.query('commit');
    return JSON.stringify({ results: [{ table: baselineTable(result.rows) }] });
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  const m = /^\/aggregate\/v1\/user\/([0-9a-f-]{36})\/query$/.exec(req.url ?? '');
  if (!m || req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  req.resume();
  req.on('end', () => {
    answer(m[1]!).then(
      (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(body),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
