import type { Knex } from 'knex';
import {
  ACTIVITY_RESOURCES,
  deriveActivity,
  type ActivityResource,
  type ActivitySample,
  type ActivityWorkout,
  type HeartRateGroup,
} from './activity/derive-activity';
import { summaryId } from './deterministic-id';
import { localDayNumber, sampleOffset, withinBounds, type IngestionBounds } from './ingestion-bounds';
import type { IngestionUser } from './storage/ingestion-user.repository';
import { namedStatement } from './storage/named-statements';
import type { ResourceStat } from './storage/resource-stats.repository';
import {
  activityInputs,
  activityInputsAhead,
  type ActivityInputsQuery,
  type ActivityWorkoutRow,
} from './storage/activity-inputs.repository';
import type { RunAhead } from './storage/run-ahead';
import {
  ZONED_SLOT_SECONDS,
  type ActivitySampleRow,
  type HeartRateSlotRow,
} from './storage/samples.repository';
import {
  createSummariesRepository,
  type SummaryRecord,
  type WrittenSummary,
} from './storage/summaries.repository';
import { localDate, nextDate } from './time/local-date';
import { localOffset } from './time/local-offset';
import type { ZoneOffsets } from './time/zone-offset';
import type { NormalisedSummary } from './validation/normalise-summaries';
import type { NormalisedSample } from './validation/normalise-timeseries';

const DAY_MS = 24 * 3600 * 1000;
/** The largest UTC offset a sample may carry (±18 h, see `checkTimezoneOffset`). */
const MAX_OFFSET_MS = 18 * 3600 * 1000;
/** Advisory-lock class of activity derivation (two-key form: its own key space). */
const ACTIVITY_LOCK_CLASS = 724_115_101;
const ACTIVITY_LOCK_SQL = 'select pg_advisory_xact_lock(?, hashtext(?))';
const activityResources: ReadonlySet<string> = new Set(ACTIVITY_RESOURCES);
/** Read back sample by sample; heart rate, the bulk of the rows, is summed by the database. */
const SAMPLE_RESOURCES = ACTIVITY_RESOURCES.filter((r) => r !== 'heartrate');

interface Context {
  trx: Knex.Transaction;
  user: IngestionUser;
  bounds: IngestionBounds;
  now: Date;
  zoneOffsets: ZoneOffsets;
  /** Providers whose activity lock (`activityLock`) the transaction holds already: not asked for again. */
  activityLocked?: ReadonlySet<string>;
}

/**
 * The transaction-scoped advisory lock under which a user's activity of one provider is derived:
 * `pg_advisory_xact_lock(classId, hashtext(key))`. A caller may take it in a statement of its own before
 * ingesting (then tell ingestion so: `activityLocked`), as long as it reads nothing for the activity in that
 * statement (its snapshot predates the lock).
 */
export function activityLock(userId: string, provider: string): { classId: number; key: string } {
  return { classId: ACTIVITY_LOCK_CLASS, key: `${userId}:${provider}` };
}

/**
 * Recomputes Meridian's activity summary of every (provider, local date) a write touched (`touched`, from
 * `touchedDates`), from everything stored for those days (not only the batch), and upserts it; `alsoWrite`
 * (e.g. the write's resource statistics, given the activity's own) is run in the same round trip.
 */
