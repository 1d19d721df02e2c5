/**
 * Every date and date-time parameter of both documents (path, query, body), each sent with every
 * impossible value of its kind: a date that does not exist, a month 13, an hour 25, an offset of +99:00,
 * a year past what Date and PostgreSQL hold. Systematic where the fuzz samples: each must be refused with a
 * 4xx in a documented form.
 */
import { buildCase, type FuzzCase, type FuzzContext, type Known } from './fuzz-cases';
import type { ApiDocument, ApiName } from './openapi-operations';
import { createPrng } from './prng';

export const IMPOSSIBLE: Record<'date' | 'date-time', readonly string[]> = {
  date: ['2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '0000-01-01', '275760-09-14', '2026-1-1'],
  'date-time': [
    '2026-02-30T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-01-01T25:00:00Z',
    '2026-01-01T10:61:00Z',
    '2026-01-01T00:00:00+99:00',
    '2026-01-01T00:00:00-24:30',
    '+275760-09-13T00:00:00.001Z',
    '2026-01-01T10:00:00',
  ],
};

export interface FormatCase {
  fuzzCase: FuzzCase;
  /** `query.start` / `body.since` ← value. */
  detail: string;
}

export function impossibleDateCases(docs: Record<ApiName, ApiDocument>, ctx: FuzzContext): FormatCase[] {
  const all = [...docs.data.operations, ...docs.management.operations];
  const out: FormatCase[] = [];
  let n = 0;
  for (const op of all) {
    const resolve = docs[op.api].resolve;
    const targets: Array<{ where: string; name: string; format: 'date' | 'date-time' }> = [];
    for (const p of op.parameters) {
      const format = resolve(p.schema).format;
      if ((format === 'date' || format === 'date-time') && p.in !== 'header')
        targets.push({ where: p.in, name: p.name, format });
    }
    if (op.body && !op.body.contentType.startsWith('multipart/'))
      for (const [name, s] of Object.entries(resolve(op.body.schema).properties ?? {})) {
        const format = resolve(s).format;
        if (format === 'date' || format === 'date-time') targets.push({ where: 'body', name, format });
      }
    for (const t of targets)
      for (const value of IMPOSSIBLE[t.format]) {
        const known: Known = { ...ctx.known[op.api], [t.name]: value };
        // A valid request (only what is required, plus the known values) whose one date is impossible.
        const c = buildCase(
          op,
          'valid',
          createPrng(0xda7e).fork(n++),
          { ...ctx, known: { ...ctx.known, [op.api]: known }, minimal: true },
          all,
        );
        const detail = `${t.where}.${t.name} ← ${value}`;
        out.push({ fuzzCase: { ...c, kind: 'bad_date', detail }, detail });
      }
  }
  return out;
}
