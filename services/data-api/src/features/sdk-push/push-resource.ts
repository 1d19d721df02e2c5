import { withTransaction, type Knex, type OutboxEvent } from '@meridian/db';
import { eventEnvelope, newId, providerBySlug, toProviderObject } from '@meridian/domain';
import {
  activityLock,
  createIngestion,
  DATA_EVENT_RESOURCES,
  historicalPullEvent,
  type IngestionUser,
} from '@meridian/ingestion';
import type { MapResult } from '@meridian/sdk-push';
import type { PushResourceResult } from './push-batch';
import {
  createSdkConnectionsRepository,
  type HistoricalPullState,
  type PushOwner,
} from './sdk-connections.repository';
import { namedStatement } from './prepared-statements';
import { createSyncCheckpointsRepository } from './sync-checkpoints.repository';

/**
 * One resource of a push batch, in the batch's transaction (every resource healthy) or in its own: the connection (created and announced by the first
 * stored push), the resource's historical pull (its first push, closed with `historical.data.<resource>.created`
 * unless the app says more history follows), the samples through the one ingestion path, and the device's
 * checkpoint. In its own transaction, a failure rolls back this resource only.
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

/**
 * `startConnection`'s statement: the connection inserted (connected, `auth_type` sdk) unless the user has one
 * of the provider (concurrent pushes wait on the unique (user, provider) insert, so exactly one creates it);
 * only when this statement created it, the provider's earlier pulls forgotten, every device's history of it
 * started again and the connection announced.
 */
const START_CONNECTION = `with connection as (
           insert into provider_connections (id, user_id, provider, status, auth_type, credential_source,
                  resource_availability, created_on, updated_at)
           values (?::uuid, ?::uuid, ?::text, 'connected', 'sdk', 'platform', ?::jsonb, ?::timestamptz, ?::timestamptz)
           on conflict (user_id, provider) do nothing
           returning id
         ), forgotten as (
           delete from historical_pulls
            where user_id = ?::uuid and provider = ?::text and exists (select 1 from connection)
           returning 1
         ), reset as (
           update sdk_sync_checkpoints set historical_completed_at = null
            where provider = ?::text and device_id in (select id from sdk_devices where user_id = ?::uuid)
              and exists (select 1 from connection)
           returning 1
         ), announced as (
           insert into outbox (id, team_id, environment, user_id, event_type, payload, etl_only)
           select ?::uuid, ?::uuid, ?::text, ?::uuid, ?::text, ?::jsonb, false
            where exists (select 1 from connection)
           returning 1
         )
         select exists (select 1 from connection) as created`;

/**
 * A new connection: earlier pulls and checkpoints of the provider no longer count, and it is announced; all
 * in one statement (see START_CONNECTION). True when this call created the connection.
 */
export async function startConnection(
  trx: Knex.Transaction,
  owner: PushOwner,
  provider: string,
  now: Date,
): Promise<boolean> {
  const availability = availabilityOf(provider);
  const announce = connectionCreatedEvent(owner, provider, availability);
  const result = await trx
    .raw<{ rows: { created: boolean }[] }>(START_CONNECTION, [
      newId(),
      owner.id,
      provider,
      JSON.stringify(availability),
      now,
      now,
      owner.id,
      provider,
      provider,
      owner.id,
      newId(),
      announce.teamId,
      announce.environment,
      announce.userId,
      announce.envelope.event_type,
      JSON.stringify(announce.envelope),
    ])
    .options(namedStatement(START_CONNECTION));
  return result.rows[0]?.created === true;
}

/** What one resource's samples did, before its checkpoint is written. */
export interface ResourceWrite {
  created: number;
  updated: number;
  unchanged: number;
  dropped: number;
  /** The push counted as (part of) the resource's historical pull. */
  historical: boolean;
}

/** The resource's samples through the one ingestion path, and its historical pull closed when this push ends it. */
export async function writeResource(
  trx: Knex.Transaction,
  p: ResourcePush,
  pull: HistoricalPullState,
): Promise<ResourceWrite> {
  const historical = pull.status !== 'success';
  const written = await createIngestion({ db: trx, clock: () => p.now }).ingest({
    userId: p.owner.id,
    mode: historical ? 'historical' : 'daily',
    timeseries: p.mapped.timeseries,
    summaries: p.mapped.summaries,
    workoutStreams: p.mapped.workoutStreams,
  });
  if (historical && !p.moreHistory) await closeHistory(trx, p);
  return { ...written, historical };
}

