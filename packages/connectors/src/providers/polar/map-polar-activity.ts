import type { SampleInput, TimeseriesInput } from '@meridian/ingestion';
import { POLAR_SOURCE } from './map-polar-sleep';
import { optionalNumber, polarList, polarNumber, polarRecord, polarString } from './polar-payload';
import { isoAt, localToInstant, type Instant } from './polar-time';

/**
 * Daily activity (`GET /v3/users/activities?steps=true`), local wall clock without offsets. Steps come
 * from the step samples when present (never also the day total: both would start at midnight and one
 * would overwrite the other); active calories and distance span the day; basal calories are the day's
 * total minus active, as one point at the day's start.
 */
export function mapPolarActivity(
  raw: unknown,
  zone: string | null,
  window: { start: Date; end: Date },
): TimeseriesInput[] {
  const day = polarRecord(raw, 'daily activity');
  const start = localToInstant(polarString(day, 'start_time', 'daily activity'), { zone });
  const end = localToInstant(polarString(day, 'end_time', 'daily activity'), { zone });
  if (!start || !end || end.ms <= start.ms) return [];
  if (start.ms < window.start.getTime() || start.ms >= window.end.getTime()) return [];

  const span = (value: number | undefined, unit: string): SampleInput[] =>
    value === undefined
      ? []
      : [{ timestamp: isoAt(start), end: isoAt(end), timezone_offset: start.offset, value, unit }];
  const calories = optionalNumber(day.calories);
  const active = optionalNumber(day.active_calories);
  const basal: SampleInput[] =
    calories !== undefined && active !== undefined && calories >= active
      ? [{ timestamp: isoAt(start), timezone_offset: start.offset, value: calories - active, unit: 'kcal' }]
      : [];
  const stepSamples = stepsFromSamples(day.samples, zone, end);
  const series: TimeseriesInput[] = [
    {
      resource: 'steps',
      source: POLAR_SOURCE,
      samples: stepSamples ?? span(optionalNumber(day.steps), 'count'),
    },
    { resource: 'calories_active', source: POLAR_SOURCE, samples: span(active, 'kcal') },
    {
      resource: 'distance',
      source: POLAR_SOURCE,
      samples: span(optionalNumber(day.distance_from_steps), 'm'),
    },
    { resource: 'calories_basal', source: POLAR_SOURCE, samples: basal },
  ];
  return series.filter((s) => s.samples.length > 0);
}

/** Step samples (`interval_ms` apart) as intervals; zero intervals carry nothing and are skipped. */
function stepsFromSamples(raw: unknown, zone: string | null, dayEnd: Instant): SampleInput[] | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const stepsBlock = (raw as Record<string, unknown>).steps;
  if (typeof stepsBlock !== 'object' || stepsBlock === null) return null;
  const block = stepsBlock as Record<string, unknown>;
  const intervalMs = polarNumber(block, 'interval_ms', 'step samples');
  return polarList(block.samples, 'step samples').flatMap((s) => {
    const sample = polarRecord(s, 'step sample');
    const steps = polarNumber(sample, 'steps', 'step sample');
    const at = localToInstant(polarString(sample, 'timestamp', 'step sample'), { zone });
    if (!at || steps <= 0) return [];
    const endMs = Math.min(at.ms + intervalMs, dayEnd.ms);
    if (endMs <= at.ms) return [];
    return [
      {
        timestamp: isoAt(at),
        end: isoAt({ ms: endMs, offset: at.offset }),
        timezone_offset: at.offset,
        value: steps,
        unit: 'count',
      },
    ];
  });
}
