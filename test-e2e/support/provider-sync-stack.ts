/**
 * The scheduler process syncing real provider connections against an emulator on loopback: starting it with
 * the provider's URLs and app, connecting users through the emulator's OAuth code flow (auto-consent) and
 * the sync engine's `establishConnection`, and reading back what the emulator serves.
 */
import { randomBytes } from 'node:crypto';
import {
  buildAuthorizeUrl,
  connectorFor,
  createConnectorContext,
  type OAuthSpec,
  type ProviderSettings,
} from '@meridian/connectors';
import { createLogger, createSecretBox, decodeSecretsKey } from '@meridian/platform';
import type { RunningEmulator } from '@meridian/provider-emulators';
import { establishConnection, type SyncDeps } from '@meridian/sync';
import type { TestDatabase } from '@meridian/test-utils';
import { freePort, runTs, waitReady, type RunningProcess } from './processes';

export const PROVIDER_SECRETS_KEY = randomBytes(32).toString('base64');
const DAY_MS = 86_400_000;

export async function startSchedulerFor(opts: {
  dbUrl: string;
  amqpUrl: string;
  slug: string;
  running: RunningEmulator;
  env?: NodeJS.ProcessEnv;
}): Promise<RunningProcess> {
  const port = await freePort();
  const upper = opts.slug.toUpperCase();
  const proc = runTs('scheduler', 'services/scheduler/src/main.ts', {
    ...process.env,
    DATABASE_URL: opts.dbUrl,
    AMQP_URL: opts.amqpUrl,
    LOG_LEVEL: 'warn',
    HEALTH_PORT: String(port),
    SCHEDULER_TICK_MS: '300',
    SECRETS_ENCRYPTION_KEY: PROVIDER_SECRETS_KEY,
    PROVIDER_EMULATORS: 'true',
    [`PROVIDER_${upper}_API_URL`]: opts.running.apiUrl,
    [`PROVIDER_${upper}_AUTH_URL`]: opts.running.authUrl,
    [`PROVIDER_${upper}_CLIENT_ID`]: opts.running.emulator.client.clientId,
    [`PROVIDER_${upper}_CLIENT_SECRET`]: opts.running.emulator.client.clientSecret,
    PROVIDER_SYNC_LEASE_MS: '5000',
    ...opts.env,
  });
  await waitReady(`http://127.0.0.1:${port}`, proc, 90_000);
  return proc;
}

/** The test's own handle on the engine (same database and key as the process; no broker: the sweep runs). */
export function testSyncDeps(db: TestDatabase, slug: string, running: RunningEmulator): SyncDeps {
  const settings: ProviderSettings = {
    slug: slug as ProviderSettings['slug'],
    apiUrl: running.apiUrl,
    authUrl: running.authUrl,
    client: running.emulator.client,
    emulated: true,
  };
  return {
    db: db.knex,
    secretBox: createSecretBox(decodeSecretsKey(PROVIDER_SECRETS_KEY)),
    providers: new Map([[slug, settings]]),
    allowList: null,
    clock: () => new Date(),
    logger: createLogger({ service: 'e2e', silent: true }),
  };
}

/** OAuth code flow with auto-consent as `username`, then `establishConnection`. */
export async function connectThroughOAuth(
  deps: SyncDeps,
  running: RunningEmulator,
  slug: string,
  userId: string,
  username: string,
): Promise<{ connectionId: string; accessToken: string }> {
  const connector = connectorFor(slug)!;
  const spec = connector.auth as OAuthSpec;
  running.emulator.oauth!.setAutoConsent(username);
  const redirectUri = 'https://app.example.test/v2/link/oauth/callback';
  const url = buildAuthorizeUrl(spec, running.authUrl, {
    clientId: running.emulator.client.clientId,
    redirectUri,
    scopes: [...new Set([...spec.baseScopes, ...connector.streams.flatMap((s) => s.scopes)])],
    state: `s-${username}`,
  });
  const res = await fetch(url, { redirect: 'manual' });
  const code = new URL(res.headers.get('location') ?? '').searchParams.get('code');
  if (!code) throw new Error(`no authorization code (${res.status})`);
  const ctx = createConnectorContext({
    settings: { apiUrl: running.apiUrl, authUrl: running.authUrl },
    client: running.emulator.client,
    allowList: null,
  });
  const tokens = await connector.exchangeCode!(ctx, code, redirectUri, null);
  const identity = connector.identify ? await connector.identify(ctx, tokens) : null;
  const { connectionId } = await establishConnection(deps, {
    userId,
    provider: slug,
    authType: 'oauth',
    tokens,
    credentialSource: 'platform',
    externalUserId: identity?.externalUserId ?? null,
  });
  return { connectionId, accessToken: tokens.accessToken };
}

/** Distinct Oura heart-rate instants the emulator serves in [start, end), asked 30 days at a time. */
export async function servedOuraHeartRate(
  running: RunningEmulator,
  accessToken: string,
  start: Date,
  end: Date,
): Promise<number> {
  const instants = new Set<number>();
  for (let from = start.getTime(); from < end.getTime(); from += 30 * DAY_MS) {
    const to = Math.min(from + 30 * DAY_MS, end.getTime());
    let next: string | null = null;
    do {
      const url = new URL(`${running.apiUrl}/v2/usercollection/heartrate`);
      url.searchParams.set('start_datetime', new Date(from).toISOString());
      url.searchParams.set('end_datetime', new Date(to).toISOString());
      if (next) url.searchParams.set('next_token', next);
      const res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
      if (res.status !== 200) throw new Error(`heartrate answered ${res.status}`);
      const body = (await res.json()) as { data: { timestamp: string }[]; next_token: string | null };
      for (const r of body.data) {
        const at = Date.parse(r.timestamp);
        if (at >= from && at < to) instants.add(at);
      }
      next = body.next_token;
    } while (next);
  }
  return instants.size;
}

/** Oura documents of a date collection in [first, last] (every page). */
export async function servedOuraDocuments<T>(
  running: RunningEmulator,
  accessToken: string,
  collection: string,
  start: Date,
  end: Date,
): Promise<T[]> {
  const out: T[] = [];
  let next: string | null = null;
  do {
    const url = new URL(`${running.apiUrl}/v2/usercollection/${collection}`);
    url.searchParams.set('start_date', start.toISOString().slice(0, 10));
    url.searchParams.set('end_date', new Date(end.getTime() - 1).toISOString().slice(0, 10));
    if (next) url.searchParams.set('next_token', next);
    const res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` } });
    if (res.status !== 200) throw new Error(`${collection} answered ${res.status}`);
    const body = (await res.json()) as { data: T[]; next_token: string | null };
    out.push(...body.data);
    next = body.next_token;
  } while (next);
  return out;
}
