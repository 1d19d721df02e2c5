import type { Knex } from '@meridian/db';
import { newId } from '@meridian/domain';
import type { AzureAmqpSettings } from './etl-routing';
import { groupBy } from '../group-by';

/**
 * The delivery worker's ETL tables (api-shapes §7.4): team environments' pipelines, the `etl_messages`
 * fan-out, the claim of due rows (FOR UPDATE SKIP LOCKED, lease moved forward in the same statement, so
 * replicas share the work) and the record of each send's outcome.
 */

export const ETL_DESTINATION = 'azure_amqp';

export interface EtlMessage {
  id: string;
  eventId: string;
  teamId: string;
  environment: string;
  /** Attempts made before this claim. */
  attempts: number;
}

export interface EtlEvent {
  id: string;
  userId: string | null;
  eventType: string;
  body: string;
}

export interface EtlPipeline {
  teamId: string;
  environment: string;
  preferences: { enabled?: unknown } | null;
  azureAmqp: AzureAmqpSettings | null;
  azureConnectionStringCiphertext: string | null;
  eventTypePrefixes: string[] | null;
}

/** A failed attempt's new state: pending until `nextAttemptAt`, or failed (dead letter) when null. */
export interface EtlFailure {
  id: string;
  /** Attempts made, this one included. */
  attempts: number;
  nextAttemptAt: Date | null;
}

interface PipelineRow {
  team_id: string;
  environment: string;
  preferences: { enabled?: unknown } | null;
  azure_amqp: AzureAmqpSettings | null;
  azure_connection_string_ciphertext: string | null;
  event_type_prefixes: string[] | null;
}

const PIPELINE_COLUMNS = [
  'team_id',
  'environment',
  'preferences',
  'azure_amqp',
  'azure_connection_string_ciphertext',
  'event_type_prefixes',
] as const;

const toPipeline = (row: PipelineRow): EtlPipeline => ({
  teamId: row.team_id,
  environment: row.environment,
  preferences: row.preferences,
  azureAmqp: row.azure_amqp,
  azureConnectionStringCiphertext: row.azure_connection_string_ciphertext,
  eventTypePrefixes: row.event_type_prefixes,
});

/** The key of a team environment's pipeline. */
export const pipelineKey = (teamId: string, environment: string) => `${teamId}:${environment}`;

