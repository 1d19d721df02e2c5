/**
 * The probes' own checks, without services: they must flag what they are there to find (a 5xx, an HTML
 * page, a stack trace, SQL, a body in no documented form, a value in a log line), and a fuzz run must be
 * reproducible from its seed and cover every operation with every kind of input.
 */
import { buildCase, FUZZ_KINDS, type FuzzContext } from './support/fuzz-cases';
import { casePlan } from './support/fuzz-runner';
import { loadApiDocument } from './support/openapi-operations';
import { createPrng } from './support/prng';
import type { RawResponse } from './support/raw-http';
import { checkResponse, isErrorForm } from './support/response-checks';
import { scanForInternals, scanForValues } from './support/log-scan';

const json = (status: number, body: unknown, type = 'application/json; charset=utf-8'): RawResponse => ({
  status,
  headers: { 'content-type': type },
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  ms: 1,
});

describe('probe checks', () => {
  const data = loadApiDocument('data');
  const getUser = data.operations.find((o) => o.method === 'get' && o.path === '/v2/user/{user_id}')!;

  it('accepts the three documented error forms', () => {
    expect(isErrorForm({ detail: { error_type: 'not_found', error_message: 'Not found.' } })).toBe(true);
    expect(
      isErrorForm({
        detail: [{ loc: ['path', 'user_id'], msg: 'bad', type: 'uuid_parsing', input: 'x', ctx: {} }],
      }),
    ).toBe(true);
    expect(isErrorForm({ success: false, user_id: 'u', error: 'e', failed_sources: null })).toBe(true);
    expect(isErrorForm({ detail: 'bad signature' })).toBe(false);
    expect(isErrorForm({ detail: [{ loc: ['body'], msg: 'm', type: 't' }] })).toBe(false);
    expect(isErrorForm({ error: 'Bad Request' })).toBe(false);
  });

  it('flags a 5xx, a dropped connection, an HTML page, a stack trace, SQL and a non-JSON error', () => {
    const check = (res: RawResponse) => checkResponse(res, getUser, data.resolve).findings;
    expect(check(json(404, { detail: { error_type: 'not_found', error_message: 'Not found.' } }))).toEqual(
      [],
    );
    expect(check(json(500, { detail: { error_type: 'internal_error', error_message: 'x' } }))).toContain(
      'server_error',
    );
    expect(check({ status: 0, headers: {}, body: Buffer.alloc(0), error: 'ECONNRESET', ms: 1 })).toEqual([
      'no_response',
    ]);
    const html = check(
      json(
        400,
        '<!DOCTYPE html><html><body><pre>SyntaxError<br> &nbsp;at parse (/work/main/node_modules/body-parser/lib/types/json.js:92:19)</pre></body></html>',
        'text/html',
      ),
    );
    expect(html).toEqual(
      expect.arrayContaining(['html_body', 'leak_stack_trace', 'leak_file_path', 'not_json']),
    );
    const sql = check(
      json(422, {
        detail: [
          {
            loc: ['body'],
            msg: 'select "id" from "users" where "id" = $1 - invalid input syntax for type uuid',
            type: 'x',
            input: null,
            ctx: {},
          },
        ],
      }),
    );
    expect(sql).toContain('leak_sql');
    expect(check(json(401, { detail: 'bad x-oura-signature' }))).toContain('error_shape');
  });

  it('finds logged values (also JSON-escaped, numbers only as whole numbers) and masks them', () => {
    const values = new Map([
      ['probe-patient-1a2b', 'client_user_id'],
      ['108.24', 'lab value'],
      ['Zoë "Q"', 'name'],
    ]);
    const lines = [
      '{"message":"request","duration_ms":108.2481}',
      '{"message":"user created","client_user_id":"probe-patient-1a2b"}',
      '{"message":"parsed","value":108.24}',
      '{"message":"hello","who":"Zoë \\"Q\\""}',
    ];
    const found = scanForValues(lines, values);
    expect(found.map((f) => f.what)).toEqual(['client_user_id', 'lab value', 'name']);
    expect(found.every((f) => !f.line.includes('probe-patient-1a2b'))).toBe(true);
    expect(
      scanForInternals(['{"err":{"stack":"Error: x\\n    at run (/work/main/src/a.ts:1:2)"}}']),
    ).not.toEqual([]);
    expect(scanForInternals(['{"message":"request","route":"/v2/user/{user_id}","status":404}'])).toEqual([]);
  });
});

describe('fuzz plan and cases', () => {
  const docs = { data: loadApiDocument('data'), management: loadApiDocument('management') };
  const operations = [...docs.data.operations, ...docs.management.operations];
  const ctx = (): FuzzContext => ({
    auth: { data: 'sk_us_probe', link: 'lt_probe', management: 'mg_probe' },
    known: { data: { user_id: '11111111-1111-4111-8111-111111111111' }, management: {} },
    spare: { data: {}, management: {} },
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    resolve: { data: docs.data.resolve, management: docs.management.resolve },
    sensitive: new Set(),
  });

  it('covers every operation of both documents with every kind, once, in the default run', () => {
    const plan = casePlan(operations, operations.length * FUZZ_KINDS.length, 42);
    const pairs = new Set(plan.map(([op, kind]) => `${op.api} ${op.method} ${op.path} ${kind}`));
    expect(pairs.size).toBe(operations.length * FUZZ_KINDS.length);
  });

  it('builds the same request from the same seed and index', () => {
    const plan = casePlan(operations, 300, 7);
    const build = (i: number) => {
      const [op, kind] = plan[i]!;
      const c = buildCase(op, kind, createPrng(7).fork(i), ctx(), operations).request;
      return { ...c, body: c.body?.toString('base64') };
    };
    for (const i of [0, 17, 299]) expect(build(i)).toEqual(build(i));
    expect(build(1)).not.toEqual(build(2));
  });
});
