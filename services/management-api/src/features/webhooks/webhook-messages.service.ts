import { withTransaction, type Knex } from '@meridian/db';
import { ConflictError, NotFoundError } from '@meridian/domain';
import type { CursorCodec } from '@meridian/platform';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import { toWireDateTime, toWireDateTimeOrNull } from '../shared/wire-time';
import {
  createWebhookMessagesRepository,
  type WebhookAttemptRow,
  type WebhookMessageRow,
  type WebhookMessageStatus,
} from './webhook-messages.repository';
import { createWebhooksRepository, type WebhookPlace, type WebhookRow } from './webhooks.repository';

/** `WebhookMessage`: one delivery of one event to one webhook; `id` is the stable `webhook-id` header. */
export interface WebhookMessage {
  id: string;
  event_id: string;
  event_type: string;
  status: WebhookMessageStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookAttempt {
  id: string;
  attempted_at: string;
  status_code: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: string | null;
}

function toMessage(row: WebhookMessageRow): WebhookMessage {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type ?? '',
    status: row.status,
    attempts: row.attempts,
    // only a pending message has a next attempt; a finished one keeps the column's last value
    next_attempt_at: row.status === 'pending' ? toWireDateTimeOrNull(row.next_attempt_at) : null,
    last_status_code: row.last_status_code,
    created_at: toWireDateTime(row.created_at),
    updated_at: toWireDateTime(row.updated_at),
  };
}

function toAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return {
    id: row.id,
    attempted_at: toWireDateTime(row.attempted_at),
    status_code: row.status_code,
    response_body: row.response_body,
    duration_ms: row.duration_ms,
    error: row.error,
    next_attempt_at: toWireDateTimeOrNull(row.next_attempt_at),
  };
}

/** Message and attempt ids are text here, not uuids. */
const isTextId = (id: string) => /^[A-Za-z0-9_-]{1,128}$/.test(id);

/**
 * The message list's cursors open only for the webhook they were issued for, an attempt list's only for its
 * message (and both only in the team environment of the webhook).
 */
const messagesScope = (place: WebhookPlace, webhookId: string) =>
  listScope('webhook-messages', place.orgId, place.teamId, place.environment, webhookId);
const attemptsScope = (place: WebhookPlace, webhookId: string, messageId: string) =>
  listScope('webhook-attempts', place.orgId, place.teamId, place.environment, webhookId, messageId);

/** Delivery history of a webhook and manual re-delivery (resend one message, recover failed ones). */
export function createWebhookMessagesService(deps: { db: Knex; clock: () => Date; cursors: CursorCodec }) {
  const { db, clock } = deps;
  const repos = (conn: Knex | Knex.Transaction) => ({
    webhooks: createWebhooksRepository(conn),
    messages: createWebhookMessagesRepository(conn),
  });
  const read = repos(db);
  const write = <T>(work: (r: ReturnType<typeof repos>) => Promise<T>) =>
    withTransaction(db, (trx) => work(repos(trx)));
  const webhookNotFound = () => new NotFoundError('Webhook not found.');
  const messageNotFound = () => new NotFoundError('Webhook message not found.');

  async function webhookOf(place: WebhookPlace, webhookId: string): Promise<WebhookRow> {
    const row = await read.webhooks.find(place, webhookId);
    if (!row) throw webhookNotFound();
    return row;
  }

  /** Re-delivery needs an enabled endpoint: the worker would not deliver to a disabled one. */
  function assertEnabled(webhook: WebhookRow): void {
    if (webhook.disabled) {
      throw new ConflictError('invalid_state', 'The webhook is disabled; enable it before re-delivering.', {
        webhook_id: webhook.id,
      });
    }
  }

  return {
    async listMessages(
      place: WebhookPlace,
      webhookId: string,
      query: { nextCursor?: string; limit: number; status?: WebhookMessageStatus },
    ) {
      const scope = messagesScope(place, webhookId);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor, isTextId);
      await webhookOf(place, webhookId);
      const page = await read.messages.listMessages(webhookId, {
        after,
        limit: query.limit,
        status: query.status,
      });
      return {
        data: page.items.map(toMessage),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    async listAttempts(
      place: WebhookPlace,
      webhookId: string,
      messageId: string,
      query: { nextCursor?: string; limit: number },
    ) {
      const scope = attemptsScope(place, webhookId, messageId);
      const after = decodeCursor(deps.cursors, scope, query.nextCursor, isTextId);
      await webhookOf(place, webhookId);
      if (!(await read.messages.findMessage(webhookId, messageId))) throw messageNotFound();
      const page = await read.messages.listAttempts(messageId, { after, limit: query.limit });
      return {
        data: page.items.map(toAttempt),
        next_cursor: sealCursor(deps.cursors, scope, page.nextCursor),
      };
    },

    async resend(place: WebhookPlace, webhookId: string, messageId: string) {
      return write(async ({ webhooks, messages }) => {
        const webhook = await webhooks.findForUpdate(place, webhookId);
        if (!webhook) throw webhookNotFound();
        assertEnabled(webhook);
        if (!(await messages.requeue(webhookId, messageId, clock()))) throw messageNotFound();
        return { id: messageId, status: 'pending' as const };
      });
    },

    async recover(place: WebhookPlace, webhookId: string, since: Date) {
      return write(async ({ webhooks, messages }) => {
        const webhook = await webhooks.findForUpdate(place, webhookId);
        if (!webhook) throw webhookNotFound();
        assertEnabled(webhook);
        return { recovered: await messages.requeueFailedSince(webhookId, since, clock()) };
      });
    },
  };
}

export type WebhookMessagesService = ReturnType<typeof createWebhookMessagesService>;
