import { createOutboxRepository, withTransaction, type Knex } from '@meridian/db';
import { eventEnvelope, providerBySlug, toProviderObject } from '@meridian/domain';
import { createIngestion, DATA_EVENT_RESOURCES } from '@meridian/ingestion';
import type { MapResult } from '@meridian/sdk-push';
import type { PushResourceResult } from './push-batch';
import { createSdkConnectionsRepository, type PushOwner } from './sdk-connections.repository';
import { createSyncCheckpointsRepository } from './sync-checkpoints.repository';

/**
 * One resource of a push batch, in one transaction: the connection (created and announced by the first
 * stored push), the resource's historical pull (its first push, closed with `historical.data.<resource>.created`
 * unless the app says more history follows), the samples through the one ingestion path, and the device's
 * checkpoint. A failure rolls back this resource only.
 */

export interface ResourcePush {
  owner: PushOwner;
  deviceId: string;
  provider: string;
  batchId: string;
  resource: string;
  anchor: string | null;
  moreHistory: boolean;
  mapped: Extract<MapResult, { ok: true }>;
  now: Date;
  traceId: string | null;
}

/** Every resource the provider's SDK can push counts as available: the phone's permissions are not known here. */
function availabilityOf(provider: string): Record<string, { status: 'available'; scope_requirements: null }> {
  const resources = providerBySlug(provider)?.supportedResources ?? [];
  return Object.fromEntries(resources.map((r) => [r, { status: 'available', scope_requirements: null }]));
}

function connectionCreatedEvent(owner: PushOwner, provider: string, availability: Record<string, unknown>) {
  const info = providerBySlug(provider);
  if (!info) throw new Error(`${provider} is not in the provider catalog`);
  const providerObject = toProviderObject(info);
  return {
    teamId: owner.teamId,
    environment: owner.environment,
    userId: owner.id,
    envelope: eventEnvelope(
      'provider.connection.created',
      {
        user_id: owner.id,
        provider: providerObject,
        source: { ...providerObject },
        external_user_id: null,
        resource_availability: availability,
      },
      { userId: owner.id, clientUserId: owner.clientUserId, teamId: owner.teamId },
    ),
  };
}

async function closeHistory(trx: Knex.Transaction, p: ResourcePush): Promise<void> {
  const repo = createSdkConnectionsRepository(trx);
  const span = await repo.dataSpan(p.owner.id, p.provider, p.resource);
  const rangeStart = span.oldest ?? p.now;
  const rangeEnd = span.newest && span.newest > p.now ? span.newest : p.now;
  if (DATA_EVENT_RESOURCES.has(p.resource)) {
    await createIngestion({ db: trx, clock: () => p.now }).completeHistoricalPull({
      userId: p.owner.id,
      provider: p.provider,
      resources: [p.resource],
      rangeStart,
      rangeEnd,
    });
  }
  const daysWithData = await repo.daysWithData(p.owner.id, p.provider, p.resource, rangeStart, rangeEnd);
  await repo.completeHistoricalPull(p.owner.id, p.provider, p.resource, {
    rangeStart,
    rangeEnd,
    daysWithData,
    now: p.now,
  });
}

export async function storeResourcePush(db: Knex, p: ResourcePush): Promise<PushResourceResult> {
  return withTransaction(db, async (trx) => {
    const connections = createSdkConnectionsRepository(trx);
    const checkpoints = createSyncCheckpointsRepository(trx);
    const availability = availabilityOf(p.provider);
    const connection = await connections.ensureConnection(p.owner.id, p.provider, availability, p.now);
    if (connection.created) {
      await connections.forgetHistoricalPulls(p.owner.id, p.provider);
      await checkpoints.resetHistory(p.owner.id, p.provider);
      await createOutboxRepository(trx).append([connectionCreatedEvent(p.owner, p.provider, availability)]);
    }
    const pull = await connections.lockHistoricalPull(p.owner.id, p.provider, p.resource, p.now, p.traceId);
    const historical = pull.status !== 'success';
    const written = await createIngestion({ db: trx, clock: () => p.now }).ingest({
      userId: p.owner.id,
      mode: historical ? 'historical' : 'daily',
      timeseries: p.mapped.timeseries,
      summaries: p.mapped.summaries,
      workoutStreams: p.mapped.workoutStreams,
    });
    const closesHistory = historical && !p.moreHistory;
    if (closesHistory) await closeHistory(trx, p);
    const acknowledged = await checkpoints.recordStored({
      deviceId: p.deviceId,
      provider: p.provider,
      resource: p.resource,
      anchor: p.anchor,
      batchId: p.batchId,
      recordsStored: written.created + written.updated,
      historicalDone: !(historical && p.moreHistory),
      now: p.now,
    });
    const changed = written.created + written.updated > 0;
    return {
      resource: p.resource,
      status: changed ? 'stored' : 'no_new_data',
      acknowledged_anchor: acknowledged,
      records_received: p.mapped.recordCount,
      samples_created: written.created,
      samples_updated: written.updated,
      samples_unchanged: written.unchanged,
      samples_dropped: written.dropped,
      error: null,
    };
  });
}