export async function refreshActivity(
  ctx: Context,
  touched: ReadonlyMap<string, ReadonlySet<string>>,
  alsoWrite?: (activityStats: ResourceStat[]) => { sql: string; bindings: Knex.RawBinding[] } | null,
  /** The first provider's read as `activityReadAhead` made it (for these `touched` days). */
  ahead?: ActivityReadAhead,
): Promise<{ written: WrittenSummary[]; stats: ResourceStat[] }> {
  const records: SummaryRecord[] = [];
  const stats: ResourceStat[] = [];
  for (const [provider, dates] of [...touched.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const days = await deriveProviderActivity(
      ctx,
      provider,
      dates,
      ahead?.provider === provider ? ahead : undefined,
    );
    for (const day of days) {
      records.push({
        id: summaryId(ctx.user.id, 'activity', provider, day.calendarDate),
        kind: 'activity',
        provider,
        source_type: day.sourceType,
        app_id: day.appId,
        device_id: day.deviceId,
        provider_summary_id: null,
        calendar_date: day.calendarDate,
        start_at: new Date(day.dayStartMs).toISOString(),
        end_at: new Date(day.dayStartMs + DAY_MS).toISOString(),
        payload: { ...day.fields },
      });
    }
    if (days.length > 0) {
      stats.push({
        provider,
        resource: 'activity',
        count: days.length,
        oldestMs: Math.min(...days.map((d) => d.dayStartMs)),
        newestMs: Math.max(...days.map((d) => d.dayStartMs)),
      });
    }
  }
  const also = alsoWrite?.(stats) ?? undefined;
  const written = await createSummariesRepository(ctx.trx).upsert(ctx.user.id, records, ctx.now, {
    with: also,
  });
  return { written, stats };
}

/** Local dates (within the bounds) per provider that the batch's activity samples and workouts fall on. */
export function touchedDates(
  ctx: Pick<Context, 'user' | 'bounds' | 'zoneOffsets'>,
  samples: readonly NormalisedSample[],
  workouts: readonly NormalisedSummary[],
): Map<string, Set<string>> {
  // Local day numbers per provider, in first-seen order (the dates `splitByLocalDate` of each item gives, in
  // the same order), without a date string or an offset object per sample: a sample on the same days as the
  // one before (of the same provider) adds nothing new and is skipped after two comparisons.
  const days = new Map<string, Set<number>>();
  const daysOf = (provider: string) => {
    let set = days.get(provider);
    if (!set) days.set(provider, (set = new Set()));
    return set;
  };
  const fallbackZone = ctx.user.fallbackTimeZone;
  let provider: string | null = null;
  let providerDays = new Set<number>();
  let lastFirst = 0;
  let lastLast = -1;
  // An index loop, per sample: a for-of iterator allocates a result object per step.
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    if (!activityResources.has(s.spec.resource)) continue;
    const offset = sampleOffset(s, fallbackZone, ctx.zoneOffsets);
    const first = localDayNumber(s.startMs, offset);
    const last = s.endMs === null ? first : lastLocalDay(s.startMs, s.endMs, offset);
    if (s.source.provider !== provider) {
      provider = s.source.provider;
      providerDays = daysOf(provider);
    } else if (first === lastFirst && last === lastLast) continue;
    lastFirst = first;
    lastLast = last;
    for (let day = first; day <= last; day += 1) providerDays.add(day);
  }
  for (const w of workouts) {
    if (w.startMs === null || w.endMs === null) continue;
    const set = daysOf(w.source.provider);
    const last = lastLocalDay(w.startMs, w.endMs, w.local.offset);
    for (let day = localDayNumber(w.startMs, w.local.offset); day <= last; day += 1) set.add(day);
  }
  const touched = new Map<string, Set<string>>();
  for (const [p, numbers] of days) {
    const dates = new Set<string>();
    for (const day of numbers) {
      const date = localDate(day * DAY_MS, 0);
      if (withinBounds(ctx.bounds, date)) dates.add(date);
    }
    if (dates.size > 0) touched.set(p, dates);
  }
  return touched;
}

/** The last local day number [startMs, endMs) covers at `offsetSeconds` (a zero-length span: its start's). */
function lastLocalDay(startMs: number, endMs: number, offsetSeconds: number): number {
  return endMs <= startMs
    ? localDayNumber(startMs, offsetSeconds)
    : Math.ceil((endMs + offsetSeconds * 1000) / DAY_MS) - 1;
}

/** The reads one provider's activity of `dates` is derived from (see `activityInputs`). */
function activityQuery(
  ctx: Pick<Context, 'user'>,
  provider: string,
  dates: ReadonlySet<string>,
): ActivityInputsQuery {
  const sorted = [...dates].sort();
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  // Local days stretch up to 14 h either side of UTC; intervals may start the day before. Heart rate is
  // instants: a local date's lie within 18 h (the largest offset a sample may carry; zones stay within 14 h)
  // before its UTC midnight to 18 h after the next.
  return {
    userId: ctx.user.id,
    provider,
    resources: SAMPLE_RESOURCES,
    samplesFrom: new Date(Date.parse(`${first}T00:00:00Z`) - 2 * DAY_MS),
    samplesTo: new Date(Date.parse(`${last}T00:00:00Z`) + 3 * DAY_MS),
    heartRateFrom: new Date(Date.parse(`${first}T00:00:00Z`) - MAX_OFFSET_MS),
    heartRateTo: new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS + MAX_OFFSET_MS),
    heartRateDays: sorted.map((date) => Date.parse(`${date}T00:00:00Z`) / DAY_MS),
    hasFallbackZone: ctx.user.fallbackTimeZone !== null,
    workoutsFrom: nextDate(first, -2),
    workoutsTo: nextDate(last, 1),
  };
}

/**
 * The activity read of a write that touches the days of one provider only (`touched`), made before the write
 * so that it may run ahead (see run-ahead.ts) with the write's last statement, when it is the next statement
 * of the transaction (the caller's to see to: nothing written between, the provider's lock held by then).
 */
