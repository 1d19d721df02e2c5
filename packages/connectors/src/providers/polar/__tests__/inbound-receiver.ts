import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InboundWebhook } from '../../../connector';

/**
 * A local HTTP endpoint standing in for Meridian's provider-webhook route in connector tests: it keeps
 * every request as an `InboundWebhook` (raw body, headers, URL) and answers what `answer` returns, so an
 * emulator sees a real receiver (Polar's creation PING must get a 200).
 */
export interface InboundReceiver {
  url: string;
  received: InboundWebhook[];
  close(): Promise<void>;
}

export async function startInboundReceiver(
  answer: (req: InboundWebhook) => number | Promise<number> = () => 200,
): Promise<InboundReceiver> {
  const received: InboundWebhook[] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const inbound: InboundWebhook = {
        method: req.method ?? 'POST',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
        ),
        query: Object.fromEntries(url.searchParams.entries()),
        rawBody: Buffer.concat(chunks),
        url: url.toString(),
      };
      received.push(inbound);
      void Promise.resolve(answer(inbound)).then((status) => {
        res.statusCode = status;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/webhooks/provider`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
