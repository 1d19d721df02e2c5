import type { OutboxEvent } from '@meridian/db';
import type { Knex } from 'knex';
import { lastByKey, type BoundedBatch, type IngestionBounds } from './ingestion-bounds';
import { activityLock, activityReadAhead, refreshActivity, touchedDates } from './refresh-activity';
import { collectResourceStats } from './resource-stats';
import type { IngestionUser } from './storage/ingestion-user.repository';
import { resourceStatsUpsert, type ResourceStat } from './storage/resource-stats.repository';
import { sampleKey } from './storage/sample-key';
import { createSamplesRepository, type WriteOutcome } from './storage/samples.repository';
import {
  createSummariesRepository,
  type SummaryRecord,
  type WrittenSummary,
} from './storage/summaries.repository';
import type { ZoneOffsets } from './time/zone-offset';
import type { NormalisedBatch } from './validation/normalise-batch';
import type { NormalisedSummary } from './validation/normalise-summaries';
import type { NormalisedSample } from './validation/normalise-timeseries';
import { writeWorkoutStreams } from './write-workout-streams';

export interface SampleChange {
  sample: NormalisedSample;
  outcome: WriteOutcome;
}

/** What the batch changed, in batch order. */
export interface WrittenBatch {
  /** Per sample only when the context asks for it (events need it); empty otherwise. */
  samples: SampleChange[];
  sampleCounts: { created: number; updated: number };
  summaries: WrittenSummary[];
  activity: WrittenSummary[];
  streams: Array<{ workout_id: string; inserted: boolean }>;
  streamEvents: OutboxEvent[];
}

interface Context {
  trx: Knex.Transaction;
  user: IngestionUser;
  bounds: IngestionBounds;
  now: Date;
  zoneOffsets: ZoneOffsets;
  /** Providers whose activity lock (`activityLock`) the transaction holds already. */
  activityLocked?: ReadonlySet<string>;
  /** Whether the transaction took `SAMPLES_SAVEPOINT` with its last statement (and wrote nothing since). */
  samplesSavepoint?: boolean;
  /**
   * Work to do while the database inserts the samples (see `UpsertManyOptions.whileInserting`), given per
   * batch the samples that are written (one per key, in the order `WrittenBatch.samples` follows).
   */
  whileSamplesWrite?: (samples: ReadonlyArray<readonly NormalisedSample[]>) => void;
}

/** One batch of a write: what it holds, and whether its data events need every created or changed sample. */
export interface BatchToWrite {
  all: NormalisedBatch;
  kept: BoundedBatch;
  /** Whether the caller needs every created or changed sample (for data events), not just the counts. */
  perSample: boolean;
}

/** What a write of one or more batches of a user changed. */
export interface WrittenBatches {
  /** Per batch, in the order given: its samples, summaries and streams (`activity` empty). */
  batches: WrittenBatch[];
  /** The activity days re-derived once for all batches together. */
  activity: WrittenSummary[];
  /** Per batch: the (provider, local date) keys of the activity days it touched. */
  touched: Array<Set<string>>;
}

/** The key of an activity day as `touchedDates` and the written activity summaries give it. */
export const activityDayKey = (provider: string, calendarDate: string) => `${provider}\n${calendarDate}`;

/**
 * Upserts what the bounds kept (a repeated sample or summary counts once, the last copy wins), re-derives
 * the touched activity days and records resource stats.
 */
export async function writeBatch(
  ctx: Context & { perSample: boolean },
  all: NormalisedBatch,
  kept: BoundedBatch,
): Promise<WrittenBatch> {
  const { batches, activity } = await writeBatches(ctx, [{ all, kept, perSample: ctx.perSample }]);
  return { ...batches[0]!, activity };
}

/**
 * Several batches of one user in one go (each upserted as `writeBatch` would, one after the other), then the
 * activity days they touched re-derived once and the resource stats of all of them recorded in one statement.
 */
