import type { Knex } from '@meridian/db';
import type { Environment } from '@meridian/domain';
import type { KeysetPosition } from '../shared/keyset-cursor';
import { cursorColumn, toPage, type KeysetRow, type Page } from '../shared/page';

/** A webhook row as the API reads it (secrets stay sealed: `secret-box.ts`). */
export interface WebhookRow {
  id: string;
  team_id: string;
  environment: Environment;
  url: string;
  description: string;
  rate_limit: number | null;
  disabled: boolean;
  filter_types: string[] | null;
  headers: Record<string, string>;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type NewWebhook = Omit<
  WebhookRow,
  'previous_secret_ciphertext' | 'previous_secret_expires_at' | 'failing_since'
>;

export type WebhookChanges = Partial<
  Pick<
    WebhookRow,
    | 'url'
    | 'description'
    | 'rate_limit'
    | 'disabled'
    | 'filter_types'
    | 'headers'
    | 'secret_ciphertext'
    | 'previous_secret_ciphertext'
    | 'previous_secret_expires_at'
    | 'failing_since'
  >
> & { updated_at: Date };

/** Where a webhook lives: org (through its team), team and environment. */
export interface WebhookPlace {
  orgId: string;
  teamId: string;
  environment: Environment;
}

export function createWebhooksRepository(db: Knex) {
  const inPlace = (place: WebhookPlace) =>
    db('webhooks as w')
      .join('teams as t', 't.id', 'w.team_id')
      .where({ 't.org_id': place.orgId, 'w.team_id': place.teamId, 'w.environment': place.environment });

  return {
    async list(
      place: WebhookPlace,
      after: KeysetPosition | undefined,
      limit: number,
    ): Promise<Page<WebhookRow & KeysetRow>> {
      let q = inPlace(place)
        .select('w.*', cursorColumn(db, 'w.created_at'))
        .orderBy([{ column: 'w.created_at' }, { column: 'w.id' }])
        .limit(limit + 1);
      // ids are text (`ep_…`), so not the uuid comparison of `afterPosition`
      if (after) q = q.whereRaw('(w.created_at, w.id) > (?::timestamptz, ?::text)', [after.at, after.id]);
      return toPage((await q) as (WebhookRow & KeysetRow)[], limit);
    },

    async find(place: WebhookPlace, id: string): Promise<WebhookRow | undefined> {
      return (await inPlace(place).where('w.id', id).select('w.*').first()) as WebhookRow | undefined;
    },

    /** Locks the row for a read-modify-write (secret rotation, patch). */
    async findForUpdate(place: WebhookPlace, id: string): Promise<WebhookRow | undefined> {
      return (await inPlace(place).where('w.id', id).select('w.*').forUpdate('w').first()) as
        WebhookRow | undefined;
    },

    async insert(webhook: NewWebhook): Promise<WebhookRow> {
      const [row] = await db('webhooks')
        .insert({ ...webhook, headers: JSON.stringify(webhook.headers) })
        .returning('*');
      return row as WebhookRow;
    },

    async update(id: string, changes: WebhookChanges): Promise<WebhookRow> {
      const values = changes.headers ? { ...changes, headers: JSON.stringify(changes.headers) } : changes;
      const [row] = await db('webhooks').where({ id }).update(values).returning('*');
      return row as WebhookRow;
    },

    async delete(place: WebhookPlace, id: string): Promise<boolean> {
      const found = await inPlace(place).where('w.id', id).select('w.id').first();
      if (!found) return false;
      await db('webhooks').where({ id }).delete();
      return true;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