export interface ActivityReadAhead {
  provider: string;
  query: ActivityInputsQuery;
  run: RunAhead;
}

export function activityReadAhead(
  ctx: Pick<Context, 'trx' | 'user'>,
  touched: ReadonlyMap<string, ReadonlySet<string>>,
): ActivityReadAhead | undefined {
  if (touched.size !== 1) return undefined;
  const [[provider, dates]] = [...touched.entries()] as [[string, ReadonlySet<string>]];
  const query = activityQuery(ctx, provider, dates);
  const run = activityInputsAhead(ctx.trx, query);
  return run ? { provider, query, run } : undefined;
}

async function deriveProviderActivity(
  ctx: Context,
  provider: string,
  dates: ReadonlySet<string>,
  ahead: ActivityReadAhead | undefined,
) {
  // Concurrent batches of one user and provider derive one after the other: the later one then sees
  // the earlier one's committed samples, so the last activity written counts both.
  if (!ctx.activityLocked?.has(provider)) {
    const lock = activityLock(ctx.user.id, provider);
    await ctx.trx.raw(ACTIVITY_LOCK_SQL, [lock.classId, lock.key]).options(namedStatement(ACTIVITY_LOCK_SQL));
  }
  // The samples, the heart rate and the workouts in one round trip (or none, when it ran ahead).
  const {
    samples: rows,
    heartRate,
    workouts,
  } = ahead
    ? await activityInputs(ctx.trx, ahead.query, ahead.run)
    : await activityInputs(ctx.trx, activityQuery(ctx, provider, dates));
  return deriveActivity(
    rows.map((r) => toActivitySample(ctx, r)),
    workouts.flatMap((w) => toActivityWorkout(ctx, w)),
    dates,
    heartRate.map((h) => toHeartRateGroup(ctx, h)),
  );
}

function toHeartRateGroup(ctx: Context, row: HeartRateSlotRow): HeartRateGroup {
  const fallbackZone = ctx.user.fallbackTimeZone;
  const local = localOffset(
    row.latest_ms,
    { offset: row.latest_offset, zone: null, fallbackZone },
    ctx.zoneOffsets,
  );
  // A zoned slot's quarter hour lies within one local date: the one its start falls on.
  const slotStartMs = row.slot * ZONED_SLOT_SECONDS * 1000;
  const date = row.zoned
    ? localDate(
        slotStartMs,
        localOffset(slotStartMs, { offset: null, zone: null, fallbackZone }, ctx.zoneOffsets).offset,
      )
    : localDate(row.slot * DAY_MS, 0);
  return {
    date,
    sourceType: row.source_type,
    appId: row.app_id,
    deviceId: row.device_id,
    startMs: row.latest_ms,
    endMs: row.latest_ms,
    local,
    sum: row.sum,
    count: row.count,
    min: row.min,
    max: row.max,
    restingSum: row.resting_sum,
    restingCount: row.resting_count,
    walkingSum: row.walking_sum,
    walkingCount: row.walking_count,
  };
}

function toActivitySample(ctx: Context, row: ActivitySampleRow): ActivitySample {
  const startMs = row.start_ms;
  const intensity = row.extras?.intensity;
  return {
    resource: row.resource as ActivityResource,
    sourceType: row.source_type,
    appId: row.app_id,
    deviceId: row.device_id,
    startMs,
    endMs: row.end_ms ?? startMs,
    value: row.value ?? 0,
    type: row.type,
    intensity: typeof intensity === 'string' ? intensity : null,
    local: localOffset(
      startMs,
      { offset: row.timezone_offset, zone: null, fallbackZone: ctx.user.fallbackTimeZone },
      ctx.zoneOffsets,
    ),
  };
}

function toActivityWorkout(ctx: Context, row: ActivityWorkoutRow): ActivityWorkout[] {
  if (row.start_ms === null || row.end_ms === null) return [];
  const p = row.payload;
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const startMs = row.start_ms;
  return [
    {
      sourceType: row.source_type,
      appId: row.app_id,
      deviceId: row.device_id,
      startMs,
      endMs: row.end_ms,
      calories: num(p.calories),
      distance: num(p.distance),
      steps: num(p.steps),
      hrZones: Array.isArray(p.hr_zones) ? (p.hr_zones as number[]) : null,
      local: localOffset(
        startMs,
        { offset: num(p.timezone_offset), zone: null, fallbackZone: ctx.user.fallbackTimeZone },
        ctx.zoneOffsets,
      ),
    },
  ];
}