export async function writeBatches(ctx: Context, batches: readonly BatchToWrite[]): Promise<WrittenBatches> {
  const { trx, user, now } = ctx;
  const written: WrittenBatch[] = [];
  const stats: ResourceStat[] = [];
  const kept = batches.map((batch) => ({
    samples: lastPerSampleKey(batch.kept.samples),
    summaries: [...lastByKey(batch.kept.summaries, (s) => s.id).values()],
    streams: [...lastByKey(batch.kept.streams, (s) => s.workoutId).values()],
  }));
  // The activity days the batches touch, known before anything is written: the activity locks of their
  // providers (see `activityLock`; in the order `refreshActivity` takes them) go with the samples' first
  // statement, so the derivation below needs no round trip of its own for them, and a batch takes them before
  // it writes a row (as a caller that takes them itself beforehand does).
  const touched = kept.map((k) =>
    touchedDates(
      ctx,
      k.samples,
      k.summaries.filter((s) => s.kind === 'workouts'),
    ),
  );
  const allTouched = mergeTouched(touched);
  const toLock = [...allTouched.keys()]
    .filter((provider) => !ctx.activityLocked?.has(provider))
    .sort((a, b) => a.localeCompare(b));
  const locks =
    toLock.length === 0
      ? null
      : {
          classId: activityLock(user.id, toLock[0]!).classId,
          keys: toLock.map((provider) => activityLock(user.id, provider).key),
        };
  // When the write touches one provider's days and has nothing but samples to write (no summaries or streams),
  // the activity's read is the next statement after the samples' insert: it may run ahead with it (one round
  // trip for both, where the transaction's driver can; see run-ahead.ts). Should anything be written between
  // (an upsert after the insert met stored rows, a lock), the read runs as usual.
  const ahead = kept.every((k) => k.summaries.length === 0 && k.streams.length === 0)
    ? activityReadAhead(ctx, allTouched)
    : undefined;
  // The repository writes rows in key order (its fixed part, then the start), so concurrent batches of one
  // user lock rows in the same order; every batch's samples first (one savepoint for those that need only
  // counts), then each batch's summaries and streams.
  const { sets: samplesWritten, locked } = await createSamplesRepository(trx).upsertMany(
    user.id,
    kept.map((k, i) => ({ samples: k.samples, perSample: batches[i]!.perSample })),
    now,
    locks,
    {
      savepointTaken: ctx.samplesSavepoint === true,
      whileInserting: ctx.whileSamplesWrite && (() => ctx.whileSamplesWrite!(kept.map((k) => k.samples))),
      thenRead: ahead?.run,
    },
  );
  const activityLocked = locked ? new Set([...(ctx.activityLocked ?? []), ...toLock]) : ctx.activityLocked;
  for (const [i, batch] of batches.entries()) {
    const { samples, summaries, streams } = kept[i]!;
    const { outcomes, created, updated } = samplesWritten[i]!;
    const records = summaries.map(toRecord).sort((a, b) => compareText(a.id, b.id));
    const writtenSummaries =
      records.length === 0 ? [] : await createSummariesRepository(trx).upsert(user.id, records, now);
    const writtenStreams = await writeWorkoutStreams(trx, user, streams, now);
    stats.push(...collectResourceStats(batch.all, batch.kept));

    const changes: SampleChange[] = [];
    if (outcomes && outcomes.size > 0) {
      for (const sample of samples) {
        const outcome = outcomes.get(sample);
        if (outcome) changes.push({ sample, outcome });
      }
    }
    written.push({
      samples: changes,
      sampleCounts: { created, updated },
      summaries: inOrderOf(writtenSummaries, summaries),
      activity: [],
      streams: writtenStreams.written,
      streamEvents: writtenStreams.events,
    });
  }
  // The resource statistics (the activity's included) are written with the activity: one round trip.
  const activity = await refreshActivity(
    { ...ctx, activityLocked },
    allTouched,
    (activityStats) => {
      const all = mergeStats([...stats, ...activityStats]);
      return all.length === 0 ? null : resourceStatsUpsert(user.id, all, now);
    },
    ahead,
  );
  return {
    batches: written,
    activity: activity.written,
    touched: touched.map((byProvider) => {
      const keys = new Set<string>();
      for (const [provider, dates] of byProvider)
        for (const d of dates) keys.add(activityDayKey(provider, d));
      return keys;
    }),
  };
}

/** The union of every batch's touched dates per provider (one batch's: that map itself). */
function mergeTouched(touched: ReadonlyArray<Map<string, Set<string>>>): Map<string, Set<string>> {
  if (touched.length === 1) return touched[0]!;
  const all = new Map<string, Set<string>>();
  for (const byProvider of touched) {
    for (const [provider, dates] of byProvider) {
      const set = all.get(provider);
      if (set) for (const d of dates) set.add(d);
      else all.set(provider, new Set(dates));
    }
  }
  return all;
}

/**
 * One stat per provider/resource (what the stats statement upserts may name only once): counts added, spans
 * joined. Stats of one batch are unique already and keep their order.
 */
