import express, { type Request, type Response } from 'express';
import type { EmulatorOptions, ProviderEmulator } from '../core/emulator';
import { createFaults, dataFaults, faultRoutes } from '../core/faults';
import { createOAuthServer } from '../core/oauth-server';
import { DAY_MS } from '../core/prng';
import {
  dexcomProfile,
  dexcomUserId,
  EGV_INTERVAL_MS,
  egvsBetween,
  eventsBetween,
  recordTimes,
  type Bounds,
} from './dexcom-data';

/**
 * Dexcom API v3 emulator. Shapes and rules from the Dexcom developer portal:
 * - Authentication (developer.dexcom.com/docs/dexcom/authentication): `GET /v3/oauth2/login` with
 *   `scope=offline_access`, `POST /v3/oauth2/token` with client_id/client_secret in the form body, access
 *   tokens of 2 h, refresh tokens single-use (each refresh returns a new one, the old one dies at once).
 *   No revocation endpoint is documented.
 * - Endpoint overview (docs/dexcomv3/endpoint-overview): `/v3/users/self/{dataRange,egvs,events,devices}`,
 *   60,000 calls per app per hour (429 beyond), systemTime = UTC per the device, displayTime = local.
 * - getEstimatedGlucoseValuesV3, getEventsV3, getDevicesV3, getDataRangeV3 (docs/dexcomv3/operation/...):
 *   `{recordType, recordVersion: "3.0", userId, records: [...]}`; startDate/endDate as `YYYY-MM-DDThh:mm:ss`
 *   (UTC, no offset) and at most 30 days apart; records from mobile apps carry UTC offsets in systemTime
 *   and displayTime, records from receivers carry none; event `value` is a string in v3.
 * Data is generated per account (`dexcom-data.ts`) and never after the emulator's `now`.
 */

const MAX_WINDOW_MS = 30 * DAY_MS;
const QUERY_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

export function createDexcomEmulator(options: EmulatorOptions = {}): ProviderEmulator {
  let now = options.now ?? (() => new Date());
  const historyDays = options.historyDays ?? 400;
  const client = {
    clientId: options.clientId ?? 'dexcom-dev-client',
    clientSecret: options.clientSecret ?? 'dexcom-dev-secret',
  };
  const faults = createFaults();
  const oauth = createOAuthServer({
    providerName: 'Dexcom',
    clients: [client],
    scopes: ['offline_access'],
    pkce: 'optional',
    clientAuth: 'body',
    paths: { authorize: '/v3/oauth2/login', token: '/v3/oauth2/token' },
    rotateRefreshToken: true,
    // Single use: a refresh token is dead the moment it has been exchanged (the core's grace end is inclusive).
    refreshGraceSeconds: -0.001,
    accessTokenTtlSeconds: 7200,
    faults,
    now: () => now(),
  });

  const historyStartMs = () => Math.floor((now().getTime() - historyDays * DAY_MS) / DAY_MS) * DAY_MS;

  function envelope(res: Response, recordType: string, extra: Record<string, unknown>) {
    const grant = oauth.grantOf(res);
    res.json({
      recordType,
      recordVersion: '3.0',
      userId: dexcomUserId(grant.account.id, grant.clientId),
      ...extra,
    });
  }

  /** Parses startDate/endDate as Dexcom does; answers 400 itself and returns null when they are bad. */
  function windowOf(req: Request, res: Response): Bounds | null {
    const q = req.query as Record<string, string | undefined>;
    const bad = (message: string) => {
      res.status(400).json({ error: 'invalid_request', message });
      return null;
    };
    if (!q.startDate || !q.endDate) return bad('startDate and endDate are required');
    if (!QUERY_TIME.test(q.startDate) || !QUERY_TIME.test(q.endDate))
      return bad('startDate and endDate must be formatted YYYY-MM-DDThh:mm:ss');
    const startMs = Date.parse(`${q.startDate}Z`);
    const endMs = Date.parse(`${q.endDate}Z`);
    if (Number.isNaN(startMs) || Number.isNaN(endMs)) return bad('startDate or endDate is not a date-time');
    if (endMs <= startMs) return bad('endDate must be after startDate');
    if (endMs - startMs > MAX_WINDOW_MS) return bad('the time window must not exceed 30 days');
    return { startMs, endMs, nowMs: now().getTime(), historyStartMs: historyStartMs() };
  }

  const data = express.Router();
  data.get('/dataRange', (_req, res) => {
    const account = oauth.grantOf(res).account;
    const profile = dexcomProfile(account.id);
    const nowMs = now().getTime();
    const first = historyStartMs() + profile.phaseMs;
    const last = profile.phaseMs + Math.floor((nowMs - profile.phaseMs) / EGV_INTERVAL_MS) * EGV_INTERVAL_MS;
    const range = { start: recordTimes(profile, first), end: recordTimes(profile, last) };
    envelope(res, 'dataRange', { calibrations: null, egvs: range, events: range });
  });
  data.get('/egvs', (req, res) => {
    const bounds = windowOf(req, res);
    // Dexcom lists EGVs newest first.
    if (bounds)
      envelope(res, 'egv', { records: egvsBetween(oauth.grantOf(res).account.id, bounds).reverse() });
  });
  data.get('/events', (req, res) => {
    const bounds = windowOf(req, res);
    if (bounds) envelope(res, 'event', { records: eventsBetween(oauth.grantOf(res).account.id, bounds) });
  });
  data.get('/calibrations', (req, res) => {
    if (windowOf(req, res)) envelope(res, 'calibration', { records: [] });
  });
  data.get('/devices', (_req, res) => {
    const account = oauth.grantOf(res).account;
    const profile = dexcomProfile(account.id);
    envelope(res, 'device', {
      records: [
        {
          lastUploadDate: `${new Date(now().getTime() - 60 * 60_000).toISOString().slice(0, 19)}Z`,
          transmitterId: profile.transmitterId,
          transmitterGeneration: 'g7',
          displayDevice: profile.displayDevice,
          displayApp:
            profile.displayDevice === 'receiver'
              ? null
              : `G7${profile.displayDevice === 'iOS' ? 'iOS' : 'Android'}`,
          alertSchedules: [
            {
              alertScheduleSettings: {
                alertScheduleName: '',
                isEnabled: true,
                isDefaultSchedule: true,
                startTime: '00:00',
                endTime: '00:00',
                daysOfWeek: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
              },
              alertSettings: [
                { alertName: 'high', value: 250, unit: 'mg/dL', snooze: 120, enabled: true },
                { alertName: 'low', value: 70, unit: 'mg/dL', snooze: 30, enabled: true },
              ],
            },
          ],
        },
      ],
    });
  });

  const app = express();
  app.disable('x-powered-by');
  app.use(faultRoutes(faults));
  app.use(oauth.router);
  app.use('/v3/users/self', dataFaults(faults), oauth.requireToken, data);

  return {
    slug: 'dexcom_v3',
    app,
    faults,
    oauth,
    client,
    basePaths: { api: '', auth: '' },
    setNow(next) {
      now = next;
    },
  };
}
