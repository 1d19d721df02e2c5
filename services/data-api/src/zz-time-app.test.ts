import { createDataApiHarness } from './testing/data-api.harness';
it('times', async () => {
  const t0 = Date.now();
  const h = await createDataApiHarness();
  const t1 = Date.now();
  let maxGap = 0; let last = Date.now();
  const iv = setInterval(() => { const n = Date.now(); maxGap = Math.max(maxGap, n - last); last = n; }, 50);
  await new Promise((r) => setTimeout(r, 40000));
  clearInterval(iv);
  console.log('harness', t1 - t0, 'max loop gap', maxGap);
  const t2 = Date.now();
  await h.db.knex.raw('select 1');
  console.log('first query', Date.now() - t2);
  await h.close();
}, 120000);
