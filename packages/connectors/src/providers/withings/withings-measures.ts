import type { SampleInput, SourceInput, SummaryInput, TimeseriesInput } from '@meridian/ingestion';
import type { ConnectorContext, FetchPage, FetchRequest } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { withingsCall } from './withings-envelope';
import { inclusiveUnixRange, localInstant, scaled, usableZone } from './withings-time';

/**
 * Measure - Getmeas (POST /measure, action=getmeas; developer.withings.com/api-reference#operation/measure-getmeas):
 * groups of measures taken together (a weigh-in, a blood-pressure reading), each `value × 10^unit` in SI
 * units, paged with `more`/`offset`, dated in unix seconds with the user's zone in `timezone`.
 */
export const MEASURE_TYPES = {
  weight: 1,
  fatFreeMass: 5,
  fatRatio: 6,
  fatMass: 8,
  diastolic: 9,
  systolic: 10,
  heartPulse: 11,
  temperature: 12,
  spo2: 54,
  bodyTemperature: 71,
  muscleMass: 76,
  hydration: 77,
  boneMass: 88,
} as const;

export const REQUESTED_MEASTYPES = Object.values(MEASURE_TYPES).join(',');

export interface WithingsMeasure {
  value: number;
  type: number;
  unit: number;
}

export interface WithingsMeasureGroup {
  grpid: number;
  attrib?: number;
  date: number;
  category?: number;
  model?: string | null;
  timezone?: string | null;
  measures: WithingsMeasure[];
}

export interface GetmeasBody {
  timezone?: string;
  measuregrps: WithingsMeasureGroup[];
  more?: number | boolean;
  offset?: number;
}

const PROVIDER = 'withings';
/** Interval resources measured at an instant (a thermometer, a scale) get a one-minute span. */
const READING_MS = 60_000;
/** attrib 2 and 4: entered by hand, not measured by a device. */
const MANUAL_ATTRIBS: ReadonlySet<number> = new Set([2, 4]);

export function parseGetmeas(body: Record<string, unknown>): GetmeasBody {
  const groups = body.measuregrps;
  if (!Array.isArray(groups)) throw new ProviderResponseError('getmeas body without measuregrps');
  for (const g of groups as unknown[]) {
    const group = g as Partial<WithingsMeasureGroup>;
    if (typeof group?.grpid !== 'number' || typeof group.date !== 'number' || !Array.isArray(group.measures))
      throw new ProviderResponseError('getmeas group without grpid, date or measures');
  }
  return body as unknown as GetmeasBody;
}

function sourceOf(group: WithingsMeasureGroup): SourceInput {
  const types = new Set(group.measures.map((m) => m.type));
  let type: SourceInput['type'] = 'unknown';
  if (!MANUAL_ATTRIBS.has(group.attrib ?? 0)) {
    if (types.has(MEASURE_TYPES.systolic)) type = 'cuff';
    else if (types.has(MEASURE_TYPES.weight)) type = 'scale';
  }
  return { provider: PROVIDER, type, device_id: null };
}

class SeriesBuilder {
  private readonly byKey = new Map<string, TimeseriesInput>();
  add(resource: string, source: SourceInput, sample: SampleInput) {
    const key = `${resource}|${source.type ?? ''}`;
    let series = this.byKey.get(key);
    if (!series) this.byKey.set(key, (series = { resource, source, samples: [] }));
    series.samples.push(sample);
  }
  build(): TimeseriesInput[] {
    return [...this.byKey.values()];
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/** Maps real measures (category 1) onto samples and, for weigh-ins, a body summary. */
export function mapMeasureGroups(
  body: GetmeasBody,
  fallbackZone: string | null,
): { timeseries: TimeseriesInput[]; summaries: SummaryInput[] } {
  const series = new SeriesBuilder();
  const summaries: SummaryInput[] = [];
  for (const group of body.measuregrps) {
    if (group.category !== undefined && group.category !== 1) continue; // 2 = user objectives
    const zone = usableZone(group.timezone, body.timezone, fallbackZone);
    const at = localInstant(group.date, zone);
    const reading = localInstant(group.date + READING_MS / 1000, zone);
    const value = new Map<number, number>();
    for (const m of group.measures) value.set(m.type, scaled(m.value, m.unit));
    const source = sourceOf(group);
    const point = (v: number, unit: string): SampleInput => ({
      timestamp: at.timestamp,
      timezone_offset: at.offset,
      value: v,
      unit,
    });
    const interval = (v: number, unit: string): SampleInput => ({
      ...point(v, unit),
      end: reading.timestamp,
    });
    const get = (type: number) => value.get(type);

    const weight = get(MEASURE_TYPES.weight);
    if (weight !== undefined) series.add('weight', source, point(weight, 'kg'));
    const fat = get(MEASURE_TYPES.fatRatio);
    if (fat !== undefined) series.add('fat', source, point(fat, '%'));
    const lean = get(MEASURE_TYPES.fatFreeMass);
    if (lean !== undefined) series.add('lean_body_mass', source, interval(lean, 'kg'));
    const systolic = get(MEASURE_TYPES.systolic);
    const diastolic = get(MEASURE_TYPES.diastolic);
    if (systolic !== undefined && diastolic !== undefined) {
      series.add('blood_pressure', source, {
        timestamp: at.timestamp,
        timezone_offset: at.offset,
        systolic,
        diastolic,
        unit: 'mmHg',
      });
    }
    const pulse = get(MEASURE_TYPES.heartPulse);
    if (pulse !== undefined) series.add('heartrate', source, point(pulse, 'bpm'));
    const spo2 = get(MEASURE_TYPES.spo2);
    if (spo2 !== undefined) series.add('blood_oxygen', source, point(spo2, '%'));
    const temperature = get(MEASURE_TYPES.bodyTemperature) ?? get(MEASURE_TYPES.temperature);
    if (temperature !== undefined) series.add('body_temperature', source, interval(temperature, '°C'));

    if (weight !== undefined) {
      const share = (type: number) => {
        const kg = get(type);
        return kg === undefined || weight <= 0 ? null : round2((kg / weight) * 100);
      };
      summaries.push({
        kind: 'body',
        source,
        provider_id: String(group.grpid),
        time_zone: zone,
        timestamp: at.timestamp,
        fields: {
          weight,
          fat: fat ?? null,
          lean_body_mass_kilogram: lean ?? null,
          muscle_mass_percentage: share(MEASURE_TYPES.muscleMass),
          water_percentage: share(MEASURE_TYPES.hydration),
          bone_mass_percentage: share(MEASURE_TYPES.boneMass),
        },
      });
    }
  }
  return { timeseries: series.build(), summaries };
}

export async function fetchMeasures(ctx: ConnectorContext, req: FetchRequest): Promise<FetchPage> {
  const { startdate, enddate } = inclusiveUnixRange(req.start, req.end);
  const offset = req.pageToken === null ? undefined : Number(req.pageToken);
  const raw = await withingsCall(
    ctx.api,
    '/measure',
    'getmeas',
    { meastypes: REQUESTED_MEASTYPES, category: 1, startdate, enddate, offset },
    req.tokens.accessToken,
  );
  const body = parseGetmeas(raw);
  const mapped = mapMeasureGroups(body, req.fallbackTimeZone);
  const more = body.more === true || body.more === 1;
  return {
    ...mapped,
    workoutStreams: [],
    nextPage: more && typeof body.offset === 'number' ? String(body.offset) : null,
  };
}
