import { connectorFor, type Connector, type ProviderTokens } from '@meridian/connectors';
import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import {
  eventEnvelope,
  newId,
  NotFoundError,
  providerBySlug,
  toProviderObject,
  type Environment,
} from '@meridian/domain';
import { currentContext } from '@meridian/platform';
import { clientForConnection, connectorContextFor } from './client-credentials';
import {
  loadPullPreferences,
  loadScopeRequirements,
  planConnection,
  type ConnectionPlan,
  type ResourceAvailability,
} from './connection-plan';
import { createHistoricalPullsRepository } from './historical-pulls.repository';
import { publishSyncTask } from './provider-sync-task';
import { sealTokens } from './sealed-tokens';
import type { SyncDeps } from './sync-deps';
import { createSyncStreamsRepository } from './sync-streams.repository';

/**
 * Records a connection once the person authorised Meridian at the provider, in one transaction: the
 * connection with its tokens sealed, resource availability, a sync stream and historical pulls for what the
 * team pulls, and `provider.connection.created` (once per connection: a reconnect clears the error state and
 * resumes the streams where they stopped, without a second event). Then the sync task is published and the
 * provider's webhooks subscribed (both best effort).
 *
 * `status: 'pending'` (an e-mail invitation not yet accepted) records a connected connection without tokens
 * and pulls nothing until the provider's acceptance calls this again with tokens.
 */

export interface EstablishConnectionInput {
  userId: string;
  provider: string;
  authType: 'oauth' | 'password' | 'email' | 'app';
  tokens: ProviderTokens | null;
  credentialSource: 'platform' | 'team_custom';
  externalUserId: string | null;
  status?: 'connected' | 'pending';
}

const DAY_MS = 86_400_000;

interface ConnectingUser {
  id: string;
  teamId: string;
  environment: Environment;
  clientUserId: string;
}

async function lockActiveUser(trx: Knex.Transaction, userId: string): Promise<ConnectingUser> {
  const row = await trx('users')
    .where({ id: userId })
    .whereNull('deleted_at')
    .first<{ id: string; team_id: string; environment: Environment; client_user_id: string } | undefined>(
      'id',
      'team_id',
      'environment',
      'client_user_id',
    )
    .forUpdate();
  if (!row) throw new NotFoundError('No user with this id.');
  return { id: row.id, teamId: row.team_id, environment: row.environment, clientUserId: row.client_user_id };
}

function connectionCreatedEvent(
  user: ConnectingUser,
  provider: string,
  externalUserId: string | null,
  availability: Record<string, ResourceAvailability>,
) {
  const info = providerBySlug(provider);
  if (!info) throw new Error(`${provider} is not in the provider catalog`);
  const providerObject = toProviderObject(info);
  return {
    teamId: user.teamId,
    environment: user.environment,
    userId: user.id,
    envelope: eventEnvelope(
      'provider.connection.created',
      {
        user_id: user.id,
        provider: providerObject,
        source: { ...providerObject },
        external_user_id: externalUserId,
        resource_availability: availability,
      },
      { userId: user.id, clientUserId: user.clientUserId, teamId: user.teamId },
    ),
  };
}

async function upsertConnection(
  trx: Knex.Transaction,
  input: EstablishConnectionInput & { externalUserId: string | null },
  sealed: string | null,
  plan: ConnectionPlan,
  now: Date,
): Promise<{ connectionId: string; created: boolean }> {
  const columns = {
    status: 'connected',
    error_details: null,
    auth_type: input.authType,
    credentials_sealed: sealed,
    previous_refresh_sealed: null,
    previous_refresh_until: null,
    token_expires_at: input.tokens?.expiresAt ?? null,
    scopes: input.tokens?.scopes ?? [],
    credential_source: input.credentialSource,
    external_user_id: input.externalUserId,
    resource_availability: JSON.stringify(plan.availability),
    updated_at: now,
  };
  const existing = await trx('provider_connections')
    .where({ user_id: input.userId, provider: input.provider })
    .first<{ id: string } | undefined>('id')
    .forUpdate();
  if (existing) {
    await trx('provider_connections').where({ id: existing.id }).update(columns);
    return { connectionId: existing.id, created: false };
  }
  const id = newId();
  await trx('provider_connections').insert({
    id,
    user_id: input.userId,
    provider: input.provider,
    created_on: now,
    ...columns,
  });
  return { connectionId: id, created: true };
}

