import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';

/**
 * The delivery worker's webhook tables (api-shapes §7.3): fan-out into `webhook_messages`, the claim of due
 * messages (FOR UPDATE SKIP LOCKED, lease moved forward in the same statement, so replicas share the work),
 * and the batched records of attempts and endpoint health. Every write takes whole batches as arrays
 * (`unnest`): one statement per batch is what lets one worker keep up with thousands of deliveries a second.
 */

export const EXHAUSTED_EVENT_TYPE = 'message.attempt.exhausted';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ClaimedMessage {
  id: string;
  eventId: string;
  webhookId: string;
  /** Attempts made before this claim. */
  attempts: number;
}

/** A subscribed endpoint as delivery needs it; secrets and custom header values are sealed. */
export interface DeliveryEndpoint {
  id: string;
  url: string;
  disabled: boolean;
  /** Deliveries per second, or null for no limit. */
  rateLimit: number | null;
  headers: Record<string, string>;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
}

/** An outbox event with its payload as stored (the bytes that are signed and sent). */
export interface DeliveryEvent {
  id: string;
  teamId: string;
  environment: Environment;
  userId: string | null;
  eventType: string;
  body: string;
}

/** Claimed messages with the endpoints and events they need (an id is absent when its row is gone). */
export interface ClaimedBatch {
  messages: ClaimedMessage[];
  endpoints: Map<string, DeliveryEndpoint>;
  events: Map<string, DeliveryEvent>;
}

/** One attempt to record, with the state it leaves its message in. */
export interface AttemptRecord {
  messageId: string;
  attemptedAt: Date;
  statusCode: number | null;
  responseBody: string;
  durationMs: number;
  error: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  /** Attempts made, this one included. */
  attempts: number;
  /** When the message is tried again; null when it is settled. */
  nextAttemptAt: Date | null;
}

/** An endpoint whose batch ended in failure. */
export interface FailingEndpoint {
  id: string;
  /** A success earlier in the batch ended the previous run of failures. */
  reset: boolean;
  firstFailure: Date;
  lastFailure: Date;
  /** It answered 410 Gone: disabled at once. */
  gone: boolean;
}

interface ClaimedRow {
  id: string;
  event_id: string;
  webhook_id: string;
  attempts: number;
  o_id: string | null;
  team_id: string;
  environment: Environment;
  user_id: string | null;
  event_type: string;
  body: string;
  w_id: string | null;
  url: string;
  disabled: boolean;
  rate_limit: number | null;
  headers: Record<string, string>;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
}

function toBatch(rows: readonly ClaimedRow[]): ClaimedBatch {
  const batch: ClaimedBatch = { messages: [], endpoints: new Map(), events: new Map() };
  for (const r of rows) {
    batch.messages.push({ id: r.id, eventId: r.event_id, webhookId: r.webhook_id, attempts: r.attempts });
    if (r.w_id !== null && !batch.endpoints.has(r.w_id)) {
      batch.endpoints.set(r.w_id, {
        id: r.w_id,
        url: r.url,
        disabled: r.disabled,
        rateLimit: r.rate_limit,
        headers: r.headers,
        secretCiphertext: r.secret_ciphertext,
        previousSecretCiphertext: r.previous_secret_ciphertext,
        previousSecretExpiresAt: r.previous_secret_expires_at,
      });
    }
    if (r.o_id !== null && !batch.events.has(r.o_id)) {
      batch.events.set(r.o_id, {
        id: r.o_id,
        teamId: r.team_id,
        environment: r.environment,
        userId: r.user_id,
        eventType: r.event_type,
        body: r.body,
      });
    }
  }
  return batch;
}

