import type { SampleInput, SourceInput, SummaryInput, TimeseriesInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchPage, FetchRequest } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { withingsCall } from './withings-envelope';
import { addDays, localInstant, usableZone, utcDate } from './withings-time';

/**
 * Sleep v2 - Getsummary (POST /v2/sleep, action=getsummary; one series per night, dated by the local date of
 * the wake-up, paged with `more`/`offset`) and Sleep v2 - Get (action=get, at most 24 h per call: the
 * night's stage segments with `state` 0 awake, 1 light, 2 deep, 3 REM, and per-timestamp `hr`/`rr` maps).
 * developer.withings.com/api-reference#operation/sleepv2-getsummary and #operation/sleepv2-get.
 */
export const SUMMARY_FIELDS = [
  'total_timeinbed',
  'total_sleep_time',
  'asleepduration',
  'lightsleepduration',
  'remsleepduration',
  'deepsleepduration',
  'wakeupduration',
  'sleep_efficiency',
  'sleep_latency',
  'hr_average',
  'hr_min',
  'rr_average',
  'sleep_score',
].join(',');

export interface SleepSummarySeries {
  id: number;
  timezone?: string | null;
  model?: number;
  startdate: number;
  enddate: number;
  date?: string;
  completed?: boolean;
  data?: Partial<Record<string, number | null>>;
}

export interface SleepSegment {
  startdate: number;
  enddate: number;
  state: number;
  hr?: Record<string, number>;
  rr?: Record<string, number>;
}

const PROVIDER = 'withings';
/** Sleep v2 `model`: 16 a tracker (watch), 32 a sleep monitor under the mattress. */
const TRACKER_MODEL = 16;
/** Withings state → SleepCycle stage_type (-1 unknown, 1 deep, 2 light, 3 rem, 4 awake, 5 manual). */
const STAGE_TYPE: Readonly<Record<number, number>> = { 0: 4, 1: 2, 2: 1, 3: 3, 4: 5, 5: -1, 15: 4 };

function sourceOf(series: SleepSummarySeries): SourceInput {
  return { provider: PROVIDER, type: series.model === TRACKER_MODEL ? 'watch' : 'unknown' };
}

