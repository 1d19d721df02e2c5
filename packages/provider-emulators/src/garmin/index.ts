import { createHash, randomBytes } from 'node:crypto';
import express, { type Response } from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, dataFaults, faultRoutes } from '../core/faults';
import { createOAuthServer, type EmulatedAccount } from '../core/oauth-server';
import { createGarminDeliverer, type GarminDelivery } from './garmin-delivery';
import { GARMIN_SUMMARY_TYPES, summariesIn, type GarminSummaryType } from './garmin-data';

/**
 * Garmin Health API emulator (Connect Developer Program). Sources: the OAuth 2.0 PKCE specification of the
 * Connect Developer Program (consent at connect.garmin.com `/oauth2Confirm`, tokens at diauth.garmin.com
 * `/di-oauth2-service/oauth/token` with client id and secret in the body, PKCE S256 required, refresh
 * tokens), the Health API specification (summary field names and units: `startTimeInSeconds`,
 * `startTimeOffsetInSeconds`, `timeOffsetHeartRateSamples`, `sleepLevelsMap`...; `GET
 * /wellness-api/rest/user/id`, `/user/permissions`, `DELETE /user/registration`; backfill `GET
 * /wellness-api/rest/backfill/{summaryType}?summaryStartTimeInSeconds&summaryEndTimeInSeconds` → 202, at most
 * 90 days per request, 409 for a duplicate; ping/pull `GET /wellness-api/rest/{summaryType}?upload…&token`)
 * and the push/ping notification formats (`{"dailies": [...]}`, `{"dailies": [{"userId", "callbackURL"}]}`,
 * `{"deregistrations": [{"userId"}]}`, `garmin-client-id` header). The specification is gated; public
 * integrations (e.g. open-wearables) show the same names. Both Garmin hosts are served from one origin.
 *
 * Backfill data goes to the webhook target set with `setWebhookTarget` (none set: the request is accepted
 * and nothing is sent, as Garmin holds data for an unconfigured endpoint), by PUSH or PING (`setDeliveryMode`).
 */

export interface GarminEmulator extends ProviderEmulator {
  setWebhookTarget(url: string | null): void;
  setDeliveryMode(mode: 'push' | 'ping'): void;
  deliveries(): readonly GarminDelivery[];
  /** Resolves when every notification sent so far has been answered. */
  settled(): Promise<void>;
  /** The Garmin user id of an emulated sign-in name. */
  garminUserIdOf(username: string): string;
}

export function isGarminEmulator(e: ProviderEmulator): e is GarminEmulator {
  return e.slug === 'garmin' && typeof (e as Partial<GarminEmulator>).setWebhookTarget === 'function';
}

const PERMISSIONS = ['ACTIVITY_EXPORT', 'HEALTH_EXPORT'];
const MAX_BACKFILL_S = 90 * 86_400;
const PUSH_BATCH = 1000;

