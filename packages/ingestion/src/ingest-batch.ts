import { withTransaction, type OutboxEvent } from '@meridian/db';
import { isUuid, NotFoundError } from '@meridian/domain';
import type { Knex } from 'knex';
import { sampleEvents } from './events/sample-events';
import { summaryEvents } from './events/summary-events';
import { applyIngestionBounds } from './ingestion-bounds';
import type { IngestBatch, IngestResult } from './ingestion.types';
import { loadIngestionUser, type IngestionUser } from './storage/ingestion-user.repository';
import { alongside } from './storage/alongside';
import { appendEvents } from './storage/outbox-events.repository';
import { SAMPLES_SAVEPOINT, type WriteOutcome } from './storage/samples.repository';
import type { WrittenSummary } from './storage/summaries.repository';
import { createZoneOffsets } from './time/zone-offset';
import { isRecord } from './validation/check-source';
import { finishNormalising, startNormalising, type StartedBatch } from './validation/normalise-batch';
import type { NormalisedSample } from './validation/normalise-timeseries';
import { activityDayKey, writeBatches, type BatchToWrite, type WrittenBatch } from './write-batch';

/**
 * The one ingestion path: validate and normalise the whole batch, drop what lies outside the user's
 * bounds, upsert samples, summaries and streams, re-derive the touched activity days, record resource
 * stats and write the data events (a historical chunk only for ETL pipelines that push historical data),
 * all in one transaction. A bad batch writes nothing.
 */
export async function ingestBatch(db: Knex, now: Date, batch: IngestBatch): Promise<IngestResult> {
  const [result] = await ingestBatches(db, now, [batch]);
  return result!;
}

/**
 * Several batches of one user (e.g. the resources of one mobile push, each in its own mode) as one write:
 * each validated, bounded and upserted as `ingestBatch` would, one after the other (a later batch sees an
 * earlier one's rows), then the activity days all of them touched derived once, the resource stats recorded
 * and the events written in one statement each. One result per batch, in order; a bad batch refuses all.
 *
 * Events are those of the batches ingested one by one, except that an activity day touched by several
 * batches is written (and announced) once, with its final figures: as a daily event when a daily batch
 * touched it, else as a historical batch's (ETL-only, when the user's pipeline asks for historical data).
 *
 * `savepoint: false` runs directly in `db` (a transaction the caller rolls back whole on any error).
 */
export async function ingestBatches(
  db: Knex,
  now: Date,
  batches: readonly IngestBatch[],
  opts: IngestManyOptions = {},
): Promise<IngestResult[]> {
  if (batches.length === 0) return [];
  const userId = userIdOf(batches[0]);
  for (const batch of batches) {
    if (userIdOf(batch) !== userId) throw new Error('ingestBatches: every batch must be of the same user');
  }
  if (opts.user && opts.user.id !== userId) throw new Error("ingestBatches: `user` is not the batches' user");
  if (opts.savepoint === false && db.isTransaction)
    return ingestInTransaction(db as Knex.Transaction, now, userId, batches, opts);
  if (db.isTransaction || opts.user)
    return withTransaction(db, (trx) => ingestInTransaction(trx, now, userId, batches, opts));
  return begunWithFirstStatement(db, (trx) => ingestInTransaction(trx, now, userId, batches, opts, true));
}

/**
 * A transaction of its own (as `withTransaction`) whose BEGIN the first statement of `work` sends (the
 * user's read, see `ingestInTransaction`'s `begin`) in the same message, instead of knex in a round trip of
 * its own; knex commits or rolls back as usual (a rollback before anything was sent only draws PostgreSQL's
 * warning that no transaction is in progress).
 */
function begunWithFirstStatement<T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const transaction = db.transaction(work);
  // knex sends BEGIN with the transaction's `begin` once it holds the connection (after this returns).
  (transaction as unknown as { begin: () => Promise<void> }).begin = () => Promise.resolve();
  return transaction;
}