export function parseSleepSummaries(body: Record<string, unknown>): {
  series: SleepSummarySeries[];
  nextOffset: number | null;
} {
  if (!Array.isArray(body.series)) throw new ProviderResponseError('getsummary body without series');
  for (const s of body.series as Partial<SleepSummarySeries>[]) {
    if (typeof s?.id !== 'number' || typeof s.startdate !== 'number' || typeof s.enddate !== 'number')
      throw new ProviderResponseError('getsummary series without id, startdate or enddate');
  }
  const more = body.more === true || body.more === 1;
  return {
    series: body.series as SleepSummarySeries[],
    nextOffset: more && typeof body.offset === 'number' ? body.offset : null,
  };
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function mapSleepSummary(series: SleepSummarySeries, fallbackZone: string | null): SummaryInput {
  const zone = usableZone(series.timezone, fallbackZone);
  const start = localInstant(series.startdate, zone);
  const stop = localInstant(series.enddate, zone);
  const d = series.data ?? {};
  const light = num(d.lightsleepduration);
  const deep = num(d.deepsleepduration);
  const rem = num(d.remsleepduration);
  const staged =
    light !== null || deep !== null || rem !== null ? (light ?? 0) + (deep ?? 0) + (rem ?? 0) : null;
  const efficiency = num(d.sleep_efficiency);
  return {
    kind: 'sleep',
    source: sourceOf(series),
    provider_id: String(series.id),
    time_zone: zone,
    timezone_offset: start.offset,
    fields: {
      bedtime_start: start.timestamp,
      bedtime_stop: stop.timestamp,
      duration: num(d.total_timeinbed) ?? series.enddate - series.startdate,
      total: num(d.total_sleep_time) ?? staged ?? num(d.asleepduration),
      awake: num(d.wakeupduration),
      light,
      deep,
      rem,
      latency: num(d.sleep_latency),
      // A ratio (0–1) per the reference; our `efficiency` is a percentage.
      efficiency:
        efficiency === null ? null : efficiency <= 1 ? Math.round(efficiency * 10_000) / 100 : efficiency,
      hr_average: num(d.hr_average),
      hr_lowest: num(d.hr_min),
      respiratory_rate: num(d.rr_average),
      score: num(d.sleep_score),
      state: series.completed === false ? 'tentative' : 'confirmed',
    },
  };
}

export function parseSleepSegments(body: Record<string, unknown>): SleepSegment[] {
  if (!Array.isArray(body.series)) throw new ProviderResponseError('sleep get body without series');
  for (const s of body.series as Partial<SleepSegment>[]) {
    if (typeof s?.startdate !== 'number' || typeof s.enddate !== 'number' || typeof s.state !== 'number')
      throw new ProviderResponseError('sleep get segment without startdate, enddate or state');
  }
  return body.series as SleepSegment[];
}

/** The night's stages as a sleep cycle, and the heart and respiration rates sampled during it. */
export function mapSleepSegments(
  night: SleepSummarySeries,
  segments: SleepSegment[],
  fallbackZone: string | null,
): { cycle: SummaryInput | null; timeseries: TimeseriesInput[] } {
  const zone = usableZone(night.timezone, fallbackZone);
  const source = sourceOf(night);
  const inNight = segments
    .filter((s) => s.startdate >= night.startdate && s.enddate <= night.enddate && s.enddate > s.startdate)
    .sort((a, b) => a.startdate - b.startdate);
  const heart: SampleInput[] = [];
  const breath: SampleInput[] = [];
  const collect = (map: Record<string, number> | undefined, out: SampleInput[], unit: string) => {
    for (const [ts, value] of Object.entries(map ?? {})) {
      const at = localInstant(Number(ts), zone);
      if (Number.isFinite(Number(ts)) && typeof value === 'number')
        out.push({ timestamp: at.timestamp, timezone_offset: at.offset, value, unit });
    }
  };
  for (const s of inNight) {
    collect(s.hr, heart, 'bpm');
    collect(s.rr, breath, 'bpm');
  }
  const timeseries: TimeseriesInput[] = [];
  if (heart.length > 0) timeseries.push({ resource: 'heartrate', source, samples: heart });
  if (breath.length > 0) timeseries.push({ resource: 'respiratory_rate', source, samples: breath });
  if (inNight.length === 0) return { cycle: null, timeseries };
  return {
    cycle: {
      kind: 'sleep_cycle',
      source,
      provider_id: `${night.id}-stages`,
      time_zone: zone,
      fields: {
        sleep_provider_id: String(night.id),
        session_start: localInstant(night.startdate, zone).timestamp,
        session_end: localInstant(night.enddate, zone).timestamp,
        stage_start_offset_second: inNight.map((s) => s.startdate - night.startdate),
        stage_end_offset_second: inNight.map((s) => s.enddate - night.startdate),
        stage_type: inNight.map((s) => STAGE_TYPE[s.state] ?? -1),
      },
    },
    timeseries,
  };
}

/**
 * A window is asked by local dates one day wider on each side (a night's `date` is its local wake-up
 * date), then the nights whose wake-up instant falls in [start, end) are kept: each night lands in
 * exactly one window whatever the zone.
 */
export async function fetchSleep(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const raw = await withingsCall(
    ctx.api,
    '/v2/sleep',
    'getsummary',
    {
      startdateymd: addDays(utcDate(req.start.getTime()), -1),
      enddateymd: addDays(utcDate(req.end.getTime() - 1), 1),
      data_fields: SUMMARY_FIELDS,
      offset: req.pageToken === null ? undefined : Number(req.pageToken),
    },
    req.tokens.accessToken,
  );
  const { series, nextOffset } = parseSleepSummaries(raw);
  const startS = req.start.getTime() / 1000;
  const endS = req.end.getTime() / 1000;
  const nights = series.filter((s) => s.enddate >= startS && s.enddate < endS);
  const page: FetchPage = { timeseries: [], summaries: [], workoutStreams: [], nextPage: null };
  for (const night of nights) {
    page.summaries.push(mapSleepSummary(night, req.fallbackTimeZone));
    // Sleep v2 - Get spans at most 24 h: one call per night.
    const detail = await withingsCall(
      ctx.api,
      '/v2/sleep',
      'get',
      {
        startdate: night.startdate,
        enddate: Math.min(night.enddate, night.startdate + 86_400),
        data_fields: 'hr,rr',
      },
      req.tokens.accessToken,
    );
    const { cycle, timeseries } = mapSleepSegments(night, parseSleepSegments(detail), req.fallbackTimeZone);
    if (cycle) page.summaries.push(cycle);
    page.timeseries.push(...timeseries);
  }
  page.nextPage = nextOffset === null ? null : String(nextOffset);
  return page;
}
