import type { Knex } from '@meridian/db';
import type { TeamScope } from '@meridian/domain';

/** The events feed's view of the outbox: a team environment's events in commit order. */

export interface FeedEvent {
  seq: number;
  id: string;
  createdAt: Date;
  payload: Record<string, unknown>;
}

export function createEventsRepository(db: Knex | Knex.Transaction) {
  return {
    /** Up to `limit` events after sequence number `afterSeq`. */
    async pageAfter(scope: TeamScope, afterSeq: number, limit: number): Promise<FeedEvent[]> {
      const rows = await db('outbox')
        // etl_only: historical data pushed to ETL pipelines only (push_historical_data), never to the feed.
        .where({ team_id: scope.teamId, environment: scope.environment, etl_only: false })
        .andWhere('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(limit)
        .select<{ seq: number | string; id: string; created_at: Date; payload: Record<string, unknown> }[]>(
          'seq',
          'id',
          'created_at',
          'payload',
        );
      return rows.map((r) => ({ seq: Number(r.seq), id: r.id, createdAt: r.created_at, payload: r.payload }));
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
