import type { SampleInput, SummaryInput, TimeseriesInput } from '@meridian/ingestion';
import { localInstant, wireTime } from './fitbit-time';
import type { FitbitWeightLog } from './fitbit-types';

/**
 * Fitbit weight logs → `weight` (kg) and `fat` (%) samples and a `body` summary per weigh-in. A log's
 * `date` + `time` is local to the profile's zone. Aria scales are `scale` sources; other logs (typed in
 * the app or written through the API) carry no device type.
 */
export function mapFitbitWeights(logs: FitbitWeightLog[], zone: string, start: Date, end: Date) {
  const weight = new Map<string, SampleInput[]>();
  const fat = new Map<string, SampleInput[]>();
  const summaries: SummaryInput[] = [];
  for (const log of logs) {
    const at = localInstant(`${log.date}T${log.time}`, zone);
    if (!at || typeof log.logId !== 'number' || at.ms < start.getTime() || at.ms >= end.getTime()) continue;
    const type = /^aria/i.test(log.source ?? '') ? 'scale' : 'unknown';
    const point = { timestamp: wireTime(at.ms, at.offset), timezone_offset: at.offset };
    if (typeof log.weight === 'number') push(weight, type, { ...point, value: log.weight, unit: 'kg' });
    if (typeof log.fat === 'number') push(fat, type, { ...point, value: log.fat, unit: '%' });
    summaries.push({
      kind: 'body',
      source: { provider: 'fitbit', type },
      provider_id: String(log.logId),
      timestamp: point.timestamp,
      timezone_offset: at.offset,
      fields: {
        weight: typeof log.weight === 'number' ? log.weight : null,
        fat: typeof log.fat === 'number' ? log.fat : null,
        body_mass_index: typeof log.bmi === 'number' ? log.bmi : null,
      },
    });
  }
  const timeseries: TimeseriesInput[] = [];
  for (const [resource, byType] of [
    ['weight', weight],
    ['fat', fat],
  ] as const) {
    for (const [type, samples] of byType)
      timeseries.push({
        resource,
        source: { provider: 'fitbit', type: type as 'scale' | 'unknown' },
        samples,
      });
  }
  return { summaries, timeseries };
}

function push(map: Map<string, SampleInput[]>, key: string, sample: SampleInput) {
  const list = map.get(key) ?? [];
  list.push(sample);
  map.set(key, list);
}
