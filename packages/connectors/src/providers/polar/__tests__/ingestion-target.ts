import { newId } from '@meridian/domain';
import { createIngestion, type IngestResult, type Ingestion } from '@meridian/ingestion';
import { createTestDatabase, seedOrg, seedTeam, type TestDatabase } from '@meridian/test-utils';
import type { FetchPage } from '../../../connector';

/**
 * The real ingestion path over a per-file test database, for connector tests: a team, a user with a
 * fallback zone, and the page → batch step the sync engine does (historical mode, no events per chunk).
 */
export interface IngestionTarget {
  db: TestDatabase;
  ingestion: Ingestion;
  insertUser(fallbackTimeZone: string | null): Promise<string>;
  ingestPage(userId: string, page: Omit<FetchPage, 'nextPage'>): Promise<IngestResult>;
  count(
    table: 'timeseries_samples' | 'summaries' | 'workout_streams',
    userId: string,
    where?: Record<string, string>,
  ): Promise<number>;
  destroy(): Promise<void>;
}

export async function createIngestionTarget(clock: () => Date): Promise<IngestionTarget> {
  const db = await createTestDatabase();
  const org = await seedOrg(db.knex);
  const teamId = (await seedTeam(db.knex, org.orgId)).teamId;
  const ingestion = createIngestion({ db: db.knex, clock });
  return {
    db,
    ingestion,
    async insertUser(fallbackTimeZone) {
      const id = newId();
      await db.knex('users').insert({
        id,
        team_id: teamId,
        environment: 'sandbox',
        client_user_id: `client-${id}`,
        fallback_time_zone: fallbackTimeZone,
        fallback_time_zone_source: fallbackTimeZone ? 'manual' : null,
      });
      return id;
    },
    ingestPage: (userId, page) =>
      ingestion.ingest({
        userId,
        mode: 'historical',
        timeseries: page.timeseries,
        summaries: page.summaries,
        workoutStreams: page.workoutStreams,
      }),
    async count(table, userId, where = {}) {
      const row = await db
        .knex(table)
        .where({ user_id: userId, ...where })
        .count<{ n: string }[]>({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },
    destroy: () => db.destroy(),
  };
}
