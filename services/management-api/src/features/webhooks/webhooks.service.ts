import { NotFoundError, ValidationError } from '@meridian/domain';
import { decodeCursor, listScope, sealCursor } from '../shared/keyset-cursor';
import type { UnitOfWork } from '../shared/unit-of-work';
import { toWireDateTime } from '../shared/wire-time';
import { openHeaderValues, sealHeaderValues, type CursorCodec, type SecretBox } from '@meridian/platform';
import type { TargetAllowList } from '@meridian/platform';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types';
import { assertValidHeaders, redactHeaders } from './webhook-headers';
import { generateWebhookSecret, isValidWebhookSecret, newWebhookId } from './webhook-secret';
import { assertSafeWebhookTarget, type HostResolver } from './webhook-target';
import type { WebhookChanges, WebhookPlace, WebhookRow } from './webhooks.repository';

/** `Webhook` (api-shapes §8.3). */
export interface Webhook {
  id: string;
  url: string;
  description: string;
  rate_limit: number | null;
  disabled: boolean;
  filter_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface CreateWebhookInput {
  url: string;
  description?: string;
  rate_limit?: number | null;
  disabled?: boolean;
  filter_types?: string[] | null;
  secret?: string | null;
}

export type PatchWebhookInput = Partial<Omit<CreateWebhookInput, 'secret'>>;

/** How long the previous secret keeps signing after a rotation (api-shapes §7.3). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    rate_limit: row.rate_limit,
    disabled: row.disabled,
    filter_types: row.filter_types,
    created_at: toWireDateTime(row.created_at),
    updated_at: toWireDateTime(row.updated_at),
  };
}

function assertKnownEventTypes(filterTypes: readonly string[] | null | undefined): void {
  const index = (filterTypes ?? []).findIndex((t) => !WEBHOOK_EVENT_TYPES.has(t));
  if (index >= 0) {
    throw ValidationError.single(
      ['body', 'filter_types', String(index)],
      `Unknown event type '${filterTypes![index]}'`,
      'value_error',
      filterTypes![index],
      {},
    );
  }
}

function assertSecret(secret: string, loc: string[]): void {
  if (!isValidWebhookSecret(secret)) {
    throw ValidationError.single(
      loc,
      'A secret must be whsec_ followed by the base64 of 24 to 64 bytes',
      'value_error',
      secret,
      { min_bytes: 24, max_bytes: 64 },
    );
  }
}

/** Webhook ids are `ep_…` strings, not uuids. */
const isWebhookId = (id: string) => /^ep_[A-Za-z0-9_-]+$/.test(id);

/** The webhook list's cursors open only for the team environment they were issued for. */
const webhooksScope = (place: WebhookPlace) =>
  listScope('webhooks', place.orgId, place.teamId, place.environment);

/** What keeps webhooks safe: secrets sealed at rest, and the SSRF check of target URLs. */
export interface WebhookSecurity {
  secretBox: SecretBox;
  resolveHost: HostResolver;
  allowList: TargetAllowList;
}

export function createWebhooksService(
  deps: { uow: UnitOfWork<'webhooks' | 'teams'>; clock: () => Date; cursors: CursorCodec } & WebhookSecurity,
) {
  const { uow, clock, secretBox } = deps;
  const notFound = () => new NotFoundError('Webhook not found.');
  const checkTarget = (url: string) =>
    assertSafeWebhookTarget(url, { resolve: deps.resolveHost, allowList: deps.allowList });

  async function existing(place: WebhookPlace, id: string): Promise<WebhookRow> {
    const row = await uow.read(({ webhooks }) => webhooks.find(place, id));
    if (!row) throw notFound();
    return row;
  }

  /** Read-modify-write of one webhook in a transaction, the row locked. */
  function change(
    place: WebhookPlace,
    id: string,
    changesOf: (row: WebhookRow) => Omit<WebhookChanges, 'updated_at'>,
  ) {
    return uow.write(async ({ webhooks }) => {
      const row = await webhooks.findForUpdate(place, id);
      if (!row) throw notFound();
      const changes = Object.fromEntries(Object.entries(changesOf(row)).filter(([, v]) => v !== undefined));
      return webhooks.update(row.id, { ...changes, updated_at: clock() });
    });
  }

  return {
    async list(place: WebhookPlace, query: { nextCursor?: string; limit: number }) {
      const after = decodeCursor(deps.cursors, webhooksScope(place), query.nextCursor, isWebhookId);
      const page = await uow.read(async ({ teams, webhooks }) => {
        if (!(await teams.findInOrg(place.orgId, place.teamId))) throw new NotFoundError('Team not found.');
        return webhooks.list(place, after, query.limit);
      });
      return {
        data: page.items.map(toWebhook),
        next_cursor: sealCursor(deps.cursors, webhooksScope(place), page.nextCursor),
      };
    },

    async create(place: WebhookPlace, input: CreateWebhookInput): Promise<Webhook> {
      assertKnownEventTypes(input.filter_types);
      if (input.secret != null) assertSecret(input.secret, ['body', 'secret']);
      await checkTarget(input.url);
      const secret = input.secret ?? generateWebhookSecret();
      const now = clock();
      const row = await uow.write(async ({ teams, webhooks }) => {
        if (!(await teams.findInOrg(place.orgId, place.teamId))) throw new NotFoundError('Team not found.');
        return webhooks.insert({
          id: newWebhookId(),
          team_id: place.teamId,
          environment: place.environment,
          url: input.url,
          description: input.description ?? '',
          rate_limit: input.rate_limit ?? null,
          disabled: input.disabled ?? false,
          filter_types: input.filter_types ?? null,
          headers: {},
          secret_ciphertext: secretBox.seal(secret),
          created_at: now,
          updated_at: now,
        });
      });
      return toWebhook(row);
    },

    async get(place: WebhookPlace, id: string): Promise<Webhook> {
      return toWebhook(await existing(place, id));
    },

    async patch(place: WebhookPlace, id: string, input: PatchWebhookInput): Promise<Webhook> {
      assertKnownEventTypes(input.filter_types);
      if (input.url !== undefined) await checkTarget(input.url);
      const row = await change(place, id, () => ({
        url: input.url,
        description: input.description,
        rate_limit: input.rate_limit,
        disabled: input.disabled,
        filter_types: input.filter_types,
        // re-enabling starts the failure clock of auto-disable afresh
        ...(input.disabled === false ? { failing_since: null } : {}),
      }));
      return toWebhook(row);
    },

    async delete(place: WebhookPlace, id: string): Promise<void> {
      const deleted = await uow.write(({ webhooks }) => webhooks.delete(place, id));
      if (!deleted) throw notFound();
    },

    async getHeaders(place: WebhookPlace, id: string) {
      return redactHeaders(openHeaderValues(secretBox, (await existing(place, id)).headers));
    },

    async replaceHeaders(place: WebhookPlace, id: string, headers: Record<string, string>): Promise<void> {
      assertValidHeaders(headers);
      await change(place, id, () => ({ headers: sealHeaderValues(secretBox, headers) }));
    },

    async getSecret(place: WebhookPlace, id: string): Promise<{ key: string }> {
      return { key: secretBox.open((await existing(place, id)).secret_ciphertext) };
    },

    /** The old secret keeps signing next to the new one for 24 h, so receivers can switch over. */
    async rotateSecret(place: WebhookPlace, id: string, key: string | null | undefined): Promise<void> {
      if (key != null) assertSecret(key, ['body', 'key']);
      const secret = key ?? generateWebhookSecret();
      await change(place, id, (row) => ({
        secret_ciphertext: secretBox.seal(secret),
        previous_secret_ciphertext: row.secret_ciphertext,
        previous_secret_expires_at: new Date(clock().getTime() + PREVIOUS_SECRET_GRACE_MS),
      }));
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