export function createEtlMessagesRepository(db: Knex | Knex.Transaction) {
  return {
    /** Whether any team environment has a pipeline. */
    async anyPipeline(): Promise<boolean> {
      const row: unknown = await db('etl_pipelines').first(db.raw('1 as one'));
      return row !== undefined;
    },

    /** An outbox event's type with its team environment's pipeline, in one lookup. */
    async findEventPipeline(
      eventId: string,
    ): Promise<{ eventType: string; pipeline: EtlPipeline } | undefined> {
      const row: (PipelineRow & { event_type: string }) | undefined = await db('outbox as o')
        .join('etl_pipelines as p', function () {
          this.on('p.team_id', '=', 'o.team_id').andOn('p.environment', '=', 'o.environment');
        })
        .where('o.id', eventId)
        .first('o.event_type', ...PIPELINE_COLUMNS.map((c) => `p.${c}`));
      return row && { eventType: row.event_type, pipeline: toPipeline(row) };
    },

    /** Creates the ETL message of an event for its pipeline (idempotent). */
    async insertMessage(message: {
      eventId: string;
      teamId: string;
      environment: string;
      eventHub: string;
    }): Promise<void> {
      await db('etl_messages')
        .insert({
          id: newId(),
          event_id: message.eventId,
          team_id: message.teamId,
          environment: message.environment,
          destination: ETL_DESTINATION,
          event_hub: message.eventHub,
        })
        .onConflict(['event_id', 'team_id', 'environment', 'destination'])
        .ignore();
    },

    async pendingMessageIds(eventId: string): Promise<string[]> {
      const rows: { id: string }[] = await db('etl_messages')
        .where({ event_id: eventId, destination: ETL_DESTINATION, status: 'pending' })
        .select('id');
      return rows.map((r) => r.id);
    },

    /** Moves the lease forward on up to `limit` due rows (optionally only `ids`) in one statement; oldest due first. */
    async claimDue(query: {
      ids?: readonly string[];
      limit: number;
      leaseUntil: Date;
    }): Promise<EtlMessage[]> {
      const { ids } = query;
      const { rows } = await db.raw<{
        rows: { id: string; event_id: string; team_id: string; environment: string; attempts: number }[];
      }>(
        `with due as (
           select id, next_attempt_at from etl_messages
            where status = 'pending' and destination = :destination and next_attempt_at <= now()
              ${ids ? 'and id = any(cast(:ids as text[]))' : ''}
            order by next_attempt_at
            limit :limit
            for update skip locked
         ), claimed as (
           update etl_messages m
              set next_attempt_at = :lease, updated_at = now()
             from due
            where m.id = due.id
            returning m.id, m.event_id, m.team_id, m.environment, m.attempts, due.next_attempt_at as due_at
         )
         select id, event_id, team_id, environment, attempts from claimed order by due_at`,
        {
          destination: ETL_DESTINATION,
          limit: query.limit,
          lease: query.leaseUntil,
          ...(ids ? { ids: [...ids] } : {}),
        },
      );
      return rows.map((r) => ({
        id: r.id,
        eventId: r.event_id,
        teamId: r.team_id,
        environment: r.environment,
        attempts: r.attempts,
      }));
    },

    /** The outbox events of claimed messages, by id (a purged event is absent). */
    async loadEvents(eventIds: readonly string[]): Promise<Map<string, EtlEvent>> {
      const rows: { id: string; user_id: string | null; event_type: string; body: string }[] = await db(
        'outbox',
      )
        .whereIn('id', [...new Set(eventIds)])
        .select('id', 'user_id', 'event_type', db.raw('payload::text as body'));
      return new Map(
        rows.map((r) => [r.id, { id: r.id, userId: r.user_id, eventType: r.event_type, body: r.body }]),
      );
    },

    /** The pipelines of these team environments, by `pipelineKey` (a removed pipeline is absent). */
    async loadPipelines(
      teamEnvironments: readonly { teamId: string; environment: string }[],
    ): Promise<Map<string, EtlPipeline>> {
      const unique = [...groupBy(teamEnvironments, (p) => pipelineKey(p.teamId, p.environment)).values()].map(
        (g) => g[0]!,
      );
      if (unique.length === 0) return new Map();
      const rows: PipelineRow[] = await db('etl_pipelines')
        .where((q) => {
          for (const p of unique) q.orWhere({ team_id: p.teamId, environment: p.environment });
        })
        .select(...PIPELINE_COLUMNS);
      return new Map(rows.map((r) => [pipelineKey(r.team_id, r.environment), toPipeline(r)]));
    },

    async markSucceeded(ids: readonly string[], eventHub: string | null): Promise<void> {
      if (ids.length === 0) return;
      await db('etl_messages')
        .whereIn('id', [...ids])
        .update({
          status: 'succeeded',
          attempts: db.raw('attempts + 1'),
          last_error: null,
          event_hub: eventHub,
          updated_at: db.fn.now(),
        });
    },

    /** Records one failed attempt of many rows in one statement (a failed send can leave hundreds). */
    async recordFailures(
      failures: readonly EtlFailure[],
      error: string,
      eventHub: string | null,
    ): Promise<void> {
      if (failures.length === 0) return;
      const now = new Date();
      await db.raw(
        `update etl_messages m
            set status = v.status, attempts = v.attempts, last_error = :error,
                next_attempt_at = v.next_attempt_at,
                event_hub = coalesce(cast(:eventHub as text), m.event_hub), updated_at = now()
           from unnest(cast(:ids as text[]), cast(:statuses as text[]), cast(:attempts as int[]),
                       cast(:next as timestamptz[]))
                as v(id, status, attempts, next_attempt_at)
          where m.id = v.id`,
        {
          error,
          eventHub,
          ids: failures.map((f) => f.id),
          statuses: failures.map((f) => (f.nextAttemptAt === null ? 'failed' : 'pending')),
          attempts: failures.map((f) => f.attempts),
          // A dead letter keeps the time of its last attempt (the column is not null).
          next: failures.map((f) => f.nextAttemptAt ?? now),
        },
      );
    },
  };
}

export type EtlMessagesRepository = ReturnType<typeof createEtlMessagesRepository>;