function mergeStats(stats: readonly ResourceStat[]): ResourceStat[] {
  const byKey = new Map<string, ResourceStat>();
  for (const s of stats) {
    const key = `${s.provider}\n${s.resource}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { ...s });
      continue;
    }
    seen.count += s.count;
    seen.oldestMs = minOf(seen.oldestMs, s.oldestMs);
    seen.newestMs = maxOf(seen.newestMs, s.newestMs);
  }
  return [...byKey.values()];
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * The last sample per sample key, in first-seen key order (what `lastByKey` with `sampleKey` gives), without
 * a key string per sample: samples of one series share their spec and source objects, so the key's fixed part
 * is worked out once per series and the instant looked up in a map of numbers.
 */
function lastPerSampleKey(samples: readonly NormalisedSample[]): NormalisedSample[] {
  if (startsAscendPerSeries(samples)) return [...samples];
  const out: NormalisedSample[] = [];
  // Fixed part of the key (resource, provider, source type, type) → start → position in `out`.
  const byFixedKey = new Map<string, Map<number, number>>();
  const bySeries = new Map<object, Map<object, Map<string, Map<number, number>>>>();
  // An index loop, per sample: a for-of iterator here allocated a result object per step.
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    let bySpec = bySeries.get(s.source);
    if (!bySpec) bySeries.set(s.source, (bySpec = new Map()));
    let byType = bySpec.get(s.spec);
    if (!byType) bySpec.set(s.spec, (byType = new Map()));
    let positions = byType.get(s.type);
    if (!positions) {
      const fixed = sampleKey(s.spec.resource, 0, s.source.provider, s.source.sourceType, s.type);
      positions = byFixedKey.get(fixed);
      if (!positions) byFixedKey.set(fixed, (positions = new Map()));
      byType.set(s.type, positions);
    }
    const at = positions.get(s.startMs);
    if (at === undefined) {
      positions.set(s.startMs, out.length);
      out.push(s);
    } else out[at] = s;
  }
  return out;
}

/**
 * Whether no two samples can share a key: the starts of every key's fixed part (resource, provider, source
 * type, type) strictly ascend in batch order. What a provider page or an SDK series usually is; then every
 * sample is the last of its key, in its own place, and `lastPerSampleKey` keeps the batch as it is.
 */
function startsAscendPerSeries(samples: readonly NormalisedSample[]): boolean {
  // The last start per fixed part, looked up when the series changes (the series of one part — its spec,
  // source and type objects — found by identity, the part itself worked out once per series).
  const lastStart = new Map<string, number>();
  const fixedOf = new Map<object, Map<object, Map<string, string>>>();
  let source: object | null = null;
  let spec: object | null = null;
  let type = '';
  let fixed = '';
  let last = Number.NEGATIVE_INFINITY;
  // An index loop, per sample: a for-of iterator here allocated a result object per step.
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    if (s.source !== source || s.spec !== spec || s.type !== type) {
      if (source !== null) lastStart.set(fixed, last);
      source = s.source;
      spec = s.spec;
      type = s.type;
      let bySpec = fixedOf.get(source);
      if (!bySpec) fixedOf.set(source, (bySpec = new Map()));
      let byType = bySpec.get(spec);
      if (!byType) bySpec.set(spec, (byType = new Map()));
      let part = byType.get(type);
      if (part === undefined) {
        part = sampleKey(s.spec.resource, 0, s.source.provider, s.source.sourceType, type);
        byType.set(type, part);
      }
      fixed = part;
      last = lastStart.get(fixed) ?? Number.NEGATIVE_INFINITY;
    }
    if (!(s.startMs > last)) return false;
    last = s.startMs;
  }
  return true;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `rows` in the order of `summaries` (events follow the batch's order). */
function inOrderOf<T extends { id: string }>(rows: T[], summaries: NormalisedSummary[]): T[] {
  const position = new Map(summaries.map((s, i) => [s.id, i]));
  return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

function toRecord(s: NormalisedSummary): SummaryRecord {
  return {
    id: s.id,
    kind: s.kind,
    provider: s.source.provider,
    source_type: s.source.sourceType,
    app_id: s.source.appId,
    device_id: s.source.deviceId,
    provider_summary_id: s.providerSummaryId,
    calendar_date: s.calendarDate,
    start_at: s.startMs === null ? null : new Date(s.startMs).toISOString(),
    end_at: s.endMs === null ? null : new Date(s.endMs).toISOString(),
    payload: s.payload,
  };
}
