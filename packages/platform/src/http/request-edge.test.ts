import zlib from 'node:zlib';
import request from 'supertest';
import { createEdgeApp, rawRequest } from '../testing/edge-app';
import { findLoneSurrogate, findNul, jsonNestingDepth, MAX_JSON_DEPTH, scanJsonText } from './request-edge';

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);

/** A JSON error answer: the envelope or the 422 list, never HTML, never a stack or a file path. */
function expectJsonError(
  res: { status: number; headers: Record<string, unknown>; text: string },
  status: number,
) {
  expect(res.status).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.text).not.toMatch(/<html|<pre>|\bat .*\.[tj]s:\d+|\/srv\/|node_modules/i);
  return JSON.parse(res.text) as { detail: { error_type?: string; loc?: string[] } & unknown[] };
}

describe('jsonNestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(jsonNestingDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonNestingDepth('{"a":"\\"[[[[\\\\"}')).toBe(1);
    expect(jsonNestingDepth(nested(5000))).toBe(5000);
  });

  it('stops counting once past the limit', () => {
    expect(jsonNestingDepth(nested(5000), 64)).toBe(65);
  });
});

describe('scanJsonText', () => {
  it('notes a \\u0000 escape in a value or a key, not an escaped backslash followed by u0000', () => {
    expect(scanJsonText('{"a":"x\\u0000"}').nulEscape).toBe(true);
    expect(scanJsonText('{"k\\u0000":1}').nulEscape).toBe(true);
    expect(scanJsonText('{"a":"\\\\u0000"}').nulEscape).toBe(false);
    expect(scanJsonText('{"a":"\\u00001","b":"u0000"}').nulEscape).toBe(true);
    expect(scanJsonText('{"a":"\\u0001 u0000"}')).toEqual({
      depth: 1,
      nulEscape: false,
      surrogateEscape: false,
    });
  });
});

describe('surrogate escapes', () => {
  it('notes a \\uD800-\\uDFFF escape in either case, not other escapes or an escaped backslash', () => {
    expect(scanJsonText('{"a":"x\\ud800"}').surrogateEscape).toBe(true);
    expect(scanJsonText('{"a":"\\uDFFF"}').surrogateEscape).toBe(true);
    expect(scanJsonText('{"a":"\\ud83d\\ude00"}').surrogateEscape).toBe(true);
    expect(scanJsonText('{"a":"\\ud7ff \\ue000 \\u00e9"}').surrogateEscape).toBe(false);
    expect(scanJsonText('{"a":"\\\\ud800"}').surrogateEscape).toBe(false);
  });

  it('finds an unpaired surrogate in values and keys, not a well-formed pair', () => {
    expect(findLoneSurrogate({ a: ['ok \ud83d\ude00', { b: 'x\ud800y' }] }, ['body'])).toEqual([
      'body',
      'a',
      '1',
      'b',
    ]);
    expect(findLoneSurrogate({ ['k\udc00']: 1 }, ['body'])).toEqual(['body', 'k\udc00']);
    expect(findLoneSurrogate({ a: '\ud83d\ude00', b: 1, c: null }, ['body'])).toBeNull();
  });
});

describe('findNul', () => {
  it('finds a NUL in nested values and keys, with its location', () => {
    expect(findNul({ a: [{ b: 'ok' }, { c: 'x\u0000' }] }, ['body'])).toEqual(['body', 'a', '1', 'c']);
    expect(findNul({ a: { 'k\u0000': 1 } }, ['query'])).toEqual(['query', 'a', 'k\u0000']);
    expect(findNul({ a: ['fine', 2, null, true] }, ['body'])).toBeNull();
  });
});

describe('the HTTP edge (before authentication)', () => {
  const edge = createEdgeApp();
  const app = edge.app;

  async function beforeAuth<T>(call: () => Promise<T>): Promise<T> {
    const before = edge.guardCalls();
    const res = await call();
    expect(edge.guardCalls()).toBe(before);
    return res;
  }

  it('answers a malformed percent-escape in the path with 400 malformed_path', async () => {
    for (const path of ['/items/%ZZ', '/items/%E0%A4%A', '/nothing/%', '/docs/%ZZ']) {
      const res = await beforeAuth(() => request(app).get(path));
      expect(expectJsonError(res, 400).detail).toEqual({
        error_type: 'malformed_path',
        error_message: 'The request path holds a malformed percent-escape.',
      });
    }
  });

  it.each([
    ['the path', () => request(app).get('/items/ab%00c'), ['path']],
    ['a query value', () => request(app).get('/items?limit=5&q=a%00b'), ['query', 'q']],
    ['a nested query value', () => request(app).get('/items?f[x]=%00'), ['query', 'f', 'x']],
    ['a query key', () => request(app).get('/items?a%00=1'), ['query', 'a\u0000']],
    ['a body string', () => request(app).post('/items').send({ name: 'a\u0000b' }), ['body', 'name']],
    [
      'a nested body string',
      () =>
        request(app)
          .post('/items')
          .send({ name: 'n', extra: { list: ['ok', 'x\u0000'] } }),
      ['body', 'extra', 'list', '1'],
    ],
    [
      'a body key',
      () =>
        request(app)
          .post('/items')
          .send({ name: 'n', extra: { 'k\u0000': 1 } }),
      ['body', 'extra', 'k\u0000'],
    ],
  ])('refuses a NUL character in %s with 400 nul_character', async (_where, call, loc) => {
    const res = await beforeAuth(call);
    const body = expectJsonError(res, 400);
    expect(body.detail).toMatchObject({ error_type: 'nul_character', loc });
  });

  it('refuses a NUL in a multipart field or file name (after the multipart reader, before any handler)', async () => {
    const field = await request(app)
      .post('/upload')
      .set('x-key', 'k')
      .field('note', 'a\u0000b')
      .attach('file', Buffer.from('hello'), 'a.txt');
    expect(expectJsonError(field, 400).detail).toMatchObject({
      error_type: 'nul_character',
      loc: ['body', 'note'],
    });
    // A raw NUL in a part header is malformed multipart; an RFC 2231 `filename*` can encode one.
    const name = await request(app)
      .post('/upload')
      .set('x-key', 'k')
      .set('content-type', 'multipart/form-data; boundary=XYZ')
      .send(
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8\'\'a%00.txt\r\n' +
          'Content-Type: text/plain\r\n\r\nhello\r\n--XYZ--\r\n',
      );
    expect(expectJsonError(name, 400).detail).toMatchObject({
      error_type: 'nul_character',
      loc: ['body', 'filename', '0'],
    });
    const raw = await request(app)
      .post('/upload')
      .set('x-key', 'k')
      .attach('file', Buffer.from('hello'), 'a\u0000.txt');
    expect(expectJsonError(raw, 400).detail.error_type).toBe('invalid_multipart');
    const fine = await request(app)
      .post('/upload')
      .set('x-key', 'k')
      .field('note', 'n')
      .attach('file', Buffer.from('x'), 'a.txt');
    expect(fine.status).toBe(200);
    expect(fine.body).toEqual({ note: 'n', files: ['a.txt'] });
  });

  it.each(['gzip', 'deflate', 'br'])(
    'answers a body that does not decode as %s with 400 invalid_content_encoding',
    async (coding) => {
      const res = await beforeAuth(() =>
        rawRequest(app, {
          method: 'POST',
          path: '/items',
          headers: { 'content-type': 'application/json', 'content-encoding': coding },
          body: `not ${coding}`,
        }),
      );
      expect(expectJsonError(res, 400).detail).toEqual({
        error_type: 'invalid_content_encoding',
        error_message: 'The request body does not decode as its Content-Encoding says.',
      });
    },
  );

  it('decodes gzip, deflate and br JSON bodies', async () => {
    const json = JSON.stringify({ name: 'compressed' });
    for (const [coding, body] of [
      ['gzip', zlib.gzipSync(json)],
      ['deflate', zlib.deflateSync(json)],
      ['br', zlib.brotliCompressSync(json)],
    ] as const) {
      const res = await rawRequest(app, {
        method: 'POST',
        path: '/items',
        headers: { 'content-type': 'application/json', 'content-encoding': coding, 'x-key': 'k' },
        body,
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ name: 'compressed' });
    }
  });

  it('refuses unknown content codings and compressed non-JSON bodies with 400 unsupported_content_encoding', async () => {
    const unknown = await beforeAuth(() =>
      rawRequest(app, {
        method: 'POST',
        path: '/items',
        headers: { 'content-type': 'application/json', 'content-encoding': 'zstd, gzip' },
        body: 'x',
      }),
    );
    expect(expectJsonError(unknown, 400).detail.error_type).toBe('unsupported_content_encoding');
    const multipart = await beforeAuth(() =>
      rawRequest(app, {
        method: 'POST',
        path: '/upload',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-encoding': 'gzip' },
        body: 'not gzip',
      }),
    );
    expect(expectJsonError(multipart, 400).detail.error_type).toBe('unsupported_content_encoding');
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400 json_too_deep, as JSON`, async () => {
    for (const depth of [MAX_JSON_DEPTH, 5000]) {
      const res = await beforeAuth(() =>
        request(app)
          .post('/items')
          .set('content-type', 'application/json')
          .send(`{"extra":${nested(depth)}}`),
      );
      expect(expectJsonError(res, 400).detail).toEqual({
        error_type: 'json_too_deep',
        error_message: `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
      });
    }
    // The object itself is one level: MAX_JSON_DEPTH - 1 arrays inside it is the deepest accepted.
    const deepest = await request(app)
      .post('/items')
      .set('x-key', 'k')
      .set('content-type', 'application/json')
      .send(`{"name":"n","extra":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(deepest.status).toBe(200);
    // Without a name the validator's 422 echoes the deep input: the error mapper answers it as JSON.
    const invalid = await request(app)
      .post('/items')
      .set('x-key', 'k')
      .set('content-type', 'application/json')
      .send(`{"extra":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect(expectJsonError(invalid, 422).detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'missing' });
  });

  it('answers a malformed multipart body with 400 invalid_multipart', async () => {
    const bodies: Array<[string, string]> = [
      [
        'multipart/form-data; boundary=XYZ',
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc',
      ],
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nno header terminator'],
      ['multipart/form-data', 'no boundary at all'],
    ];
    for (const [contentType, body] of bodies) {
      const res = await request(app)
        .post('/upload')
        .set('x-key', 'k')
        .set('content-type', contentType)
        .send(body);
      expect(expectJsonError(res, 400).detail).toEqual({
        error_type: 'invalid_multipart',
        error_message: 'The multipart/form-data body is malformed.',
      });
    }
  });
});

