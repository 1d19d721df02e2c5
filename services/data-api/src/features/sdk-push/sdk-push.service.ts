import type { Knex } from '@meridian/db';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '@meridian/domain';
import { currentContext, type Logger } from '@meridian/platform';
import type { IngestionUser } from '@meridian/ingestion';
import type { MobileProvider } from '@meridian/sdk-push';
import type { DevicePrincipal } from '../sdk-auth/device-auth';
import {
  batchFingerprint,
  recordCount,
  type PushAnswer,
  type PushLimits,
  type PushRequest,
  type PushResourceResult,
} from './push-batch';
import { createPushBatchesRepository, type BatchClaim, type StoredBatch } from './push-batches.repository';
import {
  startConnection,
  storedCheckpoint,
  storedResult,
  storeResourcePush,
  writeResources,
  type OutboxRow,
  type ResourcePush,
} from './push-resource';
import {
  createSdkConnectionsRepository,
  type HistoricalPullState,
  type PushOwner,
} from './sdk-connections.repository';
import { DeviceSessionEndedError } from './device-session-cache';
import { withPipelinedTransaction } from './pipelined-transaction';
import { mapBatch, type Mapped } from './push-validation';
import { createSyncCheckpointsRepository, type StoredCheckpoint } from './sync-checkpoints.repository';

/**
 * `POST /v2/sdk/push/{provider}` (decision 0009 "Push"): a resend of an answered batch gets the stored answer
 * and writes nothing; a new batch is validated whole (422, nothing written), claimed, then stored with its
 * answer in one transaction; when that fails, resource by resource (one transaction each, so one failing
 * resource never blocks the others) and its answer kept.
 */

/** How long a claim holds before another request may take over a batch whose process died. */
const CLAIM_MS = 2 * 60_000;
/** Retry-After of a batch another request is storing in its transaction (a push takes seconds at most). */
const IN_PROGRESS_RETRY_SECONDS = 5;
/** How long a device's answered batches are kept for replay. */
const REPLAY_WINDOW_MS = 30 * 86_400_000;

export interface PushOutcome {
  answer: PushAnswer;
  /** The stored answer of an earlier identical request. */
  replayed: boolean;
}

/** 409 for a batch another request is storing right now: the app retries after `Retry-After`. */
export class BatchInProgressError extends ConflictError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'batch_in_progress',
      'This batch_id is being stored by another request; retry later to receive its answer.',
    );
  }
}

const batchIdReused = () =>
  new ConflictError(
    'batch_id_reused',
    'This batch_id was already used by this device for a different batch; batch ids must be unique per device.',
  );

const STORAGE_FAILED = {
  type: 'storage_error',
  message: 'The records of this resource could not be stored; send them again.',
} as const;

export interface SdkPushDeps {
  db: Knex;
  clock: () => Date;
  logger: Logger;
  limits: PushLimits;
}