/** How `ingestBatches` runs in the caller's transaction. */
export interface IngestManyOptions {
  /** false: run directly in `db`, a transaction the caller rolls back whole on any error (no savepoint). */
  savepoint?: boolean;
  /**
   * The batches' user, already read in this transaction with `ingestionUserColumns` and locked `for key
   * share` (so the purge cannot remove it meanwhile): not read again.
   */
  user?: IngestionUser;
  /**
   * Takes the data events instead of writing them, and answers the outbox ids they get: the caller writes
   * them in this transaction (e.g. with its own last statement), after anything it writes to the outbox
   * later must follow them.
   */
  deferEvents?: (events: OutboxEvent[]) => string[];
  /** Providers whose activity lock (`activityLock`) this transaction has taken already. */
  activityLocked?: readonly string[];
}

function userIdOf(batch: unknown): string {
  const userId = isRecord(batch) ? batch.userId : undefined;
  if (typeof userId !== 'string' || !isUuid(userId))
    throw new NotFoundError('User not found.', { user_id: userId });
  return userId;
}

async function ingestInTransaction(
  trx: Knex.Transaction,
  now: Date,
  userId: string,
  batches: readonly IngestBatch[],
  opts: IngestManyOptions,
  /** The transaction is not begun yet: the user's read (its first statement) begins it. */
  begin = false,
): Promise<IngestResult[]> {
  if (begin && opts.user) throw new Error('ingestInTransaction: a transaction to begin reads the user');
  // The samples' savepoint goes with the user's read (one round trip) when this transaction reads the user;
  // what of the batches needs nothing of the user is normalised meanwhile.
  let started: StartedBatch[] | undefined;
  let user = opts.user;
  if (!user) {
    const reading = loadIngestionUser(trx, userId, {
      thenSavepoint: SAMPLES_SAVEPOINT,
      begin,
    });
    await alongside(reading, () => {
      started = batches.map((batch) => startNormalising(batch, userId));
    });
    user = await reading;
  }
  const samplesSavepoint = opts.user === undefined;
  const zoneOffsets = createZoneOffsets();
  const fallbackZone = user.fallbackTimeZone;
  const bounds = { start: user.ingestionStart, end: user.ingestionEnd };
  const toWrite: BatchToWrite[] = batches.map((batch, i) => {
    const all = finishNormalising(started?.[i] ?? startNormalising(batch, userId), {
      userId,
      fallbackZone,
      now,
      zoneOffsets,
    });
    const kept = applyIngestionBounds(all, bounds, fallbackZone, zoneOffsets);
    // A historical chunk writes data events only for an ETL pipeline that asks for them.
    return { all, kept, perSample: batch.mode === 'daily' || user.pushesHistoricalEtl };
  });
  const activityLocked = new Set(opts.activityLocked ?? []);
  const guess = new SampleEventsGuess(user, toWrite, opts.deferEvents === undefined);
  const written = await writeBatches(
    {
      trx,
      user,
      bounds,
      now,
      zoneOffsets,
      activityLocked,
      samplesSavepoint,
      // Only a batch whose events need every sample has events to guess.
      whileSamplesWrite: toWrite.some((b) => b.perSample) ? (samples) => guess.make(samples) : undefined,
    },
    toWrite,
  );
  const events = dataEvents(user, batches, written.batches, activityByMode(batches, written), guess);
  const eventIds = opts.deferEvents
    ? events.length === 0
      ? []
      : opts.deferEvents(events)
    : await appendEvents(trx, events, (e) => guess.payloadOf(e));
  // Every event id goes to each result (the caller of a single batch gets its own).
  return written.batches.map((w, i) => {
    const kept = toWrite[i]!.kept;
    const stored = kept.samples.length + kept.summaries.length + kept.streams.length;
    const { created, updated } = countOutcomes(w);
    return { created, updated, unchanged: stored - created - updated, dropped: kept.dropped, eventIds };
  });
}

/** The derived activity days announced as daily data, and those announced as a historical chunk's. */
function activityByMode(
  batches: readonly IngestBatch[],
  written: Awaited<ReturnType<typeof writeBatches>>,
): { daily: WrittenSummary[]; historical: WrittenSummary[] } {
  if (batches.length === 1) {
    return batches[0]!.mode === 'daily'
      ? { daily: written.activity, historical: [] }
      : { daily: [], historical: written.activity };
  }
  const daily = new Set<string>();
  batches.forEach((b, i) => {
    if (b.mode === 'daily') for (const key of written.touched[i]!) daily.add(key);
  });
  const byMode = { daily: [] as WrittenSummary[], historical: [] as WrittenSummary[] };
  for (const a of written.activity) {
    (daily.has(activityDayKey(a.provider, dateText(a.calendar_date)))
      ? byMode.daily
      : byMode.historical
    ).push(a);
  }
  return byMode;
}

