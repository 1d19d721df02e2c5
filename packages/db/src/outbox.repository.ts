import type { Knex } from 'knex';
import { newId, type EventEnvelope, type Environment } from '@meridian/domain';

export interface OutboxEvent {
  teamId: string;
  environment: Environment;
  userId: string | null;
  envelope: EventEnvelope<unknown>;
  /** Delivered only to ETL pipelines (historical data pushed with `push_historical_data`). */
  etlOnly?: boolean;
}

/** Writes events in the caller's transaction, so they commit with the domain change. */
export function createOutboxRepository(db: Knex | Knex.Transaction) {
  return {
    async append(events: OutboxEvent[]): Promise<string[]> {
      if (events.length === 0) return [];
      const rows = events.map((e) => ({
        id: newId(),
        team_id: e.teamId,
        environment: e.environment,
        user_id: e.userId,
        event_type: e.envelope.event_type,
        payload: JSON.stringify(e.envelope),
        etl_only: e.etlOnly ?? false,
      }));
      await db('outbox').insert(rows);
      return rows.map((r) => r.id);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