export function createSdkPushService(deps: SdkPushDeps) {
  const batches = createPushBatchesRepository(deps.db);
  const checkpoints = createSyncCheckpointsRepository(deps.db);
  const owners = createSdkConnectionsRepository(deps.db);

  /** The stored answer, or a conflict; undefined when the batch is new (or its claim ran out). */
  function answerOf(stored: StoredBatch | undefined, hash: string, now: Date): PushOutcome | undefined {
    if (!stored) return undefined;
    if (stored.requestHash !== hash) throw batchIdReused();
    if (stored.status === 'completed' && stored.response) return { answer: stored.response, replayed: true };
    const until = stored.claimedUntil?.getTime() ?? 0;
    if (until > now.getTime())
      throw new BatchInProgressError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
    return undefined;
  }

  async function claim(
    c: BatchClaim,
    device: DevicePrincipal,
    batchId: string,
  ): Promise<PushOutcome | undefined> {
    if (await batches.claim(c)) return undefined;
    if (await batches.takeOver(c)) return undefined;
    // Another request claimed or answered it between our look and our claim.
    const outcome = answerOf(await batches.find(device.deviceId, batchId), c.requestHash, c.now);
    if (outcome) return outcome;
    throw new BatchInProgressError(Math.ceil(CLAIM_MS / 1000));
  }

  async function storeOne(p: Parameters<typeof storeResourcePush>[1]): Promise<PushResourceResult> {
    try {
      return await storeResourcePush(deps.db, p);
    } catch (err) {
      if (err instanceof NotFoundError) throw err;
      const error =
        err instanceof ValidationError
          ? {
              type: 'invalid_records',
              message: `The records were refused: ${err.issues[0]?.msg ?? 'invalid'}.`.slice(0, 1000),
            }
          : STORAGE_FAILED;
      if (!(err instanceof DomainError)) {
        deps.logger.error('push: a resource could not be stored', {
          err,
          provider: p.provider,
          resource: p.resource,
        });
      }
      const key = { deviceId: p.deviceId, provider: p.provider, resource: p.resource };
      await checkpoints
        .recordFailure({
          ...key,
          batchId: p.batchId,
          errorType: error.type,
          message: error.message,
          now: p.now,
        })
        .catch((e: unknown) => deps.logger.error('push: could not record a failed resource', { err: e }));
      const stored = await checkpoints.find(key).catch(() => undefined);
      return {
        resource: p.resource,
        status: 'failed',
        acknowledged_anchor: stored?.anchor ?? null,
        records_received: p.mapped.recordCount,
        samples_created: 0,
        samples_updated: 0,
        samples_unchanged: 0,
        samples_dropped: 0,
        error,
      };
    }
  }

  async function releaseClaim(deviceId: string, batchId: string): Promise<void> {
    await batches.release(deviceId, batchId).catch((err: unknown) => {
      deps.logger.warn('push: could not release a batch claim; it runs out by itself', { err });
    });
  }

  function resourcePushes(
    device: DevicePrincipal,
    provider: MobileProvider,
    owner: PushOwner,
    batch: PushRequest,
    mapped: Mapped[],
    now: Date,
  ): ResourcePush[] {
    const traceId = currentContext()?.traceId ?? null;
    return batch.resources.map((entry, i) => ({
      owner,
      deviceId: device.deviceId,
      provider,
      batchId: batch.batch_id,
      resource: entry.resource,
      anchor: entry.anchor ?? null,
      moreHistory: entry.more_history === true,
      mapped: mapped[i]!,
      now,
      traceId,
    }));
  }

  /**
   * Every resource, its checkpoint and the batch's answer in the batch's transaction (begun by
   * `beginPush`, which read the user, connection and locked pulls): the samples, then the data events, the
   * checkpoints, the answer and the device's last push in one statement, sent with the COMMIT (its error
   * is the commit's). Any failure rolls all of it back (the caller then stores resource by resource).
   */
  async function storeTogether(
    trx: Knex.Transaction,
    pushes: ResourcePush[],
    c: {
      deviceId: string;
      batchId: string;
      owner: PushOwner;
      user: IngestionUser;
      /** The provider whose activity lock `beginPush` took. */
      activityLocked: string;
      provider: string;
      requestHash: string;
      sentAt: Date | null;
      takeOver: boolean;
      connectionId: string | null;
      pulls: Map<string, HistoricalPullState>;
      now: Date;
    },
  ): Promise<PushAnswer> {
    const results: PushResourceResult[] = [];
    let checkpoints: StoredCheckpoint[] = [];
    let events: OutboxRow[] = [];
    if (pushes.length > 0) {
      const connections = createSdkConnectionsRepository(trx);
      const resources = pushes.map((p) => p.resource);
      const traceId = pushes[0]!.traceId;
      let pulls = c.pulls;
      if (c.connectionId === null) {
        await startConnection(trx, c.owner, c.provider, c.now);
        pulls = await connections.lockHistoricalPulls(c.owner.id, c.provider, resources, c.now, traceId);
      } else if (resources.some((r) => !pulls.has(r))) {
        pulls = await connections.lockHistoricalPulls(c.owner.id, c.provider, resources, c.now, traceId);
      }
      const stored = await writeResources(trx, pushes, pulls, c.user, [c.activityLocked]);
      const writes = stored.writes;
      events = stored.events;
      checkpoints = pushes.map((p, i) => storedCheckpoint(p, writes[i]!));
      // A push that sends its anchor has it acknowledged; one that sends null keeps the stored one (read back).
      const acknowledged = pushes.every((p) => p.anchor !== null)
        ? new Map(pushes.map((p) => [p.resource, p.anchor]))
        : await createSyncCheckpointsRepository(trx).recordStoredMany(checkpoints);
      if (pushes.some((p) => p.anchor === null)) checkpoints = [];
      pushes.forEach((p, i) =>
        results.push(storedResult(p, writes[i]!, acknowledged.get(p.resource) ?? null)),
      );
    }
    const answer: PushAnswer = { batch_id: c.batchId, results };
    await createPushBatchesRepository(trx).completeWithPush({
      deviceId: c.deviceId,
      batchId: c.batchId,
      userId: c.owner.id,
      provider: c.provider,
      requestHash: c.requestHash,
      sentAt: c.sentAt,
      takeOver: c.takeOver,
      pushed: results.length > 0,
      checkpoints,
      events,
      response: answer,
      now: c.now,
      purgeBefore: new Date(c.now.getTime() - REPLAY_WINDOW_MS),
      withCommit: true,
    });
    return answer;
  }

  /** One transaction per resource, so a failing resource never blocks the others. */
  async function storeApart(pushes: ResourcePush[]): Promise<PushResourceResult[]> {
    const results: PushResourceResult[] = [];
    for (const p of pushes) results.push(await storeOne(p));
    return results;
  }

  return {
    /** `bodyDigest`: the SHA-256 of the request body's bytes (the batch fingerprint is over them). */
    async push(
      device: DevicePrincipal,
      provider: MobileProvider,
      batch: PushRequest,
      bodyDigest?: string,
    ): Promise<PushOutcome> {
      const records = recordCount(batch);
      if (records > deps.limits.maxRecords) {
        throw new PayloadTooLargeError(
          'too_many_records',
          `A batch holds at most ${deps.limits.maxRecords} records (this one: ${records}); split it.`,
          { max_records: deps.limits.maxRecords },
        );
      }
      const now = deps.clock();
      const hash = batchFingerprint(provider, batch, bodyDigest);
      const claimed: BatchClaim = {
        deviceId: device.deviceId,
        batchId: batch.batch_id,
        provider,
        requestHash: hash,
        sentAt: batch.sent_at ? new Date(batch.sent_at) : null,
        now,
        claimedUntil: new Date(now.getTime() + CLAIM_MS),
      };
      // One transaction: the batch taken (a concurrent request with it gets 409), looked up and, when new,
      // validated whole (422, nothing written) and stored with its answer. When storing fails, the batch is
      // claimed and stored resource by resource below. Its BEGIN, SAVEPOINT and COMMIT ride along with the
      // statements next to them (pipelined-transaction.ts): three round trips fewer per push.
      const state: { storing?: { owner: PushOwner; pushes: ResourcePush[] } } = {};
      try {
        return await withPipelinedTransaction(deps.db, async (trx) => {
          const begun = await createSdkConnectionsRepository(trx).beginPush(device, {
            deviceId: device.deviceId,
            batchId: batch.batch_id,
            provider,
            now,
            resources: batch.resources.map((r) => r.resource),
          });
          // The device session ended since it was looked up (the push route may reuse a lookup): 401.
          if (!begun.sessionActive) throw new DeviceSessionEndedError();
          if (!begun.locked) throw new BatchInProgressError(IN_PROGRESS_RETRY_SECONDS);
          const earlier = answerOf(begun.batch, hash, now);
          if (earlier) return earlier;
          const owner = begun.owner;
          if (!owner || !begun.user) throw new NotFoundError("The device's user no longer exists.");
          const mapped = mapBatch(provider, batch, {
            deviceId: device.deviceId,
            fallbackTimeZone: batch.time_zone ?? owner.fallbackTimeZone,
            perDeviceActivity: owner.perDeviceActivity,
          });
          const pushes = resourcePushes(device, provider, owner, batch, mapped, now);
          state.storing = { owner, pushes };
          const answer = await storeTogether(trx, pushes, {
            deviceId: device.deviceId,
            batchId: batch.batch_id,
            owner,
            user: begun.user,
            activityLocked: begun.activityLocked,
            provider,
            requestHash: hash,
            sentAt: claimed.sentAt,
            takeOver: begun.batch !== undefined,
            connectionId: begun.connectionId,
            pulls: begun.pulls,
            now,
          });
          return { answer, replayed: false };
        });
      } catch (err) {
        // Refused before storing (409, 404, 422), or the user is gone: nothing was written.
        if (!state.storing || err instanceof NotFoundError) throw err;
        // Some resource could not be stored: nothing of the batch was kept; store each on its own.
        if (!(err instanceof DomainError)) {
          deps.logger.warn('push: the batch could not be stored whole; storing resource by resource', {
            err,
          });
        }
      }
      const { owner, pushes } = state.storing;
      const raced = await claim(claimed, device, batch.batch_id);
      if (raced) return raced;

      let answered = false;
      try {
        const results = await storeApart(pushes);
        const answer: PushAnswer = { batch_id: batch.batch_id, results };
        if (results.some((r) => r.status !== 'failed')) {
          await owners.recordPush(device.deviceId, owner.id, provider, now);
        }
        // A batch with a failed resource is not kept: its resend is stored again, not answered from here.
        if (results.some((r) => r.status === 'failed')) return { answer, replayed: false };
        await batches.complete(device.deviceId, batch.batch_id, answer, now);
        answered = true;
        await batches
          .purgeBefore(device.deviceId, new Date(now.getTime() - REPLAY_WINDOW_MS))
          .catch((err: unknown) => deps.logger.warn('push: could not purge old batches', { err }));
        return { answer, replayed: false };
      } finally {
        if (!answered) await releaseClaim(device.deviceId, batch.batch_id);
      }
    },
  };
}

export type SdkPushService = ReturnType<typeof createSdkPushService>;