/** Garmin user ids are UUIDs. */
function garminUserIdFor(account: EmulatedAccount): string {
  const h = createHash('sha256').update(`garmin-user:${account.id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function createGarminEmulator(options: EmulatorOptions = {}): GarminEmulator {
  let now = options.now ?? (() => new Date());
  const historyDays = options.historyDays ?? 400;
  const faults = createFaults();
  const client = {
    clientId: options.clientId ?? 'garmin-dev-client',
    clientSecret: options.clientSecret ?? 'garmin-dev-secret',
  };
  const oauth = createOAuthServer({
    providerName: 'Garmin Connect',
    clients: [client],
    scopes: PERMISSIONS,
    pkce: 'required',
    clientAuth: 'body',
    paths: { authorize: '/oauth2Confirm', token: '/di-oauth2-service/oauth/token' },
    rotateRefreshToken: true,
    refreshGraceSeconds: 30,
    accessTokenTtlSeconds: 86_400,
    tokenResponseExtra: () => ({ refresh_token_expires_in: 7_775_998, jti: randomBytes(8).toString('hex') }),
    faults,
    now: () => now(),
  });
  const deliverer = createGarminDeliverer(client.clientId);
  const accounts = new Map<string, EmulatedAccount>();
  const backfills = new Set<string>();
  const pullTokens = new Map<
    string,
    { accountId: string; type: GarminSummaryType; startS: number; endS: number }
  >();
  let webhookTarget: string | null = null;
  let mode: 'push' | 'ping' = 'push';
  let origin = '';

  const nowS = () => Math.floor(now().getTime() / 1000);
  const grantAccount = (res: Response) => {
    const account = oauth.grantOf(res).account;
    accounts.set(garminUserIdFor(account), account);
    return account;
  };

  async function deliver(account: EmulatedAccount, type: GarminSummaryType, startS: number, endS: number) {
    if (!webhookTarget) return;
    const userId = garminUserIdFor(account);
    if (mode === 'ping') {
      const token = randomBytes(12).toString('hex');
      pullTokens.set(token, { accountId: account.id, type, startS, endS });
      const upload = nowS();
      const callbackURL = `${origin}/wellness-api/rest/${type}?uploadStartTimeInSeconds=${upload - 60}&uploadEndTimeInSeconds=${upload}&token=${token}`;
      await deliverer.send(
        webhookTarget,
        { [type]: [{ userId, callbackURL }] },
        { kind: 'ping', summaryType: type, items: 1 },
      );
      return;
    }
    const items = summariesIn(type, account.id, userId, startS, endS, nowS());
    for (let i = 0; i < items.length; i += PUSH_BATCH) {
      const batch = items.slice(i, i + PUSH_BATCH);
      await deliverer.send(
        webhookTarget,
        { [type]: batch },
        { kind: 'push', summaryType: type, items: batch.length },
      );
    }
  }

  const app = express();
  app.disable('x-powered-by');
  app.use((req, _res, next) => {
    origin ||= `${req.protocol}://${req.get('host') ?? ''}`;
    next();
  });
  app.use(faultRoutes(faults));
  app.use(oauth.router);
  app.use('/wellness-api', dataFaults(faults), oauth.requireToken);

  app.get('/wellness-api/rest/user/id', (_req, res) => {
    res.json({ userId: garminUserIdFor(grantAccount(res)) });
  });
  app.get('/wellness-api/rest/user/permissions', (_req, res) => {
    const scopes = oauth.grantOf(res).scopes;
    res.json(scopes.length > 0 ? scopes : PERMISSIONS);
  });
  app.delete('/wellness-api/rest/user/registration', (_req, res) => {
    oauth.revokeAccount(grantAccount(res).id);
    res.status(204).end();
  });
  app.get('/wellness-api/rest/backfill/:summaryType', (req, res) => {
    const type = String(req.params.summaryType) as GarminSummaryType;
    const startS = Number(req.query.summaryStartTimeInSeconds);
    const endS = Number(req.query.summaryEndTimeInSeconds);
    if (!GARMIN_SUMMARY_TYPES.includes(type)) {
      res.status(404).json({ errorMessage: `Unknown summary type ${type}` });
      return;
    }
    if (
      !Number.isInteger(startS) ||
      !Number.isInteger(endS) ||
      endS <= startS ||
      endS - startS > MAX_BACKFILL_S
    ) {
      res.status(400).json({
        errorMessage: 'summaryStartTimeInSeconds/summaryEndTimeInSeconds must span at most 90 days',
      });
      return;
    }
    const account = grantAccount(res);
    const key = `${account.id}|${type}|${startS}|${endS}`;
    if (backfills.has(key)) {
      res.status(409).json({ errorMessage: 'Duplicate backfill request' });
      return;
    }
    backfills.add(key);
    res.status(202).end();
    const earliest = nowS() - historyDays * 86_400;
    setImmediate(() => void deliver(account, type, Math.max(startS, earliest), endS));
  });
  app.get('/wellness-api/rest/:summaryType', (req, res) => {
    const type = String(req.params.summaryType) as GarminSummaryType;
    const pull = pullTokens.get(typeof req.query.token === 'string' ? req.query.token : '');
    const account = grantAccount(res);
    if (
      !GARMIN_SUMMARY_TYPES.includes(type) ||
      !pull ||
      pull.type !== type ||
      pull.accountId !== account.id
    ) {
      res.status(400).json({ errorMessage: 'Invalid or missing pull token' });
      return;
    }
    res.json(summariesIn(type, account.id, garminUserIdFor(account), pull.startS, pull.endS, nowS()));
  });

  return {
    slug: 'garmin',
    app,
    faults,
    oauth,
    client,
    basePaths: { api: '', auth: '' },
    /**
     * `what.kind`: `deregistration` (`{"deregistrations": [{"userId"}]}`) or `summaries` (default: the
     * `what.summaryType` summaries of [`what.start`, `what.end`) epoch seconds, by the current delivery mode).
     */
    async notify(target, accountId, what = {}) {
      const account = accounts.get(accountId) ?? [...accounts.values()].find((a) => a.id === accountId);
      if (!account) throw new Error(`no Garmin user ${accountId} has used the emulator`);
      if (what.kind === 'deregistration') {
        oauth.revokeAccount(account.id);
        return deliverer.send(
          target,
          { deregistrations: [{ userId: garminUserIdFor(account) }] },
          { kind: 'deregistration', summaryType: null, items: 1 },
        );
      }
      const type = (typeof what.summaryType === 'string' ? what.summaryType : 'dailies') as GarminSummaryType;
      const endS = typeof what.end === 'number' ? what.end : nowS();
      const startS = typeof what.start === 'number' ? what.start : endS - 86_400;
      const previous = webhookTarget;
      webhookTarget = target;
      try {
        await deliver(account, type, startS, endS);
      } finally {
        webhookTarget = previous;
      }
      return deliverer.deliveries().at(-1)?.status ?? 0;
    },
    setNow(next) {
      now = next;
    },
    setWebhookTarget(url) {
      webhookTarget = url;
    },
    setDeliveryMode(next) {
      mode = next;
    },
    deliveries: () => deliverer.deliveries(),
    settled: () => deliverer.settled(),
    garminUserIdOf: (username) => garminUserIdFor(oauth.accountFor(username)),
  };
}
