import { newId } from '@meridian/domain';
import { createIngestion, type IngestResult, type Ingestion } from '@meridian/ingestion';
import type { RunningEmulator } from '@meridian/provider-emulators';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import type {
  Connector,
  ConnectorContext,
  FetchPage,
  FetchRequest,
  OAuthSpec,
  ProviderTokens,
  StreamSpec,
} from '../../connector';
import { buildAuthorizeUrl } from '../../oauth';
import { createConnectorContext } from '../../registry';

/**
 * Shared steps of the connector integration tests: a context on a running emulator, the OAuth dance with
 * auto-consent, paging a stream over a window, and the real ingestion path into a per-file database.
 */

export function contextFor(running: RunningEmulator, now: () => Date): ConnectorContext {
  return createConnectorContext({
    settings: { apiUrl: running.apiUrl, authUrl: running.authUrl },
    client: running.emulator.client,
    allowList: null,
    now,
  });
}

export const REDIRECT_URI = 'https://app.example.test/oauth/callback';

/** Authorize URL → emulator (auto-consent as `username`) → redirect with code → exchangeCode. */
export async function authorize(
  connector: Connector,
  running: RunningEmulator,
  ctx: ConnectorContext,
  username: string,
): Promise<{ tokens: ProviderTokens; authorizeUrl: URL; redirect: URL }> {
  const spec = connector.auth as OAuthSpec;
  running.emulator.oauth!.setAutoConsent(username);
  const state = `state-${username}`;
  const url = buildAuthorizeUrl(spec, running.authUrl, {
    clientId: running.emulator.client.clientId,
    redirectUri: REDIRECT_URI,
    scopes: [...spec.baseScopes, ...connector.streams.flatMap((s) => s.scopes)].filter(
      (s, i, all) => all.indexOf(s) === i,
    ),
    state,
  });
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const redirect = new URL(res.headers.get('location') ?? '');
  expect(redirect.searchParams.get('state')).toBe(state);
  const code = redirect.searchParams.get('code');
  expect(code).toBeTruthy();
  const tokens = await connector.exchangeCode!(ctx, code!, REDIRECT_URI, null);
  return { tokens, authorizeUrl: new URL(url), redirect };
}

/** Every page of one window, following `nextPage`. */
export async function fetchWindow(
  stream: StreamSpec,
  ctx: ConnectorContext,
  req: Omit<FetchRequest, 'pageToken'>,
): Promise<{ pages: FetchPage[]; merged: Omit<FetchPage, 'nextPage'> }> {
  const pages: FetchPage[] = [];
  let pageToken: string | null = null;
  for (let i = 0; i < 1000; i += 1) {
    // Lets pending socket events run first: the emulator shares this process, and a keep-alive socket the
    // server closed during a long synchronous stretch must not be picked for the next request.
    await new Promise((resolve) => setImmediate(resolve));
    const page: FetchPage = await stream.fetch(ctx, { ...req, pageToken });
    pages.push(page);
    pageToken = page.nextPage;
    if (pageToken === null) break;
  }
  return {
    pages,
    merged: {
      timeseries: pages.flatMap((p) => p.timeseries),
      summaries: pages.flatMap((p) => p.summaries),
      workoutStreams: pages.flatMap((p) => p.workoutStreams),
    },
  };
}

export interface IngestionDb {
  db: TestDatabase;
  ingestion: Ingestion;
  teamId: string;
  insertUser(): Promise<string>;
  /** Ingests each page as the sync engine would (one batch per page). */
  ingestPages(userId: string, pages: readonly Omit<FetchPage, 'nextPage'>[]): Promise<IngestResult[]>;
}

/** A migrated test database with one team, and the real ingestion on it (clock = `now`). */
export function useIngestionDb(now: () => Date): IngestionDb {
  const fx = {} as IngestionDb;
  beforeAll(async () => {
    fx.db = await createTestDatabase();
    const org = await seedOrg(fx.db.knex);
    fx.teamId = (await seedTeam(fx.db.knex, org.orgId)).teamId;
    fx.ingestion = createIngestion({ db: fx.db.knex, clock: now });
  });
  afterAll(() => fx.db.destroy());
  fx.insertUser = async () => {
    const id = newId();
    await fx.db.knex('users').insert({
      id,
      team_id: fx.teamId,
      environment: 'sandbox',
      client_user_id: `client-${id}`,
    });
    return id;
  };
  fx.ingestPages = async (userId, pages) => {
    const results: IngestResult[] = [];
    for (const p of pages) {
      results.push(
        await fx.ingestion.ingest({
          userId,
          mode: 'historical',
          timeseries: p.timeseries,
          summaries: p.summaries,
          workoutStreams: p.workoutStreams,
        }),
      );
    }
    return results;
  };
  return fx;
}

/** Sums of ingest results. */
export function totals(results: readonly IngestResult[]): {
  created: number;
  updated: number;
  unchanged: number;
  dropped: number;
} {
  return results.reduce(
    (t, r) => ({
      created: t.created + r.created,
      updated: t.updated + r.updated,
      unchanged: t.unchanged + r.unchanged,
      dropped: t.dropped + r.dropped,
    }),
    { created: 0, updated: 0, unchanged: 0, dropped: 0 },
  );
}
