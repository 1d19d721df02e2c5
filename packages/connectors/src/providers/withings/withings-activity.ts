import type { SampleInput, SourceInput, TimeseriesInput } from '@meridian/ingestion';
import { formatWireDateTime } from '@meridian/domain';
import type { ConnectorContext, FetchPage, FetchRequest } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { withingsCall } from './withings-envelope';
import { addDays, localMidnightMs, usableZone, utcDate } from './withings-time';

/**
 * Measure v2 - Getactivity (POST /v2/measure, action=getactivity; developer.withings.com/api-reference#operation/measurev2-getactivity):
 * one aggregate per local day (`date` in `timezone`): `steps`, `distance` (m), `elevation` (floors climbed),
 * `calories` (active kcal), `totalcalories` (kcal including basal metabolism), paged with `more`/`offset`.
 * Each day becomes day-long interval samples; Meridian derives the activity summary from them.
 */
export const ACTIVITY_FIELDS = 'steps,distance,elevation,calories,totalcalories';

export interface ActivityDay {
  date: string;
  timezone?: string | null;
  is_tracker?: boolean;
  brand?: number;
  steps?: number | null;
  distance?: number | null;
  elevation?: number | null;
  calories?: number | null;
  totalcalories?: number | null;
}

const PROVIDER = 'withings';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseActivities(body: Record<string, unknown>): {
  days: ActivityDay[];
  nextOffset: number | null;
} {
  if (!Array.isArray(body.activities)) throw new ProviderResponseError('getactivity body without activities');
  for (const a of body.activities as Partial<ActivityDay>[]) {
    if (typeof a?.date !== 'string' || !DATE.test(a.date))
      throw new ProviderResponseError('getactivity day without a date');
  }
  const more = body.more === true || body.more === 1;
  return {
    days: body.activities as ActivityDay[],
    nextOffset: more && typeof body.offset === 'number' ? body.offset : null,
  };
}

function sourceOf(day: ActivityDay): SourceInput {
  // brand 18: data from an external app synced into Withings; otherwise a Withings tracker or the phone.
  if (day.brand === 18) return { provider: PROVIDER, type: 'app' };
  return { provider: PROVIDER, type: day.is_tracker ? 'watch' : 'phone' };
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The local midnight (the instant the day starts) of an activity day. */
export function activityDayStartMs(day: ActivityDay, fallbackZone: string | null): number {
  return localMidnightMs(day.date, usableZone(day.timezone, fallbackZone));
}

export function mapActivityDays(days: ActivityDay[], fallbackZone: string | null): TimeseriesInput[] {
  const out = new Map<string, TimeseriesInput>();
  const add = (resource: string, source: SourceInput, sample: SampleInput) => {
    const key = `${resource}|${source.type ?? ''}`;
    let series = out.get(key);
    if (!series) out.set(key, (series = { resource, source, samples: [] }));
    series.samples.push(sample);
  };
  for (const day of days) {
    const zone = usableZone(day.timezone, fallbackZone);
    const startMs = localMidnightMs(day.date, zone);
    const endMs = localMidnightMs(addDays(day.date, 1), zone);
    const offset = zone ? Math.round((Date.parse(`${day.date}T00:00:00Z`) - startMs) / 1000) : null;
    const endOffset = zone
      ? Math.round((Date.parse(`${addDays(day.date, 1)}T00:00:00Z`) - endMs) / 1000)
      : null;
    const span = {
      timestamp: formatWireDateTime(startMs, offset),
      end: formatWireDateTime(endMs, endOffset),
      timezone_offset: offset,
    };
    const source = sourceOf(day);
    const steps = num(day.steps);
    if (steps !== null) add('steps', source, { ...span, value: steps, unit: 'count' });
    const distance = num(day.distance);
    if (distance !== null) add('distance', source, { ...span, value: distance, unit: 'm' });
    const active = num(day.calories);
    if (active !== null) add('calories_active', source, { ...span, value: active, unit: 'kcal' });
    const total = num(day.totalcalories);
    if (total !== null && active !== null && total >= active)
      add('calories_basal', source, {
        timestamp: span.timestamp,
        timezone_offset: offset,
        value: Math.round((total - active) * 100) / 100,
        unit: 'kcal',
      });
    const floors = num(day.elevation);
    if (floors !== null)
      add('floors_climbed', source, {
        timestamp: span.timestamp,
        timezone_offset: offset,
        value: Math.round(floors),
        unit: 'count',
      });
  }
  return [...out.values()];
}

/** Asked by local dates one day wider each side; a day belongs to the window holding its local midnight. */
export async function fetchActivity(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const raw = await withingsCall(
    ctx.api,
    '/v2/measure',
    'getactivity',
    {
      startdateymd: addDays(utcDate(req.start.getTime()), -1),
      enddateymd: addDays(utcDate(req.end.getTime() - 1), 1),
      data_fields: ACTIVITY_FIELDS,
      offset: req.pageToken === null ? undefined : Number(req.pageToken),
    },
    req.tokens.accessToken,
  );
  const { days, nextOffset } = parseActivities(raw);
  const inWindow = days.filter((d) => {
    const startMs = activityDayStartMs(d, req.fallbackTimeZone);
    return startMs >= req.start.getTime() && startMs < req.end.getTime();
  });
  return {
    timeseries: mapActivityDays(inWindow, req.fallbackTimeZone),
    summaries: [],
    workoutStreams: [],
    nextPage: nextOffset === null ? null : String(nextOffset),
  };
}
