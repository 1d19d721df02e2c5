import { Client } from 'pg';
import { timeseriesBySlug } from '@meridian/domain';
import { groupedPageStatement, toPgText } from '../services/data-api/src/features/timeseries/timeseries.sql';
import { parseTimeRange } from '../services/data-api/src/features/timeseries/timeseries-params';
import { cpuSecondsOf } from './support/process-cpu';

async function main() {
  const [db, team, user] = process.argv.slice(2);
  const c = new Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${db}` });
  await c.connect();
  const bpid = (await c.query('select pg_backend_pid() as p')).rows[0].p as number;
  const spec = timeseriesBySlug('heartrate')!;
  const end = process.env.END ?? '2025-06-15';
  const q = { scope: { teamId: team!, environment: 'sandbox' as const }, userId: user!, range: parseTimeRange('2025-06-15', end), provider: '', after: null, limit: 10001 };
  const N = Number(process.env.N ?? 200);
  const forms: Record<string, ReturnType<typeof groupedPageStatement>> = {
    full: groupedPageStatement(spec, q),
    compact: groupedPageStatement(spec, q, { compact: true }),
  };
  if (process.env.PLAN) {
    for (const [form, st] of Object.entries(forms)) {
      for (let i = 0; i < 7; i++) await c.query({ name: `s_${form}`, text: toPgText(st.sql), values: st.bindings });
      const p = await c.query({ text: `explain analyze execute s_${form}(` + st.bindings.map((b) => (typeof b === 'number' ? String(b) : `'${b}'`)).join(',') + ')' });
      console.log(form + '\n' + p.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
  for (const form of (process.env.FORMS ?? 'full,compact,full,compact').split(',')) {
    const st = forms[form]!;
    const b0 = cpuSecondsOf(bpid)!;
    const n0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await c.query({ name: `s_${form}`, text: toPgText(st.sql), values: st.bindings, rowMode: 'array' });
    const n1 = process.cpuUsage(n0);
    const b1 = cpuSecondsOf(bpid)!;
    console.log(`${form.padEnd(8)} backend CPU ${(((b1 - b0) * 1000) / N).toFixed(2)} ms/q, node CPU ${((n1.user + n1.system) / 1000 / N).toFixed(2)} ms/q`);
  }
  await c.end();
}
void main();
