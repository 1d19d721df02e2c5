import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InboundWebhook, WebhookResult } from '../../connector';

/**
 * Stands in for the data API's provider webhook route in connector tests: a plain HTTP server that hands
 * the raw request to a connector's `webhook.handle` and answers what it decided (challenge, 2xx, reject).
 */
export interface WebhookEndpoint {
  url: string;
  results: WebhookResult[];
  close(): Promise<void>;
}

export async function startWebhookEndpoint(
  handle: (req: InboundWebhook) => WebhookResult | Promise<WebhookResult>,
): Promise<WebhookEndpoint> {
  const results: WebhookResult[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const inbound: InboundWebhook = {
        method: req.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
        ),
        query: Object.fromEntries(url.searchParams),
        rawBody: Buffer.concat(chunks),
        url: url.toString(),
      };
      Promise.resolve(handle(inbound))
        .then((result) => {
          results.push(result);
          if (result.kind === 'rejected') {
            res
              .writeHead(result.status, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: result.reason }));
          } else if (result.kind === 'challenge') {
            const body = result.body === null || result.body === undefined ? '' : JSON.stringify(result.body);
            res
              .writeHead(
                result.status,
                body ? { 'content-type': result.contentType ?? 'application/json' } : {},
              )
              .end(body);
          } else {
            res.writeHead(result.status ?? 200).end();
          }
        })
        .catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    results,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