/**
 * History starts at a UTC midnight: providers' date collections are asked by UTC date, so day-aligned
 * windows never ask for a day twice.
 */
export function historyStart(now: Date, backfillDays: number): Date {
  const start = new Date(now.getTime() - backfillDays * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate()));
}

/** Streams and pulls: new streams start their history; existing ones resume where they stopped. */
async function scheduleStreams(
  trx: Knex.Transaction,
  connectionId: string,
  userId: string,
  provider: string,
  plan: ConnectionPlan,
  now: Date,
): Promise<void> {
  const streamsRepo = createSyncStreamsRepository(trx);
  const pulls = createHistoricalPullsRepository(trx);
  const before = new Set((await streamsRepo.listForConnection(connectionId)).map((s) => s.stream));
  const planned = plan.streams.map((spec) => ({
    stream: spec.name,
    rangeStart: historyStart(now, spec.backfillDays),
    rangeEnd: now,
  }));
  await streamsRepo.upsertForConnection(connectionId, planned, now);
  const traceId = currentContext()?.traceId ?? null;
  for (const s of planned) {
    const resources = plan.resourcesByStream.get(s.stream) ?? [];
    if (before.has(s.stream)) await pulls.reschedule(userId, provider, resources, now);
    else
      await pulls.schedule({
        userId,
        provider,
        resources,
        rangeStart: s.rangeStart,
        rangeEnd: s.rangeEnd,
        now,
        traceId,
      });
  }
}

async function subscribeWebhooks(
  deps: SyncDeps,
  connector: Connector,
  input: {
    teamId: string;
    environment: Environment;
    provider: string;
    credentialSource: string;
    tokens: ProviderTokens;
  },
): Promise<void> {
  const webhook = connector.webhook;
  if (!webhook?.subscribe || !deps.webhookBaseUrl) return;
  try {
    const client = await clientForConnection(deps, input);
    const url = `${deps.webhookBaseUrl.replace(/\/+$/, '')}/v2/provider_webhooks/${input.provider}`;
    await webhook.subscribe(connectorContextFor(deps, input.provider, client), input.tokens, url);
  } catch (err) {
    deps.logger.warn('could not subscribe to the provider webhooks; incremental polling covers it', {
      err,
      provider: input.provider,
    });
  }
}

export async function establishConnection(
  deps: SyncDeps,
  input: EstablishConnectionInput,
): Promise<{ connectionId: string; created: boolean }> {
  const connector = connectorFor(input.provider);
  if (!connector) throw new NotFoundError('Unknown provider slug; see GET /v2/providers.');
  const now = deps.clock();
  const externalUserId = input.externalUserId ?? input.tokens?.externalUserId ?? null;
  const canPull = input.tokens !== null && input.status !== 'pending';
  const sealed = input.tokens ? sealTokens(deps.secretBox, input.tokens) : null;

  const result = await withTransaction(deps.db, async (trx) => {
    const user = await lockActiveUser(trx, input.userId);
    const plan = planConnection({
      connector,
      grantedScopes: input.tokens?.scopes ?? null,
      team: await loadScopeRequirements(trx, user.teamId, input.provider),
      prefs: await loadPullPreferences(trx, user, input.provider),
      canPull,
    });
    const saved = await upsertConnection(trx, { ...input, externalUserId }, sealed, plan, now);
    if (canPull) await scheduleStreams(trx, saved.connectionId, user.id, input.provider, plan, now);
    if (saved.created) {
      await createOutboxRepository(trx).append([
        connectionCreatedEvent(user, input.provider, externalUserId, plan.availability),
      ]);
    }
    return { ...saved, user };
  });

  if (canPull && input.tokens) {
    await publishSyncTask(deps, result.connectionId);
    await subscribeWebhooks(deps, connector, {
      teamId: result.user.teamId,
      environment: result.user.environment,
      provider: input.provider,
      credentialSource: input.credentialSource,
      tokens: input.tokens,
    });
  }
  return { connectionId: result.connectionId, created: result.created };
}