const dateText = (d: string | Date | null): string =>
  d instanceof Date ? d.toISOString().slice(0, 10) : (d ?? '');

/**
 * Per batch its samples' and summaries' events, then the activity's, then the workout streams' (for one
 * batch: samples, summaries, activity, streams). A daily batch writes `daily.data.*`; a historical chunk
 * writes them only for an ETL pipeline that pushes historical data, marked ETL-only.
 */
function dataEvents(
  user: IngestionUser,
  batches: readonly IngestBatch[],
  written: readonly WrittenBatch[],
  activity: { daily: WrittenSummary[]; historical: WrittenSummary[] },
  guess: SampleEventsGuess,
): OutboxEvent[] {
  const announced = (mode: IngestBatch['mode']) => mode === 'daily' || user.pushesHistoricalEtl;
  const marked = (mode: IngestBatch['mode'], events: OutboxEvent[]) =>
    mode === 'daily' ? events : events.map((e) => ({ ...e, etlOnly: true }));
  const events: OutboxEvent[] = [];
  batches.forEach((b, i) => {
    if (!announced(b.mode)) return;
    const w = written[i]!;
    const samples = guess.eventsOf(i, w) ?? sampleEvents(user, w.samples);
    events.push(...marked(b.mode, [...samples, ...summaryEvents(user, w.summaries)]));
  });
  events.push(...summaryEvents(user, activity.daily));
  if (announced('historical')) events.push(...marked('historical', summaryEvents(user, activity.historical)));
  batches.forEach((b, i) => {
    if (announced(b.mode)) events.push(...marked(b.mode, written[i]!.streamEvents));
  });
  return events;
}

function countOutcomes(written: WrittenBatch): { created: number; updated: number } {
  let { created, updated } = written.sampleCounts;
  for (const { inserted: isNew } of [...written.summaries, ...written.streams]) {
    if (isNew) created += 1;
    else updated += 1;
  }
  return { created, updated };
}

const CREATED: WriteOutcome = 'created';

/**
 * A batch's sample events (and their JSON) as they will be if every sample it writes is created — what a day
 * that lands where nothing is stored yet gives — worked out while the database inserts the samples
 * (`whileSamplesWrite`), so that work overlaps the insert instead of following it. Used only when that is what
 * happened: the same samples, all of them created, in the same order, give the same events.
 */
class SampleEventsGuess {
  private guessed: Array<{ rows: readonly NormalisedSample[]; events: OutboxEvent[] } | null> = [];
  private readonly payloads = new WeakMap<object, string>();

  constructor(
    private readonly user: IngestionUser,
    private readonly batches: readonly BatchToWrite[],
    /** Whether the events' JSON is made here too (this transaction writes them, rather than the caller). */
    private readonly withPayloads: boolean,
  ) {}

  /** Per batch, the samples it writes (`whileSamplesWrite`). Never throws: a guess that fails is no guess. */
  make(samples: ReadonlyArray<readonly NormalisedSample[]>): void {
    try {
      this.guessed = samples.map((rows, i) => {
        if (!this.batches[i]?.perSample || rows.length === 0) return null;
        const changes = rows.map((sample) => ({ sample, outcome: CREATED }));
        const events = sampleEvents(this.user, changes);
        if (this.withPayloads)
          for (const e of events) this.payloads.set(e.envelope, JSON.stringify(e.envelope));
        return { rows, events };
      });
    } catch {
      this.guessed = [];
    }
  }

  /** Batch `i`'s sample events, if guessed and every sample it wrote was created; else undefined. */
  eventsOf(i: number, written: WrittenBatch): OutboxEvent[] | undefined {
    const g = this.guessed[i];
    if (!g) return undefined;
    const changes = written.samples;
    if (changes.length !== g.rows.length) return undefined;
    for (let j = 0; j < changes.length; j += 1) {
      const c = changes[j]!;
      if (c.outcome !== 'created' || c.sample !== g.rows[j]) return undefined;
    }
    return g.events;
  }

  /** The JSON of an event's envelope, if made already. */
  payloadOf(event: OutboxEvent): string | undefined {
    return this.payloads.get(event.envelope);
  }
}
