import net from 'node:net';
import type { Logger } from '../logger';
import { createEdgeApp } from '../testing/edge-app';
import { serveHttp, type RunningService } from './serve';

interface LogEntry {
  level: string;
  message: string;
  meta: Record<string, unknown>;
}

/** A logger that keeps what it is given. */
function recordingLogger(): { logger: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at =
    (level: string) =>
    (message: string, meta: Record<string, unknown> = {}) => {
      entries.push({ level, message, meta });
    };
  const logger = {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
    isLevelEnabled: () => true,
  };
  return { logger: logger as unknown as Logger, entries };
}

/** Writes `data` on a fresh connection and reads until the server closes it (or `destroyAfterMs`). */
function exchange(url: string, data: string | Buffer, destroyAfterMs?: number): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(data);
      if (destroyAfterMs !== undefined) setTimeout(() => socket.destroy(), destroyAfterMs);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('serveHttp', () => {
  const { logger, entries } = recordingLogger();
  let service: RunningService;

  beforeAll(async () => {
    service = await serveHttp(createEdgeApp(logger).app, {
      name: 'edge',
      host: '127.0.0.1',
      port: 0,
      logger,
    });
  });
  afterAll(() => service.close());
  beforeEach(() => {
    entries.length = 0;
  });

  describe('requests Node refuses before the app', () => {
    it('answers a 1 MB query string with 414 and the JSON envelope', async () => {
      const raw = await exchange(
        service.url,
        `GET /items?q=${'a'.repeat(1024 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      const res = parseResponse(raw);
      expect(res.status).toBe(414);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      expect(JSON.parse(res.body)).toEqual({
        detail: {
          error_type: 'uri_too_long',
          error_message:
            'The request URI is too long: the request line and headers may hold 16384 bytes together.',
        },
      });
    });

    it('answers a 20 KB path with 414', async () => {
      const raw = await exchange(service.url, `GET /items/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(parseResponse(raw).status).toBe(414);
    });

    it.each([
      ['one huge header', `X-Big: ${'a'.repeat(1024 * 1024)}\r\n`],
      ['a 20 KB header', `X-Big: ${'a'.repeat(20_000)}\r\n`],
    ])('answers %s with 431 and the JSON envelope', async (_name, header) => {
      const raw = await exchange(service.url, `GET /items HTTP/1.1\r\nHost: x\r\n${header}\r\n`);
      const res = parseResponse(raw);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        detail: {
          error_type: 'request_header_fields_too_large',
          error_message:
            'The request headers are too large: the request line and headers may hold 16384 bytes together.',
        },
      });
    });

    it('answers a request that is not HTTP with 400 and the JSON envelope', async () => {
      const raw = await exchange(service.url, 'GET / HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n');
      const res = parseResponse(raw);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        detail: { error_type: 'bad_request', error_message: 'The request is not valid HTTP.' },
      });
    });
  });

  describe('requests the client aborts', () => {
    const aborted = () => entries.filter((e) => e.message === 'request aborted');

    it.each([
      [
        'a JSON body cut short',
        'POST /items HTTP/1.1\r\nHost: x\r\nx-key: k\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":',
      ],
      [
        'a multipart upload cut short',
        'POST /upload HTTP/1.1\r\nHost: x\r\nx-key: k\r\nContent-Type: multipart/form-data; boundary=XYZ\r\n' +
          'Content-Length: 100000\r\n\r\n--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7',
      ],
    ])('logs %s once, at info, without an error or a stack trace', async (_name, partial) => {
      await exchange(service.url, partial, 100);
      await until(() => aborted().length > 0);
      // Give a second log line (from any other path) the chance to appear before counting.
      await new Promise((r) => setTimeout(r, 200));
      expect(aborted()).toEqual([
        { level: 'info', message: 'request aborted', meta: { method: 'POST', route: expect.any(String) } },
      ]);
      expect(entries.filter((e) => e.level === 'error' || e.level === 'warn')).toEqual([]);
      expect(JSON.stringify(entries)).not.toMatch(/stack|\.ts:\d+/);
    });
  });
});

describe('serveHttp timeouts (slow clients)', () => {
  const { logger } = recordingLogger();
  let service: RunningService;

  beforeAll(async () => {
    service = await serveHttp(createEdgeApp(logger).app, {
      name: 'edge',
      host: '127.0.0.1',
      port: 0,
      logger,
      timeouts: { headersMs: 600, requestMs: 1_200, keepAliveMs: 5_000 },
    });
  });
  afterAll(() => service.close());

  /** Opens a connection, writes `first`, then trickles `drip` every 100 ms; resolves when the server closes it. */
  function slowClient(first: string, drip: string): Promise<{ closedAfterMs: number; raw: string }> {
    const { hostname, port } = new URL(service.url);
    const started = Date.now();
    return new Promise((resolve) => {
      let raw = '';
      const socket = net.connect(Number(port), hostname, () => socket.write(first));
      const timer = setInterval(() => socket.write(drip), 100);
      socket.on('data', (c: Buffer) => (raw += c.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ closedAfterMs: Date.now() - started, raw });
      });
      setTimeout(() => socket.destroy(), 10_000);
    });
  }

  it('cuts a client that trickles its headers once the header deadline passes', async () => {
    const { closedAfterMs, raw } = await slowClient('GET /items HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n');
    expect(closedAfterMs).toBeLessThan(3_000);
    expect(parseResponse(raw).status).toBe(408);
  });

  it('cuts a client that trickles its body once the request deadline passes', async () => {
    const { closedAfterMs } = await slowClient(
      'POST /items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      'a',
    );
    expect(closedAfterMs).toBeLessThan(4_000);
  });
});
