import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import request from 'supertest';
import type { Knex } from '@meridian/db';
import {
  createLogger,
  createMetricsRegistry,
  type ApiRateLimitOptions,
  type RateLimitConsumer,
} from '@meridian/platform';
import { seedOrg, seedTeam } from '@meridian/test-utils';
import { createDataApi } from '../../app';
import type { PushLimits } from './push-batch';

/** Shared steps of the push tests: a data API on the test database, a signed-in device, HealthKit records. */

export interface PushTestApp {
  app: Express;
  setNow(d: Date): void;
  /** The warnings and errors the API logged so far (JSON lines). */
  logged(): string[];
}

export function pushTestApp(
  db: Knex,
  opts: {
    limits?: Partial<PushLimits>;
    limiter?: RateLimitConsumer;
    now?: Date;
    /** The API's own request limits (per key, per address). */
    rateLimits?: ApiRateLimitOptions;
  } = {},
): PushTestApp {
  let now = opts.now ?? new Date('2026-11-20T12:00:00.000Z');
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = createDataApi({
    db,
    logger: createLogger({ service: 'data-api', level: 'warn', stream }),
    metrics: createMetricsRegistry('data-api'),
    region: 'us',
    readiness: {},
    clock: () => now,
    validateResponses: true,
    audit: null,
    sdkPush: { limits: opts.limits, limiter: opts.limiter },
    rateLimits: opts.rateLimits,
  });
  return { app, setNow: (d) => (now = d), logged: () => [...lines] };
}

export interface Tenant {
  teamId: string;
  sandboxKey: string;
  productionKey: string;
}

export async function seedTenant(db: Knex): Promise<Tenant> {
  const org = await seedOrg(db);
  const team = await seedTeam(db, org.orgId);
  return { teamId: team.teamId, sandboxKey: team.apiKeys.sandbox, productionKey: team.apiKeys.production };
}

let seq = 0;

export async function createUser(app: Express, key: string): Promise<string> {
  const res = await request(app)
    .post('/v2/user')
    .set('x-service-api-key', key)
    .send({ client_user_id: `push-${++seq}-${randomUUID()}` });
  if (res.status !== 200) throw new Error(`createUser: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { user_id: string }).user_id;
}

export interface DeviceSession {
  accessToken: string;
  refreshToken: string;
  deviceId: string;
  userId: string;
}

/** The integrator's backend mints a sign-in token, the app exchanges it for a device session. */
export async function signIn(
  app: Express,
  key: string,
  userId: string,
  installationId = 'install-1',
): Promise<DeviceSession> {
  const minted = await request(app)
    .post(`/v2/user/${userId}/sign_in_token`)
    .set('x-service-api-key', key)
    .send();
  if (minted.status !== 200) throw new Error(`sign_in_token: ${minted.status}`);
  const res = await request(app)
    .post('/v2/sdk/auth/token')
    .send({
      grant_type: 'sign_in_token',
      sign_in_token: (minted.body as { sign_in_token: string }).sign_in_token,
      device: {
        installation_id: installationId,
        name: 'Test iPhone',
        model: 'iPhone15,2',
        os: 'iOS',
        os_version: '18.1',
      },
    });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  const body = res.body as {
    access_token: string;
    refresh_token: string;
    device_id: string;
    user_id: string;
  };
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    deviceId: body.device_id,
    userId: body.user_id,
  };
}

export const push = (app: Express, token: string, body: unknown, provider = 'apple_health_kit') =>
  request(app)
    .post(`/v2/sdk/push/${provider}`)
    .set('authorization', `Bearer ${token}`)
    .send(body as object);

const MINUTE = 60_000;
const WATCH = {
  sourceRevision: {
    source: { bundleIdentifier: 'com.apple.health.7F3A', name: 'Apple Watch' },
    productType: 'Watch6,1',
  },
  device: { name: 'Apple Watch', model: 'Watch', manufacturer: 'Apple Inc.' },
  metadata: { HKTimeZone: 'Europe/Berlin' },
};

/** `n` heart-rate samples, one a minute from `from` (HKQuantityTypeIdentifierHeartRate, count/min). */
export function heartRates(from: Date, n: number, bpm = 60) {
  return Array.from({ length: n }, (_, i) => {
    const at = new Date(from.getTime() + i * MINUTE).toISOString();
    return {
      uuid: randomUUID().toUpperCase(),
      sampleType: 'HKQuantityTypeIdentifierHeartRate',
      startDate: at,
      endDate: at,
      quantity: bpm + (i % 7),
      unit: 'count/min',
      ...WATCH,
    };
  });
}

/** `n` step-count intervals of 10 minutes from `from` (HKQuantityTypeIdentifierStepCount). */
export function stepCounts(from: Date, n: number, steps = 100) {
  return Array.from({ length: n }, (_, i) => ({
    uuid: randomUUID().toUpperCase(),
    sampleType: 'HKQuantityTypeIdentifierStepCount',
    startDate: new Date(from.getTime() + i * 10 * MINUTE).toISOString(),
    endDate: new Date(from.getTime() + (i + 1) * 10 * MINUTE).toISOString(),
    quantity: steps + i,
    unit: 'count',
    ...WATCH,
  }));
}

export async function outboxCounts(db: Knex, userId: string): Promise<Record<string, number>> {
  const rows = await db('outbox')
    .where({ user_id: userId })
    .groupBy('event_type')
    .select<{ event_type: string; n: string }[]>('event_type', db.raw('count(*) as n'));
  return Object.fromEntries(rows.map((r) => [r.event_type, Number(r.n)]));
}

export async function sampleCount(db: Knex, userId: string, resource?: string): Promise<number> {
  const q = db('timeseries_samples').where({ user_id: userId });
  const row = await (resource ? q.where({ resource }) : q).count<{ count: string }[]>('* as count');
  return Number(row[0]!.count);
}
