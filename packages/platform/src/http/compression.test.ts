import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express, { type Express } from 'express';
import request from 'supertest';
import {
  brotliWindowBits,
  compressBuffer,
  jsonCompression,
  negotiateEncoding,
  sendJsonText,
} from './compression';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'gzip'],
    ['GZIP;Q=0.8, BR;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'gzip'],
    ['br, gzip;q=0.9', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['deflate, compress', null],
    ['identity', null],
    ['*', 'gzip'],
    ['*;q=0.3, br;q=0', 'gzip'],
    ['*;q=0', null],
    ['gzip;q=0.5, identity;q=1', null],
    ['gzip;q=1, identity;q=0.5', 'gzip'],
    ['gzip;q=abc', null],
    ['gzip;q=2', null],
    ['gzip;level=9', 'gzip'],
    [' ,  , gzip ,', 'gzip'],
    [['gzip;q=0.1', 'br;q=0.2'], 'br'],
  ])('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });

  it('follows the server preference on a tie', () => {
    expect(negotiateEncoding('gzip, br', ['gzip', 'br'])).toBe('gzip');
    expect(negotiateEncoding('gzip, br', ['br', 'gzip'])).toBe('br');
  });
});

describe('jsonCompression', () => {
  const big = { items: Array.from({ length: 400 }, (_, i) => ({ i, label: `item number ${i}`, ok: true })) };
  const bigText = JSON.stringify(big);

  function app(options: Parameters<typeof jsonCompression>[0] = {}) {
    const a = express();
    a.set('etag', false);
    a.use(jsonCompression(options));
    a.get('/big', (_req, res) => {
      res.json(big);
    });
    a.head('/big', (_req, res) => {
      res.json(big);
    });
    a.get('/small', (_req, res) => {
      res.json({ ok: true });
    });
    a.get('/text', (req, res) => sendJsonText(req, res, bigText));
    a.get('/bytes', (req, res) => sendJsonText(req, res, Buffer.from(bigText, 'utf8')));
    a.get('/created', (_req, res) => {
      res.status(201).type('application/problem+json').json(big);
    });
    a.get('/already', (_req, res) => {
      res.set('Content-Encoding', 'gzip').json(big);
    });
    a.get('/etag', (_req, res) => {
      res.set('ETag', '"v1"').json(big);
    });
    a.get('/html', (_req, res) => {
      res.type('html').send(`<p>${'x'.repeat(5000)}</p>`);
    });
    a.get('/empty', (_req, res) => {
      res.status(204).json(big);
    });
    return a;
  }

  interface RawResponse {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
  }

  /** The bytes on the wire (supertest would inflate them). */
  async function raw(a: Express, path: string, headers: Record<string, string> = {}, method = 'GET') {
    const server = a.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise<RawResponse>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    } finally {
      server.close();
    }
  }

  it.each([
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
  ] as const)(
    'compresses a large JSON answer with %s to the same bytes, length exact',
    async (coding, inflate) => {
      for (const path of ['/big', '/text', '/bytes']) {
        const res = await raw(app(), path, { 'Accept-Encoding': coding });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const body = res.body;
        expect(Number(res.headers['content-length'])).toBe(body.length);
        expect(body.length).toBeLessThan(bigText.length / 4);
        expect(inflate(body).toString('utf8')).toBe(bigText);
      }
    },
  );

  it('sends identity without Accept-Encoding, below the threshold, and when refused', async () => {
    for (const [path, ae] of [
      ['/big', undefined],
      ['/big', 'identity'],
      ['/big', 'br;q=0, gzip;q=0'],
      ['/small', 'gzip, br'],
      ['/bytes', undefined],
    ] as const) {
      const res = await raw(app(), path, ae ? { 'Accept-Encoding': ae } : {});
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(JSON.parse(res.body.toString('utf8'))).toEqual(path === '/small' ? { ok: true } : big);
    }
  });

  it('the threshold is configurable', async () => {
    const res = await raw(app({ threshold: 5 }), '/small', { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe('{"ok":true}');
  });

  it('keeps the status and a chosen type, adding the charset', async () => {
    const res = await raw(app(), '/created', { 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(zlib.gunzipSync(res.body).toString()).toBe(bigText);
  });

  it('never compresses twice, and leaves answers with validators and non-JSON answers alone', async () => {
    const already = await raw(app(), '/already', { 'Accept-Encoding': 'gzip' });
    expect(already.headers['content-encoding']).toBe('gzip');
    expect(already.body.toString('utf8')).toBe(bigText);
    const etag = await raw(app(), '/etag', { 'Accept-Encoding': 'gzip' });
    expect(etag.headers['content-encoding']).toBeUndefined();
    expect(etag.body.toString('utf8')).toBe(bigText);
    const html = await raw(app(), '/html', { 'Accept-Encoding': 'gzip' });
    expect(html.headers['content-encoding']).toBeUndefined();
    expect(html.headers['vary']).toBeUndefined();
    const empty = await request(app()).get('/empty').set('Accept-Encoding', 'gzip');
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });

  it('HEAD answers the headers of the GET, without a body', async () => {
    const get = await raw(app(), '/big', { 'Accept-Encoding': 'gzip' });
    const head = await raw(app(), '/big', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body.length).toBe(0);
  });
});

describe('compressBuffer', () => {
  it('sizes the brotli window to the body: the smallest that holds it, 10 to 24 bits', () => {
    expect(brotliWindowBits(0)).toBe(10);
    expect(brotliWindowBits(1023)).toBe(10);
    expect(brotliWindowBits(1024)).toBe(11);
    expect(brotliWindowBits(162_706)).toBe(18);
    expect(brotliWindowBits(1_128_358)).toBe(21);
    expect(brotliWindowBits(64 * 1024 * 1024)).toBe(24);
    for (const n of [1, 1000, 65_536, 300_000]) expect(2 ** brotliWindowBits(n)).toBeGreaterThan(n);
  });

  it('round-trips bodies around the window sizes in both codings, as small as with the default window (within its header)', async () => {
    for (const size of [1_100, 65_535, 65_536, 162_706, 600_000]) {
      const body = Buffer.from(
        JSON.stringify(
          Array.from({ length: Math.ceil(size / 40) }, (_, i) => ({ t: i * 60, v: 60 + (i % 37) })),
        ).slice(0, size),
      );
      const br = await compressBuffer(body, 'br');
      expect(zlib.brotliDecompressSync(br).equals(body)).toBe(true);
      const defaultWindow = zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      expect(br.length).toBeLessThanOrEqual(defaultWindow.length + 16); // the stream header names the window
      expect(zlib.gunzipSync(await compressBuffer(body, 'gzip')).equals(body)).toBe(true);
    }
  });
});
