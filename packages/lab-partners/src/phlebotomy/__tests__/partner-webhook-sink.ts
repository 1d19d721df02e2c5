/**
 * Stands in for Meridian's partner webhook route in tests: reads the raw body, lets the adapter verify and
 * parse it, answers 204 (accepted), 401 (signature refused) or 400 (bad body), and records each outcome.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PhlebotomyPartnerError, WebhookSignatureError } from '../errors';
import type { PartnerWebhookEvent, PhlebotomyPartner } from '../phlebotomy-partner';

export interface WebhookSink {
  url: string;
  accepted: PartnerWebhookEvent[];
  refused: PhlebotomyPartnerError[];
  close(): Promise<void>;
}

export async function startWebhookSink(partner: PhlebotomyPartner): Promise<WebhookSink> {
  const accepted: PartnerWebhookEvent[] = [];
  const refused: PhlebotomyPartnerError[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        accepted.push(partner.parseWebhook({ headers: req.headers, rawBody: Buffer.concat(chunks) }));
        res.statusCode = 204;
      } catch (err) {
        if (!(err instanceof PhlebotomyPartnerError)) throw err;
        refused.push(err);
        res.statusCode = err instanceof WebhookSignatureError ? 401 : 400;
      }
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    accepted,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