export function createWebhookDeliveryRepository(db: Knex | Knex.Transaction) {
  /**
   * One statement: the subscribed pairs of the events, their messages inserted (idempotent), then `result`
   * over `pairs`. Message ids are `msg_` + 24 base64url characters: 18 bytes of SHA-256 over a fresh random
   * 128-bit salt and the pair's number in the statement (unguessable and distinct, like the two random UUIDs
   * per row this replaced, at a twentieth of their cost in PostgreSQL).
   */
  async function fanOutStatement<R>(eventIds: readonly string[], result: string): Promise<R[]> {
    const ids = [...new Set(eventIds)].filter((id) => UUID.test(id)); // anything else is not in the outbox
    if (ids.length === 0) return [];
    const { rows } = await db.raw<{ rows: R[] }>(
      `with pairs as (
         select o.id as event_id, w.id as webhook_id, row_number() over () as n
           from outbox o
           join webhooks w on w.team_id = o.team_id and w.environment = o.environment and not w.disabled
            and (w.filter_types is null or o.event_type = any(w.filter_types))
            -- Never tell an endpoint about its own exhausted message through itself.
            and not (o.event_type = :exhausted and w.id is not distinct from o.payload->'data'->>'webhook_id')
          where o.id = any(cast(:ids as uuid[]))
            and not o.etl_only -- historical data pushed only to ETL pipelines
       ), inserted as (
         insert into webhook_messages (id, event_id, webhook_id)
         select 'msg_' || translate(encode(substr(sha256(cast(:salt as bytea) || int8send(n)), 1, 18), 'base64'),
                                    '+/', '-_'),
                event_id, webhook_id
           from pairs
         on conflict (event_id, webhook_id) do nothing
       )
       ${result}`,
      { ids, exhausted: EXHAUSTED_EVENT_TYPE, salt: randomBytes(16) },
    );
    return rows;
  }

  return {
    /**
     * Creates the messages of several outbox events for their subscribed, enabled endpoints (idempotent);
     * returns how many endpoints each event has.
     */
    async fanOut(eventIds: readonly string[]): Promise<Map<string, number>> {
      const pairs = new Map<string, number>();
      const rows = await fanOutStatement<{ event_id: string; endpoints: number }>(
        eventIds,
        'select event_id, count(*)::int as endpoints from pairs group by event_id',
      );
      for (const row of rows) pairs.set(row.event_id, row.endpoints);
      return pairs;
    },

    /** fanOut for the consumer's group commit: returns only how many messages the events have in all. */
    async fanOutTotal(eventIds: readonly string[]): Promise<number> {
      const rows = await fanOutStatement<{ pairs: number }>(
        eventIds,
        'select count(*)::int as pairs from pairs',
      );
      return rows[0]?.pairs ?? 0;
    },

    async pendingMessageIds(eventId: string): Promise<string[]> {
      const rows: { id: string }[] = await db('webhook_messages')
        .where({ event_id: eventId, status: 'pending' })
        .select('id');
      return rows.map((r) => r.id);
    },

    /**
     * Moves the lease forward on up to `limit` due messages (optionally only `ids`), oldest due first, and
     * reads what sending them needs (endpoint, event body), all in one statement.
     */
    async claimDue(query: {
      ids?: readonly string[];
      limit: number;
      leaseUntil: Date;
    }): Promise<ClaimedBatch> {
      const { ids } = query;
      const { rows } = await db.raw<{ rows: ClaimedRow[] }>(
        `with claimed as (
           update webhook_messages m
              set next_attempt_at = :lease, updated_at = now()
            where m.id in (
              select id from webhook_messages
               where status = 'pending' and next_attempt_at <= now()
                 ${ids ? 'and id = any(cast(:ids as text[]))' : ''}
               order by next_attempt_at
               limit :limit
               for update skip locked)
            returning m.id, m.event_id, m.webhook_id, m.attempts
         )
         select c.id, c.event_id, c.webhook_id, c.attempts,
                o.id as o_id, o.team_id, o.environment, o.user_id, o.event_type, o.payload::text as body,
                w.id as w_id, w.url, w.disabled, w.rate_limit, w.headers, w.secret_ciphertext,
                w.previous_secret_ciphertext, w.previous_secret_expires_at
           from claimed c
           left join outbox o on o.id = c.event_id
           left join webhooks w on w.id = c.webhook_id`,
        { lease: query.leaseUntil, limit: query.limit, ...(ids ? { ids: [...ids] } : {}) },
      );
      return toBatch(rows);
    },

    /** Moves messages to later without an attempt (rate limit): each is due again after its delay. */
    async postpone(postponed: readonly { id: string; delayMs: number }[]): Promise<void> {
      if (postponed.length === 0) return;
      await db.raw(
        `update webhook_messages m
            set next_attempt_at = clock_timestamp() + v.delay_ms * interval '1 millisecond', updated_at = now()
           from unnest(cast(:ids as text[]), cast(:delays as int[])) as v(id, delay_ms)
          where m.id = v.id`,
        { ids: postponed.map((p) => p.id), delays: postponed.map((p) => p.delayMs) },
      );
    },

    /** Settles messages with nothing left to deliver (endpoint disabled or gone, event purged): no attempt. */
    async failUndeliverable(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db('webhook_messages')
        .whereIn('id', [...ids])
        .update({ status: 'failed', updated_at: db.fn.now() });
    },

    /**
     * Records attempts and their messages' new states, and clears `failing_since` on the `recovered`
     * endpoints that had it, in one statement.
     */
    async recordAttempts(attempts: readonly AttemptRecord[], recovered: readonly string[]): Promise<void> {
      if (attempts.length === 0) return;
      await db.raw(
        `with attempts as (
           insert into webhook_attempts
             (id, message_id, attempted_at, status_code, response_body, duration_ms, error, next_attempt_at)
           select * from unnest(cast(:attemptIds as uuid[]), cast(:ids as text[]),
                                cast(:attemptedAt as timestamptz[]), cast(:codes as int[]),
                                cast(:bodies as text[]), cast(:durations as int[]), cast(:errors as text[]),
                                cast(:nextAttempts as timestamptz[]))
         ),
         recovered as (
           -- Touches only endpoints that were failing: the common case writes nothing.
           update webhooks set failing_since = null, updated_at = now()
            where id = any(cast(:recovered as text[])) and failing_since is not null
         )
         update webhook_messages m
            set status = v.status, attempts = v.attempts, last_status_code = v.code,
                next_attempt_at = v.next_attempt_at, updated_at = now()
           from unnest(cast(:ids as text[]), cast(:statuses as text[]), cast(:attempts as int[]),
                       cast(:codes as int[]), cast(:next as timestamptz[]))
                as v(id, status, attempts, code, next_attempt_at)
          where m.id = v.id`,
        {
          attemptIds: attempts.map(() => randomUUID()),
          ids: attempts.map((a) => a.messageId),
          attemptedAt: attempts.map((a) => a.attemptedAt),
          codes: attempts.map((a) => a.statusCode),
          bodies: attempts.map((a) => a.responseBody),
          durations: attempts.map((a) => a.durationMs),
          errors: attempts.map((a) => a.error),
          nextAttempts: attempts.map((a) => a.nextAttemptAt),
          recovered: [...recovered],
          statuses: attempts.map((a) => a.status),
          attempts: attempts.map((a) => a.attempts),
          // A settled message keeps its last attempt's time (the column is not null).
          next: attempts.map((a) => a.nextAttemptAt ?? a.attemptedAt),
        },
      );
    },

    /**
     * Moves `failing_since` of failing endpoints and disables those failing for `autoDisableAfterMs` or
     * gone. Run in a transaction: the rows are locked first in id order, so replicas recording failures of
     * the same endpoints never deadlock.
     */
    async recordFailingEndpoints(
      failing: readonly FailingEndpoint[],
      autoDisableAfterMs: number,
    ): Promise<void> {
      if (failing.length === 0) return;
      const ids = failing.map((f) => f.id).sort();
      await db('webhooks').whereIn('id', ids).orderBy('id').forUpdate().select('id');
      await db.raw(
        `update webhooks w set
           failing_since = case when v.reset then v.first_failure
                                else coalesce(w.failing_since, v.first_failure) end,
           disabled = w.disabled or v.gone
             or (case when v.reset then v.first_failure else coalesce(w.failing_since, v.first_failure) end)
                <= v.last_failure - make_interval(secs => cast(:secs as double precision)),
           updated_at = now()
         from unnest(cast(:ids as text[]), cast(:resets as boolean[]), cast(:firsts as timestamptz[]),
                     cast(:lasts as timestamptz[]), cast(:gones as boolean[]))
              as v(id, reset, first_failure, last_failure, gone)
         where w.id = v.id`,
        {
          secs: autoDisableAfterMs / 1000,
          ids: failing.map((f) => f.id),
          resets: failing.map((f) => f.reset),
          firsts: failing.map((f) => f.firstFailure),
          lasts: failing.map((f) => f.lastFailure),
          gones: failing.map((f) => f.gone),
        },
      );
    },
  };
}

export type WebhookDeliveryRepository = ReturnType<typeof createWebhookDeliveryRepository>;
