/**
 * The baseline: a bare node:http + pg server that runs the same SQL as the data API's grouped read, builds
 * the wire objects (rows → the presenter's samples and groups) and answers `JSON.stringify` of them, with
 * no framework, auth or validation. Its answers are the API's bytes (the benchmark asserts it once per
 * case; only the sealed cursor's random IV differs), so the ratio compares the same work on the wire.
 */
import http from 'node:http';
import { Pool } from 'pg';
import { timeseriesBySlug } from '@meridian/domain';
import { createCursorCodec, decodeSecretsKey, DEV_SECRETS_ENCRYPTION_KEY } from '@meridian/platform';
import {
  encodeCursor,
  parseTimeRange,
  timeseriesCursorScope,
} from '../../services/data-api/src/features/timeseries/timeseries-params';
import {
  buildGroupedPage,
  type SampleRow,
} from '../../services/data-api/src/features/timeseries/timeseries.presenter';
import {
  groupedPageStatement,
  toPgText,
} from '../../services/data-api/src/features/timeseries/timeseries.sql';

const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BENCH_POOL ?? 10),
});
const PAGE_SIZE = 10_000;
// The data API's development key (what the benchmark's API runs with): cursors of the same form and length.
const cursors = createCursorCodec(decodeSecretsKey(DEV_SECRETS_ENCRYPTION_KEY));

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const m = /^\/v2\/timeseries\/([^/]+)\/([^/]+)\/grouped$/.exec(url.pathname);
  const spec = m ? timeseriesBySlug(m[2]!) : undefined;
  if (!m || !spec) {
    res.writeHead(404).end();
    return;
  }
  const scope = { teamId: process.env.TEAM_ID!, environment: 'sandbox' as const };
  const userId = m[1]!;
  const stmt = groupedPageStatement(spec, {
    scope,
    userId,
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
      const cursorScope = timeseriesCursorScope(scope, userId, spec.slug);
      const page = buildGroupedPage(result.rows as SampleRow[], spec, PAGE_SIZE, (key) =>
        encodeCursor(cursors, cursorScope, key),
      );
      const body = JSON.stringify(page);
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
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
