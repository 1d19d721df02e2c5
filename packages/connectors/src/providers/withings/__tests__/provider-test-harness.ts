import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@meridian/domain';
import { createIngestion, type Ingestion } from '@meridian/ingestion';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import type {
  ClientCredentials,
  FetchPage,
  InboundWebhook,
  WebhookResult,
  WebhookSpec,
} from '../../../connector';

/** A test database with a team, the real ingestion and a user to ingest into. */
export async function createIngestionTarget(clock: () => Date): Promise<{
  db: TestDatabase;
  ingestion: Ingestion;
  insertUser(): Promise<string>;
}> {
  const db = await createTestDatabase();
  const org = await seedOrg(db.knex);
  const teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  const ingestion = createIngestion({ db: db.knex, clock });
  return {
    db,
    ingestion,
    async insertUser() {
      const id = newId();
      await db
        .knex('users')
        .insert({ id, team_id: teamId, environment: 'sandbox', client_user_id: `client-${id}` });
      return id;
    },
  };
}

export async function ingestPages(ingestion: Ingestion, userId: string, pages: FetchPage[]) {
  let created = 0;
  let updated = 0;
  for (const p of pages) {
    const r = await ingestion.ingest({
      userId,
      mode: 'historical',
      timeseries: p.timeseries,
      summaries: p.summaries,
      workoutStreams: p.workoutStreams,
    });
    created += r.created;
    updated += r.updated;
  }
  return { created, updated };
}

/** A local HTTP endpoint that hands every request to a connector's webhook handler, as the data API does. */
export async function startWebhookEndpoint(
  spec: WebhookSpec,
  client: ClientCredentials,
): Promise<{ url: string; results: WebhookResult[]; close(): Promise<void> }> {
  const results: WebhookResult[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const inbound: InboundWebhook = {
        method: req.method ?? 'GET',
        headers,
        query: Object.fromEntries(url.searchParams),
        rawBody: Buffer.concat(chunks),
        url: url.toString(),
      };
      void Promise.resolve(spec.handle(inbound, client)).then((result) => {
        results.push(result);
        const status = result.kind === 'rejected' ? result.status : (result.status ?? 200);
        res.statusCode = status;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/provider`,
    results,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
