import { newId } from '@meridian/domain';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import { createIngestion, type Ingestion } from '../create-ingestion';
import { renderSummary, type StoredSummary, type WireSummary } from '../wire/render-summary';

export const NOW = new Date('2026-04-01T12:00:00.000Z');

export interface OutboxRow {
  event_type: string;
  // Event payloads are asserted field by field; their types are the wire shapes under test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: { event_type: string; data: any; user_id: string; client_user_id: string; team_id: string };
}

/** A test database with one team, an ingestion bound to it and helpers to read what ingestion wrote. */
export function useIngestionFixture() {
  const fx = {} as {
    db: TestDatabase;
    teamId: string;
    ingestion: Ingestion;
  };

  beforeAll(async () => {
    fx.db = await createTestDatabase();
    const org = await seedOrg(fx.db.knex);
    fx.teamId = (await seedTeam(fx.db.knex, org.orgId)).teamId;
    fx.ingestion = createIngestion({ db: fx.db.knex, clock: () => NOW });
  });
  afterAll(() => fx.db.destroy());

  async function insertUser(
    opts: {
      fallbackTimeZone?: string;
      ingestionStart?: string;
      ingestionEnd?: string;
      deleted?: boolean;
    } = {},
  ): Promise<string> {
    const id = newId();
    await fx.db.knex('users').insert({
      id,
      team_id: fx.teamId,
      environment: 'sandbox',
      client_user_id: `client-${id}`,
      fallback_time_zone: opts.fallbackTimeZone ?? null,
      fallback_time_zone_source: opts.fallbackTimeZone ? 'manual' : null,
      ingestion_start: opts.ingestionStart ?? null,
      ingestion_end: opts.ingestionEnd ?? null,
      deleted_at: opts.deleted ? NOW : null,
      purge_after: opts.deleted ? new Date(NOW.getTime() + 7 * 86_400_000) : null,
    });
    return id;
  }

  async function events(userId: string): Promise<OutboxRow[]> {
    return fx.db.knex('outbox').select('event_type', 'payload').where({ user_id: userId }).orderBy('seq');
  }

  async function summaries(userId: string, kind: string): Promise<WireSummary[]> {
    const rows: StoredSummary[] = await fx.db
      .knex('summaries')
      .where({ user_id: userId, kind })
      .orderBy([{ column: 'calendar_date' }, { column: 'provider' }]);
    return rows.map(renderSummary);
  }

  async function samples(userId: string, resource?: string) {
    return fx.db
      .knex('timeseries_samples')
      .where({ user_id: userId, ...(resource ? { resource } : {}) })
      .orderBy([{ column: 'start_at' }, { column: 'provider' }, { column: 'source_type' }]);
  }

  return Object.assign(fx, { insertUser, events, summaries, samples });
}
