import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import { providerSettingsFromEnv, type ProviderSettings } from '@meridian/connectors';
import { hashKey } from '@meridian/domain';
import {
  createLogger,
  createMetricsRegistry,
  createSecretBox,
  decodeSecretsKey,
  DEV_SECRETS_ENCRYPTION_KEY,
  type SecretBox,
} from '@meridian/platform';
import type { Transport } from '@meridian/messaging';
import { startEmulator, type RunningEmulator } from '@meridian/provider-emulators';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createDataApi } from '../../app';

/**
 * The data API on a test database, listening on a real port (providers redirect browsers and send webhooks
 * to it), with the named provider emulators configured as the platform's provider settings.
 */

export interface LinkHarness {
  app: Express;
  db: TestDatabase;
  baseUrl: string;
  linkWebUrl: string;
  secretBox: SecretBox;
  emulators: Map<string, RunningEmulator>;
  /** The provider settings the app uses (mutable: a test can point a provider elsewhere). */
  providers: Map<string, ProviderSettings>;
  team: { teamId: string; keys: { sandbox: string; production: string } };
  otherTeam: { teamId: string; keys: { sandbox: string; production: string } };
  /** Moves the data API's clock by this many ms (the emulators keep real time). */
  advance(ms: number): void;
  resetClock(): void;
  api(): request.Agent;
  createUser(key: string): Promise<string>;
  linkToken(key: string, body: Record<string, unknown>): Promise<string>;
  setTeamEnvSettings(teamId: string, environment: string, settings: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

let seq = 0;

export interface LinkHarnessOptions {
  /** Where sync tasks go; without one the sync engine runs refreshes inline. */
  transport?: Pick<Transport, 'publish'>;
  /** Days of history each emulated account has (small keeps inline pulls quick). */
  historyDays?: number;
  /** Raises the emulators' enforced request budgets (a whole backfill in one test run). */
  requestBudget?: number;
}

export async function createLinkHarness(
  slugs: readonly string[] = [],
  options: LinkHarnessOptions = {},
): Promise<LinkHarness> {
  const db = await createTestDatabase();
  const emulators = new Map<string, RunningEmulator>();
  const providers = providerSettingsFromEnv({});
  for (const slug of slugs) {
    const running = await startEmulator(slug, {
      historyDays: options.historyDays,
      requestBudget: options.requestBudget,
    });
    emulators.set(slug, running);
    const settings: ProviderSettings = {
      slug: providers.get(slug)!.slug,
      apiUrl: running.apiUrl,
      authUrl: running.authUrl,
      client: running.emulator.client,
      emulated: true,
    };
    providers.set(slug, settings);
  }
  let offset = 0;
  const secretBox = createSecretBox(decodeSecretsKey(DEV_SECRETS_ENCRYPTION_KEY));
  // The public URL must be known before the app is built: reserve a port by listening first.
  const holder: { app?: Express } = {};
  const server: Server = await new Promise((resolve) => {
    const s = createServer((req, res) => holder.app!(req, res));
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const linkWebUrl = `${baseUrl}/link`;
  const app = createDataApi({
    db: db.knex,
    logger: createLogger({ service: 'data-api', silent: true }),
    metrics: createMetricsRegistry('data-api'),
    region: 'us',
    readiness: {},
    clock: () => new Date(Date.now() + offset),
    validateResponses: true,
    transport: options.transport,
    providerLinks: { secretBox, providers, allowList: null, publicUrl: baseUrl, linkWebUrl },
  });
  holder.app = app;
  const org = await seedOrg(db.knex);
  const team = await seedTeam(db.knex, org.orgId);
  const otherTeam = await seedTeam(db.knex, org.orgId);
  const api = () => request.agent(app);

  return {
    app,
    db,
    baseUrl,
    linkWebUrl,
    secretBox,
    emulators,
    providers,
    team: { teamId: team.teamId, keys: team.apiKeys },
    otherTeam: { teamId: otherTeam.teamId, keys: otherTeam.apiKeys },
    advance(ms) {
      offset += ms;
    },
    resetClock() {
      offset = 0;
    },
    api,
    async createUser(key) {
      const res = await api()
        .post('/v2/user')
        .set('x-service-api-key', key)
        .send({ client_user_id: `link-${process.pid}-${++seq}` });
      if (res.status !== 200)
        throw new Error(`user create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.user_id as string;
    },
    async linkToken(key, body) {
      const res = await api().post('/v2/link/token').set('x-service-api-key', key).send(body);
      if (res.status !== 200) throw new Error(`link token failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.link_token as string;
    },
    async setTeamEnvSettings(teamId, environment, settings) {
      await db.knex.raw(
        `update teams set settings = jsonb_set(settings, ?::text[], coalesce(settings->?, '{}'::jsonb) || ?::jsonb, true) where id = ?`,
        [`{${environment}}`, environment, JSON.stringify(settings), teamId],
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...emulators.values()].map((e) => e.server.close()));
      await db.destroy();
    },
  };
}

/** Follows the provider's consent screen (auto-consent on) and answers the callback URL it redirects to. */
export function consentAt(oauthUrl: string): Promise<URL> {
  return new Promise((resolve, reject) => {
    // No keep-alive agent: an idle socket to the emulator would outlive the test file.
    const req = httpGet(oauthUrl, { agent: false }, (res) => {
      res.resume();
      const location = res.headers.location;
      if (res.statusCode !== 302 || !location)
        reject(new Error(`the provider did not redirect: ${res.statusCode}`));
      else resolve(new URL(location));
    });
    req.on('error', reject);
  });
}

/** The callback's path and query, for supertest. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`;

export const sha256 = hashKey;

/** Links `userId` to the emulated provider account `username` through the real OAuth flow. */
export async function connectThroughOAuth(
  h: LinkHarness,
  key: string,
  userId: string,
  provider: string,
  username: string,
): Promise<void> {
  h.emulators.get(provider)!.emulator.oauth!.setAutoConsent(username);
  const token = await h.linkToken(key, { user_id: userId });
  const authorize = await h
    .api()
    .get(`/v2/link/provider/oauth/${provider}`)
    .set('x-service-link-token', token);
  if (authorize.status !== 200)
    throw new Error(`authorize failed: ${authorize.status} ${JSON.stringify(authorize.body)}`);
  const callbackUrl = await consentAt(authorize.body.oauth_url as string);
  const done = await h.api().get(pathOf(callbackUrl));
  if (!String(done.headers.location).includes('status=success'))
    throw new Error(`link failed: ${done.headers.location}`);
}
