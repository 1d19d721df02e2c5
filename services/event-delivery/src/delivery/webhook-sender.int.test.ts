import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTargetAllowList } from '@meridian/platform';
import { createWebhookSender, RESPONSE_BODY_LIMIT, sendFailureKind } from './webhook-sender';

describe('webhook sender', () => {
  let server: Server;
  let baseUrl: string;
  const clientPorts: number[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      clientPorts.push(req.socket.remotePort ?? 0);
      req.resume();
      req.on('end', () => {
        if (req.url === '/slow') return; // never answers
        if (req.url === '/big') {
          res.setHeader('retry-after', '7');
          res.statusCode = 429;
          res.end('x'.repeat(5000));
          return;
        }
        res.statusCode = 200;
        res.end(JSON.stringify({ got: req.headers['content-type'], length: req.headers['content-length'] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const sender = createWebhookSender({ allowList: createTargetAllowList(['127.0.0.1']), timeoutMs: 300 });

  it('POSTs JSON with a length and reuses the connection for the next delivery', async () => {
    clientPorts.length = 0;
    const body = JSON.stringify({ é: 'ü' });
    const first = await sender({ url: `${baseUrl}/a`, headers: { 'x-a': '1' }, body });
    const second = await sender({ url: `${baseUrl}/b`, headers: {}, body });
    expect(first).toMatchObject({ statusCode: 200 });
    expect(JSON.parse(first.body)).toEqual({
      got: 'application/json',
      length: String(Buffer.byteLength(body)),
    });
    expect(second.statusCode).toBe(200);
    expect(clientPorts).toHaveLength(2);
    expect(clientPorts[1]).toBe(clientPorts[0]);
  });

  it('keeps the first KiB of a long answer and its headers', async () => {
    const res = await sender({ url: `${baseUrl}/big`, headers: {}, body: '{}' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.body).toBe('x'.repeat(RESPONSE_BODY_LIMIT));
  });

  it('fails a request not answered in time as a timeout, and a refused target as refused', async () => {
    const slow = await sender({ url: `${baseUrl}/slow`, headers: {}, body: '{}' }).catch(
      (err: unknown) => err,
    );
    expect(slow).toBeInstanceOf(Error);
    expect(sendFailureKind(slow)).toBe('timeout');

    const strict = createWebhookSender({ allowList: createTargetAllowList([]) });
    const refused = await strict({ url: `${baseUrl}/a`, headers: {}, body: '{}' }).catch(
      (err: unknown) => err,
    );
    expect(sendFailureKind(refused)).toBe('refused');

    const closed = await sender({ url: 'http://127.0.0.1:1/', headers: {}, body: '{}' }).catch(
      (err: unknown) => err,
    );
    expect(sendFailureKind(closed)).toBe('network');
  });
});