describe('numbers from the query string', () => {
  const { app } = createEdgeApp();

  it.each(['1e309', '-1e309', '1e400'])(
    'refuses %s (coerced to ±Infinity) with 422 finite_number',
    async (value) => {
      const res = await request(app).get(`/items?limit=${value}`).set('x-key', 'k');
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ['query', 'limit'],
          msg: 'Input should be a finite number',
          type: 'finite_number',
          input: value,
          ctx: {},
        },
      ]);
    },
  );

  it('keeps integers within their bounds', async () => {
    expect((await request(app).get('/items?limit=1e3').set('x-key', 'k')).body.detail[0]).toMatchObject({
      loc: ['query', 'limit'],
      type: 'less_than_equal',
    });
    expect((await request(app).get('/items?limit=2.5').set('x-key', 'k')).body.detail[0].type).toBe(
      'int_type',
    );
    const ok = await request(app).get('/items?limit=250').set('x-key', 'k');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ limit: 250 });
  });
});

describe('every error path answers JSON', () => {
  const { app } = createEdgeApp();

  it('answers thrown non-Error values as JSON, without their text', async () => {
    for (const what of ['string', 'object', 'error', 'unserializable']) {
      const res = await request(app).get(`/throws/${what}`).set('x-key', 'k');
      expect(expectJsonError(res, 500).detail).toMatchObject({ error_type: 'internal_error' });
    }
    // `throw undefined` reads as "no error" to Express: the request falls through to the JSON 404.
    const undef = await request(app).get('/throws/undefined').set('x-key', 'k');
    expect(expectJsonError(undef, 404).detail).toEqual({
      error_type: 'not_found',
      error_message: 'Not found.',
    });
  });

  it('answers unknown files under /docs with the JSON 404', async () => {
    for (const path of ['/docs/package.json', '/docs/index.html', '/docs/swagger-initializer.js']) {
      const res = await request(app).get(path).set('x-key', 'k');
      expect(expectJsonError(res, 404).detail.error_type).toBe('not_found');
    }
  });
});
