import { createLogger, createMetricsRegistry } from '@meridian/platform';
import { createTestDatabase } from '@meridian/test-utils';
import { createDataApi } from './app';

it('times createDataApi and the event loop after it', async () => {
  const db = await createTestDatabase();
  const t0 = Date.now();
  createDataApi({
    db: db.knex,
    logger: createLogger({ service: 'data-api', silent: true }),
    metrics: createMetricsRegistry('data-api'),
    region: 'us',
    readiness: {},
    validateResponses: true,
  });
  const t1 = Date.now();
  let maxLag = 0;
  let last = Date.now();
  const timer = setInterval(() => {
    const n = Date.now();
    maxLag = Math.max(maxLag, n - last);
    last = n;
  }, 50);
  const q0 = Date.now();
  await db.knex.raw('select 1');
  const q1 = Date.now();
  await new Promise((r) => setTimeout(r, 3000));
  clearInterval(timer);
  console.log(JSON.stringify({ createMs: t1 - t0, firstQueryMs: q1 - q0, maxLag }));
  await db.destroy();
}, 120_000);
