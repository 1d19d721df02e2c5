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

/** An outbox row as the relay publishes it: the thin message carries only the id. */
export interface ClaimedOutboxEvent {
  id: string;
  eventType: string;
  createdAt: Date;
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

    /**
     * The relay's claim: marks up to `limit` of the oldest unpublished events published and returns them in
     * outbox order, in one statement. Rows another transaction holds are skipped (SKIP LOCKED), so relays
     * share the work without waiting. Run it in a transaction that commits only once the broker has
     * confirmed every returned event: a rollback makes them unpublished again (at-least-once).
     */
    async claimUnpublished(limit: number): Promise<ClaimedOutboxEvent[]> {
      const { rows } = await db.raw<{
        rows: { id: string; event_type: string; created_at: Date; seq: string }[];
      }>(
        `update outbox set published_at = now()
          where seq in (select seq from outbox where published_at is null
                        order by seq limit ? for update skip locked)
         returning id, event_type, created_at, seq`,
        [limit],
      );
      return rows
        .sort((a, b) => Number(a.seq) - Number(b.seq))
        .map((r) => ({ id: r.id, eventType: r.event_type, createdAt: r.created_at }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
