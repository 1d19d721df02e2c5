import { parseQueryBatch } from '@meridian/query-language';
import { createTestDatabase } from '@meridian/test-utils';
import { runQueries, compileQuery } from '../index';
import { insertUser, seedTenant } from './fixtures';

it('perf', async () => {
  const db = await createTestDatabase();
  const { teamId } = await seedTenant(db.knex);
  const userId = await insertUser(db.knex, teamId, { timeZone: 'Europe/Berlin' });
  await db.knex.raw(
    `insert into timeseries_samples (user_id, resource, provider, source_type, type, start_at, value)
     select ?::uuid, 'heartrate', 'garmin', 'watch', '', timestamptz '2024-01-01' + g * interval '1 minute', 60 + g % 40
     from generate_series(0, 525599) g`,
    [userId],
  );
  await db.knex.raw('analyze timeseries_samples');
  const parsed = parseQueryBatch(
    { timeframe: { type: 'relative', anchor: '2024-12-31', past: { unit: 'year', value: 1 } },
      queries: [{ group_by: [{ date_trunc: { unit: 'week' }, arg: { index: 'timeseries' } }], select: [{ group_key: '*' }, { func: 'mean', arg: { timeseries: 'heartrate', field: 'value' } }] }] },
    { basePath: ['body'] },
  );
  if (!parsed.ok) throw new Error('x');
  const hand = `select date_trunc('week', start_at at time zone 'Europe/Berlin') w, avg(value) from timeseries_samples where user_id = ? and resource = 'heartrate' and start_at >= '2024-01-01' and start_at < '2025-01-01' group by 1 order by 1`;
  const c = compileQuery(parsed.batch.queries[0]!.query, parsed.batch.queries[0]!.derived, { tenant: { teamId, environment: 'sandbox', userId }, timeZone: 'Europe/Berlin', timeframe: parsed.batch.timeframe, providerPriority: [] });
  const ex = await db.knex.raw('explain analyze ' + c.statement.text, c.statement.bindings as never);
  console.log(ex.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
  for (let i = 0; i < 2; i++) {
    let t = Date.now();
    await runQueries(db.knex, { teamId, environment: 'sandbox', userId, ...parsed.batch });
    const engine = Date.now() - t;
    t = Date.now();
    await db.knex.raw(hand, [userId]);
    console.log(`engine ${engine}ms hand ${Date.now() - t}ms`);
  }
  await db.destroy();
}, 300_000);
