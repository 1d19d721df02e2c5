import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createLogger } from '../logger';
import { createHttpApp } from './app';
import { createMetricsRegistry } from './metrics';
import type { StagedFile } from './upload-store';

const KIB = 1024;
const MAX = 256 * KIB;
const BOUNDARY = 'XYZBOUNDARY';

const doc = {
  openapi: '3.0.3',
  info: { title: 'uploads', version: '1' },
  paths: {
    '/upload': {
      post: {
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, fail: { type: 'string' } },
              },
            },
          },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { detail?: { error_type?: string } } & Record<string, unknown>;
}

function partHead(field: string, filename?: string): Buffer {
  const disposition = filename
    ? `form-data; name="${field}"; filename="${filename}"`
    : `form-data; name="${field}"`;
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n` +
      (filename ? 'Content-Type: application/octet-stream\r\n' : '') +
      '\r\n',
  );
}

const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

describe('multipart uploads staged in a bounded temporary store', () => {
  let tmpDir: string;
  let server: http.Server;
  let port: number;
  /** What the route saw of each file: its path, size and whether it existed then. */
  let seen: Array<{ path: string; size: number; existed: boolean; bytes: number }>;

  async function start(upload: { storeBytes?: number } = {}) {
    const routes = express.Router();
    routes.post('/upload', (req, res) => {
      const files = (req.files as StagedFile[] | undefined) ?? [];
      for (const f of files) {
        const existed = fs.existsSync(f.path);
        seen.push({ path: f.path, size: f.size, existed, bytes: existed ? fs.statSync(f.path).size : -1 });
      }
      if ((req.body as { fail?: string }).fail === 'yes') throw new Error('handler failed');
      res.json({ files: files.length });
    });
    const app = createHttpApp({
      service: 'uploads',
      openapi: doc,
      logger: createLogger({ service: 'uploads', silent: true }),
      metrics: createMetricsRegistry('uploads'),
      readiness: {},
      routes,
      upload: { maxBytes: MAX, tooLargeErrorType: 'file_too_large', tmpDir, retryAfterSeconds: 7, ...upload },
    });
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }

  beforeEach(() => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-store-test-'));
    seen = [];
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  /** Every file the store ever wrote, wherever it is under the test's temporary directory. */
  function filesOnDisk(): string[] {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else found.push(full);
      }
    };
    walk(tmpDir);
    return found;
  }

  async function waitForNoFiles(): Promise<void> {
    const until = Date.now() + 5000;
    while (filesOnDisk().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(filesOnDisk()).toEqual([]);
  }

  /**
   * A multipart request with one file of `size` bytes, written in 16 KiB chunks. `chunked` omits the
   * Content-Length; `stopAfter` stops sending (without ending) once that many file bytes are out.
   */
  function send(opts: {
    size: number;
    fields?: Record<string, string>;
    chunked?: boolean;
    stopAfter?: number;
  }): { answer: Promise<Answer>; request: http.ClientRequest; sent: () => number } {
    const head = Buffer.concat([
      ...Object.entries(opts.fields ?? {}).map(([k, v]) =>
        Buffer.concat([partHead(k), Buffer.from(`${v}\r\n`)]),
      ),
      partHead('file', 'report.bin'),
    ]);
    const total = head.length + opts.size + TAIL.length;
    const headers: http.OutgoingHttpHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    if (!opts.chunked) headers['content-length'] = total;
    let sent = 0;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/upload', headers });
    const answer = new Promise<Answer>((resolve, reject) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Answer['body'],
          });
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    const chunk = Buffer.alloc(16 * KIB, 0x61);
    let stopped = false;
    const pump = () => {
      while (!stopped && sent < opts.size) {
        if (opts.stopAfter !== undefined && sent >= opts.stopAfter) return;
        const n = Math.min(chunk.length, opts.size - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!stopped && sent >= opts.size) {
        stopped = true;
        req.end(TAIL);
      }
    };
    req.on('close', () => {
      stopped = true;
    });
    req.write(head);
    pump();
    return { answer, request: req, sent: () => sent };
  }

  it('stages each file on disk for the handler and deletes it once the answer is sent', async () => {
    await start();
    const res = await send({ size: 100 * KIB }).answer;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ files: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ size: 100 * KIB, existed: true, bytes: 100 * KIB });
    expect(seen[0]!.path.startsWith(tmpDir)).toBe(true);
    await waitForNoFiles();
  });

  it('deletes the files when the handler fails', async () => {
    await start();
    const res = await send({ size: 10 * KIB, fields: { fail: 'yes' } }).answer;
    expect(res.status).toBe(500);
    expect(seen[0]?.existed).toBe(true);
    await waitForNoFiles();
  });

  it('refuses a declared length past the limit with 413 before reading the body', async () => {
    await start();
    const upload = send({ size: 4 * MAX + 4 * 1024 * KIB, stopAfter: 0 });
    const res = await upload.answer;
    expect(res.status).toBe(413);
    expect(res.body.detail?.error_type).toBe('file_too_large');
    expect(upload.sent()).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  it('cuts a body without a length off on disk as soon as it passes the limit (413 file_too_large)', async () => {
    await start();
    let largest = 0;
    const sampler = setInterval(() => {
      for (const f of filesOnDisk())
        largest = Math.max(largest, fs.statSync(f, { throwIfNoEntry: false })?.size ?? 0);
    }, 2);
    const res = await send({ size: 3 * MAX, chunked: true }).answer;
    clearInterval(sampler);
    expect(res.status).toBe(413);
    expect(res.body.detail?.error_type).toBe('file_too_large');
    expect(largest).toBeLessThanOrEqual(MAX);
    expect(seen).toEqual([]);
    await waitForNoFiles();
  });

  it('answers 503 with Retry-After while the store is full, and admits again once it has room', async () => {
    await start({ storeBytes: MAX });
    // Holds the whole store: declared at the limit, and not finished.
    const holder = send({ size: MAX - 4 * KIB, stopAfter: 32 * KIB });
    await new Promise((r) => setTimeout(r, 100));
    const refused = await send({ size: 10 * KIB }).answer;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.body.detail?.error_type).toBe('upload_capacity_exhausted');

    // The client holding the store goes away mid-upload: its partial file is deleted and its bytes freed.
    holder.request.destroy();
    await holder.answer.catch(() => undefined);
    await waitForNoFiles();
    let admitted: Answer | undefined;
    for (let i = 0; i < 50 && admitted?.status !== 200; i++) {
      admitted = await send({ size: 10 * KIB }).answer;
      if (admitted.status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(admitted?.status).toBe(200);
    await waitForNoFiles();
  });

  it('removes a partly written file when the client aborts mid-upload', async () => {
    await start();
    const upload = send({ size: MAX - 4 * KIB, stopAfter: 64 * KIB });
    const until = Date.now() + 5000;
    while (filesOnDisk().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(filesOnDisk()).toHaveLength(1);
    upload.request.destroy();
    await upload.answer.catch(() => undefined);
    await waitForNoFiles();
    expect(seen).toEqual([]);
  });
});
