import { createLogger } from '@meridian/platform';
import { isGarminEmulator } from '@meridian/provider-emulators';
import { runConnectionSync, type SyncDeps } from '@meridian/sync';
import { waitFor } from '@meridian/test-utils';
import { connectThroughOAuth, createLinkHarness, type LinkHarness } from './link.test-fixtures';

/**
 * Every OAuth provider connected end to end against its emulator, through the same code path as
 * production: link token → authorize URL → consent → callback on the data API → connection with sealed
 * tokens → historical pull by the sync engine (Garmin: backfill requests answered by pushes to our webhook
 * endpoint) → samples and summaries stored → one `historical.data.<resource>.created` per resource.
 */

const OAUTH_PROVIDERS = ['oura', 'fitbit', 'withings', 'whoop_v2', 'polar', 'garmin', 'dexcom_v3', 'strava'];

describe('every OAuth provider, connected end to end against its emulator', () => {
  let h: LinkHarness;
  let sync: SyncDeps;

  beforeAll(async () => {
    // Fitbit's documented 150 requests an hour would stretch a 30-day intraday backfill over hours (the
    // engine waits for the reset, as the rate-limit tests show): the budget is raised for this run.
    h = await createLinkHarness(OAUTH_PROVIDERS, { historyDays: 12, requestBudget: 10_000 });
    const garmin = h.emulators.get('garmin')!.emulator;
    if (isGarminEmulator(garmin)) garmin.setWebhookTarget(`${h.baseUrl}/v2/provider_webhooks/garmin`);
    sync = {
      db: h.db.knex,
      secretBox: h.secretBox,
      providers: h.providers,
      allowList: null,
      clock: () => new Date(),
      logger: createLogger({ service: 'sync', silent: true }),
    };
  }, 60_000);
  afterAll(() => h.close());

  const stored = async (userId: string, provider: string) => {
    const [samples] = await h.db
      .knex('timeseries_samples')
      .where({ user_id: userId, provider })
      .count({ n: '*' });
    const [summaries] = await h.db.knex('summaries').where({ user_id: userId, provider }).count({ n: '*' });
    return { samples: Number(samples!.n), summaries: Number(summaries!.n) };
  };

  it.each(OAUTH_PROVIDERS)(
    '%s: OAuth through the data API, historical pull, data stored, events once',
    async (provider) => {
      const userId = await h.createUser(h.team.keys.sandbox);
      await connectThroughOAuth(h, h.team.keys.sandbox, userId, provider, `person-${provider}`);
      const connection = await h.db.knex('provider_connections').where({ user_id: userId, provider }).first();
      expect(connection).toMatchObject({ status: 'connected', auth_type: 'oauth', error_details: null });
      expect(connection.external_user_id).toEqual(expect.any(String));

      // The scheduler's work, run inline until every historical pull has ended.
      const pulls = () => h.db.knex('historical_pulls').where({ user_id: userId, provider });
      await waitFor(
        async () => {
          await runConnectionSync(sync, connection.id);
          const rows = await pulls();
          return rows.length > 0 && rows.every((p) => ['success', 'failure'].includes(p.status))
            ? rows
            : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 50 },
      );
      const ended = await pulls();
      expect(ended.map((p) => [p.resource, p.status, p.error_details])).toEqual(
        ended.map((p) => [p.resource, 'success', null]),
      );

      // Data arrived (for Garmin, pushed to our webhook endpoint after the backfill requests).
      const counts = await waitFor(
        async () => {
          const c = await stored(userId, provider);
          return c.samples + c.summaries > 0 ? c : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(counts!.samples + counts!.summaries).toBeGreaterThan(0);

      const events = await h.db.knex('outbox').where({ user_id: userId }).select('event_type');
      const types = events.map((e) => e.event_type as string);
      expect(types.filter((t) => t === 'provider.connection.created')).toHaveLength(1);
      const historical = types.filter((t) => t.startsWith('historical.data.'));
      expect(historical.length).toBeGreaterThan(0);
      expect(new Set(historical).size).toBe(historical.length);
      // Every pulled data resource announced its history exactly once.
      for (const t of historical) expect(t).toMatch(/^historical\.data\.[a-z_0-9]+\.created$/);
    },
    150_000,
  );
});
