import type { Knex } from '@meridian/db';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

export type WebhookMessageStatus = 'pending' | 'succeeded' | 'failed';

/** A `webhook_messages` row joined with the event type of its outbox event. */
export interface WebhookMessageRow {
  id: string;
  event_id: string;
  event_type: string | null;
  status: WebhookMessageStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookAttemptRow {
  id: string;
  attempted_at: Date;
  status_code: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: Date | null;
}

/** Delivery state the event-delivery worker records; every query is scoped to one webhook id. */
export function createWebhookMessagesRepository(db: Knex | Knex.Transaction) {
  /** Newest first: rows strictly before `after` in `(column desc, id desc)` order. */
  const before = (q: Knex.QueryBuilder, column: string, idColumn: string, after?: KeysetPosition) =>
    after
      ? q.whereRaw('(??, ??::text) < (?::timestamptz, ?::text)', [column, idColumn, after.at, after.id])
      : q;

  return {
    async listMessages(
      webhookId: string,
      query: { status?: WebhookMessageStatus; after?: KeysetPosition; limit: number },
    ): Promise<Page<WebhookMessageRow & KeysetRow>> {
      let q = db('webhook_messages as m')
        .leftJoin('outbox as o', 'o.id', 'm.event_id')
        .where('m.webhook_id', webhookId)
        .select('m.*', 'o.event_type', cursorColumn(db, 'm.created_at'))
        .orderBy([
          { column: 'm.created_at', order: 'desc' },
          { column: 'm.id', order: 'desc' },
        ])
        .limit(query.limit + 1);
      if (query.status) q = q.where('m.status', query.status);
      q = before(q, 'm.created_at', 'm.id', query.after);
      return toPage((await q) as (WebhookMessageRow & KeysetRow)[], query.limit);
    },

    async findMessage(webhookId: string, messageId: string): Promise<{ id: string } | undefined> {
      return (await db('webhook_messages')
        .where({ webhook_id: webhookId, id: messageId })
        .select('id')
        .first()) as { id: string } | undefined;
    },

    async listAttempts(
      messageId: string,
      query: { after?: KeysetPosition; limit: number },
    ): Promise<Page<WebhookAttemptRow & KeysetRow>> {
      let q = db('webhook_attempts as a')
        .where('a.message_id', messageId)
        .select('a.*', cursorColumn(db, 'a.attempted_at'))
        .orderBy([
          { column: 'a.attempted_at', order: 'desc' },
          { column: 'a.id', order: 'desc' },
        ])
        .limit(query.limit + 1);
      q = before(q, 'a.attempted_at', 'a.id', query.after);
      return toPage((await q) as (WebhookAttemptRow & KeysetRow)[], query.limit);
    },

    /** Puts one message back in the delivery queue, due at `now`; false when it is not this webhook's. */
    async requeue(webhookId: string, messageId: string, now: Date): Promise<boolean> {
      const n = await db('webhook_messages')
        .where({ webhook_id: webhookId, id: messageId })
        .update({ status: 'pending', next_attempt_at: now, updated_at: now });
      return n > 0;
    },

    /** Puts every failed message created at or after `since` back in the queue; returns how many. */
    async requeueFailedSince(webhookId: string, since: Date, now: Date): Promise<number> {
      return db('webhook_messages')
        .where({ webhook_id: webhookId, status: 'failed' })
        .where('created_at', '>=', since)
        .update({ status: 'pending', next_attempt_at: now, updated_at: now });
    },
  };
}

export type WebhookMessagesRepository = ReturnType<typeof createWebhookMessagesRepository>;