/** Outbox events with the ids they are written under. */
export type OutboxRow = OutboxEvent & { id: string };

/**
 * Every resource of a batch through the one ingestion path in one write (the batch's transaction, which the
 * caller rolls back whole on any error: no savepoint), the activity days they touch derived once; then the
 * historical pulls this push ends closed, in the batch's order. `user`: the batch's user, read and locked in
 * this transaction (`beginPush`), which holds the activity locks of `activityLocked` providers. The data
 * events, then the `historical.data.*` events of the pulls it closes, are returned for the caller's last
 * statement to write.
 */
export async function writeResources(
  trx: Knex.Transaction,
  pushes: readonly ResourcePush[],
  pulls: ReadonlyMap<string, HistoricalPullState>,
  user: IngestionUser,
  activityLocked: readonly string[],
): Promise<{ writes: ResourceWrite[]; events: OutboxRow[] }> {
  if (pushes.length === 0) return { writes: [], events: [] };
  const historical = pushes.map((p) => pulls.get(p.resource)!.status !== 'success');
  const events: OutboxRow[] = [];
  const written = await createIngestion({ db: trx, clock: () => pushes[0]!.now }).ingestMany(
    pushes.map((p, i) => ({
      userId: p.owner.id,
      mode: historical[i] ? 'historical' : 'daily',
      timeseries: p.mapped.timeseries,
      summaries: p.mapped.summaries,
      workoutStreams: p.mapped.workoutStreams,
    })),
    {
      savepoint: false,
      user,
      activityLocked,
      deferEvents: (deferred) => {
        const rows = deferred.map((e) => ({ ...e, id: newId() }));
        events.push(...rows);
        return rows.map((r) => r.id);
      },
    },
  );
  // The historical pulls this push ends, closed in one statement; their `historical.data.*` events follow
  // the data events.
  const closing = pushes.filter((p, i) => historical[i] && !p.moreHistory);
  if (closing.length > 0) {
    const { provider, now } = closing[0]!;
    const ranges = await createSdkConnectionsRepository(trx).completeHistoricalPulls(
      user.id,
      provider,
      closing.map((p) => p.resource),
      now,
    );
    for (const p of closing) {
      const range = ranges.get(p.resource);
      if (!range || !DATA_EVENT_RESOURCES.has(p.resource)) continue;
      events.push({
        ...historicalPullEvent(user, { provider, resource: p.resource, ...range }),
        id: newId(),
      });
    }
  }
  return { writes: written.map((w, i) => ({ ...w, historical: historical[i]! })), events };
}

/** The checkpoint a stored push writes. */
export const storedCheckpoint = (p: ResourcePush, w: ResourceWrite) => ({
  deviceId: p.deviceId,
  provider: p.provider,
  resource: p.resource,
  anchor: p.anchor,
  batchId: p.batchId,
  recordsStored: w.created + w.updated,
  historicalDone: !(w.historical && p.moreHistory),
  now: p.now,
});

/** The answer for a stored resource. */
export function storedResult(
  p: ResourcePush,
  w: ResourceWrite,
  acknowledged: string | null,
): PushResourceResult {
  const changed = w.created + w.updated > 0;
  return {
    resource: p.resource,
    status: changed ? 'stored' : 'no_new_data',
    acknowledged_anchor: acknowledged,
    records_received: p.mapped.recordCount,
    samples_created: w.created,
    samples_updated: w.updated,
    samples_unchanged: w.unchanged,
    samples_dropped: w.dropped,
    error: null,
  };
}

/** One resource in its own transaction (a failure rolls back this resource only). */
export async function storeResourcePush(db: Knex, p: ResourcePush): Promise<PushResourceResult> {
  return withTransaction(db, async (trx) => {
    // The activity lock first, as a batch's transaction takes it (`beginPush`): locks in one order.
    const lock = activityLock(p.owner.id, p.provider);
    await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [lock.classId, lock.key]);
    await startConnection(trx, p.owner, p.provider, p.now);
    const pull = await createSdkConnectionsRepository(trx).lockHistoricalPull(
      p.owner.id,
      p.provider,
      p.resource,
      p.now,
      p.traceId,
    );
    const written = await writeResource(trx, p, pull);
    const acknowledged = await createSyncCheckpointsRepository(trx).recordStored(
      storedCheckpoint(p, written),
    );
    return storedResult(p, written, acknowledged);
  });
}
