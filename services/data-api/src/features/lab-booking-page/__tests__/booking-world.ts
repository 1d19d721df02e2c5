import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import { newId } from '@meridian/domain';
import {
  createPhlebotomyPartners,
  startPhlebotomyEmulators,
  type RunningPhlebotomyEmulators,
} from '@meridian/lab-partners';
import { createLogger, createMetricsRegistry } from '@meridian/platform';
import {
  createTestDatabase,
  seedOrg,
  seedTeam,
  type SeededTeam,
  type TestDatabase,
} from '@meridian/test-utils';
import { createDataApi } from '../../../app';
import { ensureSandboxCatalogue } from '../../lab-tests/sandbox-catalogue';
import { phlebotomyWebhookPath } from '../../lab-appointments/local-phlebotomy-partners';

/**
 * What the booking page touches, on this machine: the real data API on a free port (test database, the
 * production partner adapters against both phlebotomy emulators), two teams of one org, and helpers to make
 * at-home orders, booking links and read the outbox.
 */

export const SECRETS_KEY = Buffer.alloc(32, 9);

/** Served by getlabs (appointment-ready) and phlebfinders; 85004 by phlebfinders (appointment-request) only. */
export const READY_ADDRESS = { first_line: '350 5th Ave', city: 'New York', state: 'NY', zip: '10001' };
export const REQUEST_ADDRESS = {
  first_line: '200 W Washington St',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
};

export interface OutboxRow {
  event_type: string;
  payload: { data: Record<string, unknown>; user_id: string; client_user_id: string; team_id: string };
  team_id: string;
}

export interface BookingWorld {
  db: TestDatabase;
  app: Express;
  origin: string;
  emulators: RunningPhlebotomyEmulators;
  team: SeededTeam;
  other: SeededTeam;
  /** Moves the API's clock (undefined: real time). */
  setNow(now: Date | undefined): void;
  /** An at-home order inserted directly at `statusLow` (the orders API is another feature). */
  createOrder(
    t: SeededTeam,
    opts?: { statusLow?: string; address?: object; method?: string },
  ): Promise<string>;
  /** `POST …/booking_link` through the API with the team's sandbox key; answers `{url, expires_at}`. */
  bookingLink(t: SeededTeam, orderId: string, body?: object): Promise<{ url: string; expires_at: string }>;
  outboxOf(orderId: string): Promise<OutboxRow[]>;
  close(): Promise<void>;
}

export function tokenOf(url: string): string {
  const token = new URL(url).hash.replace(/^#token=/, '');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

/**
 * The first connection to a freshly cloned database can outlast the pool's 10 s acquire timeout on a machine
 * under heavy load; a few more tries before the world fails.
 */
async function firstConnection(db: TestDatabase): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.knex.raw('select 1');
      return;
    } catch (err) {
      if (attempt >= 4 || (err as Error).name !== 'KnexTimeoutError') throw err;
    }
  }
}

export async function startBookingWorld(opts: { quiet?: boolean } = {}): Promise<BookingWorld> {
  const db = await createTestDatabase();
  await firstConnection(db);
  // Requests stay pending (no self-assignment) until a test moves them.
  const emulators = await startPhlebotomyEmulators({ phlebfinders: { assignAfterMs: null } });
  const partners = createPhlebotomyPartners({
    getlabs: { ...emulators.config.getlabs!, timeoutMs: 5000 },
    phlebfinders: { ...emulators.config.phlebfinders!, timeoutMs: 5000 },
  });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let now: Date | undefined;
  const app = createDataApi({
    db: db.knex,
    logger: createLogger({ service: 'data-api', silent: opts.quiet !== false && !process.env.DEBUG_TEST }),
    metrics: createMetricsRegistry('data-api'),
    region: 'us',
    readiness: {},
    clock: () => now ?? new Date(),
    validateResponses: true,
    providerLinks: { publicUrl: origin },
    labPartners: { phlebotomy: { partners } },
    bookingPageSecretsKey: SECRETS_KEY,
  });
  server.on('request', app);
  emulators.setWebhookTargets({
    getlabs: origin + phlebotomyWebhookPath('getlabs'),
    phlebfinders: origin + phlebotomyWebhookPath('phlebfinders'),
  });
  const org = await seedOrg(db.knex);
  const team = await seedTeam(db.knex, org.orgId);
  const other = await seedTeam(db.knex, org.orgId);
  const users = new Map<string, string>();

  async function userOf(t: SeededTeam): Promise<string> {
    const known = users.get(t.teamId);
    if (known) return known;
    const id = newId();
    await db
      .knex('users')
      .insert({ id, team_id: t.teamId, environment: 'sandbox', client_user_id: `c-${id}` });
    users.set(t.teamId, id);
    return id;
  }

  return {
    db,
    app,
    origin,
    emulators,
    team,
    other,
    setNow(next) {
      now = next;
    },
    async createOrder(t, o = {}) {
      const statusLow = o.statusLow ?? 'requisition_created';
      const method = o.method ?? 'at_home_phlebotomy';
      const scope = { teamId: t.teamId, environment: 'sandbox' as const };
      await ensureSandboxCatalogue(db.knex, scope, new Date());
      const labTest = (await db
        .knex('lab_tests')
        .where({ team_id: t.teamId, environment: 'sandbox', method })
        .first<{ id: string } | undefined>('id'))!;
      const id = newId();
      const top = ['ordered', 'requisition_created', 'requisition_bypassed'].includes(statusLow)
        ? 'received'
        : ['cancelled', 'completed'].includes(statusLow)
          ? statusLow
          : 'collecting_sample';
      await db.knex('lab_orders').insert({
        id,
        team_id: t.teamId,
        environment: 'sandbox',
        user_id: await userOf(t),
        lab_test_id: labTest.id,
        collection_method: method,
        status_top: top,
        status_low: statusLow,
        status_changed_at: new Date(),
        details_id: newId(),
        patient_first_name: 'Ada',
        patient_last_name: 'Lovelace',
        patient_dob: '1990-01-02',
        patient_details: JSON.stringify({
          gender: 'female',
          phone_number: '+12125550100',
          email: 'ada@example.com',
        }),
        patient_address: JSON.stringify({ ...(o.address ?? READY_ADDRESS), country: 'US' }),
      });
      await db.knex('lab_order_events').insert({
        order_id: id,
        team_id: t.teamId,
        environment: 'sandbox',
        status: `${top}.${method}.${statusLow}`,
      });
      return id;
    },
    async bookingLink(t, orderId, body) {
      const req = request(app)
        .post(`/v3/order/${orderId}/phlebotomy/appointment/booking_link`)
        .set('x-service-api-key', t.apiKeys.sandbox);
      const res = await (body ? req.send(body) : req);
      if (res.status !== 200) throw new Error(`booking link: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { url: string; expires_at: string };
    },
    async outboxOf(orderId) {
      return db
        .knex('outbox')
        .where('event_type', 'like', 'labtest.appointment.%')
        .whereRaw(`payload->'data'->>'order_id' = ?`, [orderId])
        .orderBy('seq')
        .select<OutboxRow[]>('event_type', 'payload', 'team_id');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await emulators.close();
      await db.destroy();
    },
  };
}
