import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  buildAuthorizeUrl,
  connectorFor,
  type InboundWebhook,
  type OAuthSpec,
  type ProviderSettings,
  type ProviderTokens,
} from '@meridian/connectors';
import { newId, type ProviderSlug } from '@meridian/domain';
import { createLogger, createSecretBox } from '@meridian/platform';
import type { RunningEmulator } from '@meridian/provider-emulators';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { connectorContextFor } from '../client-credentials';
import { handleProviderWebhook } from '../provider-webhook';
import { runConnectionSync } from '../sync-connection';
import type { SyncDeps } from '../sync-deps';

/**
 * Shared steps of the sync engine's integration tests: a migrated database with a team, engine deps
 * pointing at a running emulator, a movable clock, and tokens obtained through the emulator's real OAuth
 * code flow (auto-consent).
 */

export interface SyncFixture {
  db: TestDatabase;
  teamId: string;
  deps: SyncDeps;
  /** The engine's clock (and the emulator's, when it was started with `clock`). */
  now: Date;
  setNow(at: Date): void;
  insertUser(clientUserId?: string): Promise<string>;
}

export function emulatorSettings(slug: ProviderSlug, running: RunningEmulator): ProviderSettings {
  return {
    slug,
    apiUrl: running.apiUrl,
    authUrl: running.authUrl,
    client: running.emulator.client,
    emulated: true,
  };
}

export async function createSyncFixture(
  start: Date,
  providers: Map<string, ProviderSettings>,
): Promise<SyncFixture> {
  const db = await createTestDatabase();
  const org = await seedOrg(db.knex);
  const teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  const fx: SyncFixture = {
    db,
    teamId,
    now: start,
    setNow(at) {
      fx.now = at;
    },
    deps: undefined as unknown as SyncDeps,
    async insertUser(clientUserId) {
      const id = newId();
      await db.knex('users').insert({
        id,
        team_id: teamId,
        environment: 'sandbox',
        client_user_id: clientUserId ?? `client-${id}`,
      });
      return id;
    },
  };
  fx.deps = {
    db: db.knex,
    secretBox: createSecretBox(randomBytes(32)),
    providers,
    allowList: null,
    clock: () => fx.now,
    logger: createLogger({ service: 'sync-test', level: 'error', silent: true }),
    // Quick retries so a test can see a retry succeed without waiting for minutes.
    tuning: { baseBackoffMs: 1_000, defaultRetryAfterMs: 1_000 },
  };
  return fx;
}

export const REDIRECT_URI = 'https://app.example.test/v2/link/oauth/callback';

/** Authorize URL → emulator (auto-consent as `username`) → code → the connector's code exchange. */
export async function authorizeAt(
  deps: SyncDeps,
  slug: string,
  running: RunningEmulator,
  username: string,
  grantScopes?: string[],
): Promise<ProviderTokens> {
  const connector = connectorFor(slug)!;
  const spec = connector.auth as OAuthSpec;
  running.emulator.oauth!.setAutoConsent(username, grantScopes ? { grantScopes } : undefined);
  const url = buildAuthorizeUrl(spec, running.authUrl, {
    clientId: running.emulator.client.clientId,
    redirectUri: REDIRECT_URI,
    scopes: [...new Set([...spec.baseScopes, ...connector.streams.flatMap((s) => s.scopes)])],
    state: `state-${username}`,
  });
  const res = await fetch(url, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}`);
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error('no code in the redirect');
  const ctx = connectorContextFor(deps, slug, running.emulator.client);
  const tokens = await connector.exchangeCode!(ctx, code, REDIRECT_URI, null);
  const identity = connector.identify ? await connector.identify(ctx, tokens) : null;
  return { ...tokens, externalUserId: identity?.externalUserId ?? tokens.externalUserId };
}

/** Every row a paged emulator list endpoint serves (following `next_token`). */
export async function servedRows<T>(
  running: RunningEmulator,
  path: string,
  query: Record<string, string>,
  accessToken: string,
): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = null;
  do {
    const url = new URL(`${running.apiUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    if (next) url.searchParams.set('next_token', next);
    const res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const body = (await res.json()) as { data: T[]; next_token: string | null };
    out.push(...body.data);
    next = body.next_token;
  } while (next);
  return out;
}

export async function outboxTypes(db: TestDatabase, userId: string): Promise<string[]> {
  const rows = await db
    .knex('outbox')
    .where({ user_id: userId })
    .orderBy('seq')
    .select<{ event_type: string }[]>('event_type');
  return rows.map((r) => r.event_type);
}

export const count = (types: readonly string[], type: string) => types.filter((t) => t === type).length;

/** Runs a connection's due streams until none is due (a run may yield on its time budget). */
export async function syncUntilIdle(deps: SyncDeps, connectionId: string, maxRuns = 20): Promise<number> {
  for (let runs = 0; runs < maxRuns; runs += 1) {
    const result = await runConnectionSync(deps, connectionId);
    if (result.streams === 0) return runs;
  }
  throw new Error(`connection ${connectionId} still has due streams after ${maxRuns} runs`);
}

/** Stands in for the data API's provider webhook route: raw request in, `handleProviderWebhook` out. */
export async function startProviderWebhookRoute(
  deps: () => SyncDeps,
): Promise<{ url: string; statuses: number[]; close(): Promise<void> }> {
  const statuses: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const provider = url.pathname.split('/').pop() ?? '';
      const request: InboundWebhook = {
        method: req.method ?? 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
        ),
        query: Object.fromEntries(url.searchParams),
        rawBody: Buffer.concat(chunks),
        url: url.toString(),
      };
      handleProviderWebhook(deps(), { provider, teamId: null, request })
        .then((out) => {
          statuses.push(out.status);
          const body = out.body === null || out.body === undefined ? '' : JSON.stringify(out.body);
          res
            .writeHead(out.status, body ? { 'content-type': out.contentType ?? 'application/json' } : {})
            .end(body);
        })
        .catch(() => {
          statuses.push(500);
          res.writeHead(500).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    statuses,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
