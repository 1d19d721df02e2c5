/**
 * The baseline: a bare node:http + pg server that runs the same SQL as the data API's grouped read and
 * answers JSON.stringify of the rows (grouped under their provider), with no framework, auth or validation.
 */
import http from 'node:http';
import { Pool } from 'pg';
import { timeseriesBySlug } from '@meridian/domain';
import { parseTimeRange } from '../../services/data-api/src/features/timeseries/timeseries-params';
import {
  groupedPageStatement,
  toPgText,
} from '../../services/data-api/src/features/timeseries/timeseries.sql';

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_POOL ?? 10),
});
const PAGE_SIZE = 10_000;

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const m = /^\/v2\/timeseries\/([^/]+)\/([^/]+)\/grouped$/.exec(url.pathname);
  const spec = m ? timeseriesBySlug(m[2]!) : undefined;
  if (!m || !spec) {
    res.writeHead(404).end();
    return;
  }
  const stmt = groupedPageStatement(spec, {
    scope: { teamId: process.env.TEAM_ID!, environment: 'sandbox' },
    userId: m[1]!,
    range: parseTimeRange(
      url.searchParams.get('start_date') ?? '',
      url.searchParams.get('end_date') ?? undefined,
    ),
    provider: '',
    after: null,
    limit: PAGE_SIZE + 1,
  });
  pool.query(toPgText(stmt.sql), stmt.bindings).then(
    (result) => {
      const groups: Record<string, { data: unknown[] }[]> = {};
      for (const row of result.rows.slice(0, PAGE_SIZE) as { provider: string }[]) {
        (groups[row.provider] ??= [{ data: [] }])[0]!.data.push(row);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ groups, next_cursor: null }));
    },
    (err: unknown) => {
      res.writeHead(500).end(String(err));
    },
  );
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
