import type {
  SampleInput,
  SourceInput,
  SummaryInput,
  TimeseriesInput,
  WorkoutStreamInput,
} from '@meridian/ingestion';

/**
 * Collects one resource entry's ingestion inputs; samples are grouped per resource and source context.
 * Past `maxSamples` further samples are dropped and `overflow` is set (the entry is then refused).
 */
export class Output {
  private readonly series = new Map<string, TimeseriesInput>();
  readonly summaries: SummaryInput[] = [];
  readonly workoutStreams: WorkoutStreamInput[] = [];
  private count = 0;
  overflow = false;

  constructor(private readonly maxSamples: number) {}

  sample(resource: string, source: SourceInput, sample: SampleInput): void {
    if (this.count >= this.maxSamples) {
      this.overflow = true;
      return;
    }
    this.count += 1;
    const key = this.keyOf(resource, source);
    let group = this.series.get(key);
    if (!group) {
      group = { resource, source, samples: [] };
      this.series.set(key, group);
    }
    group.samples.push(sample);
  }

  /** Series samples share their record's source object: its key is computed once per record. */
  private readonly keys = new WeakMap<SourceInput, Map<string, string>>();

  private keyOf(resource: string, source: SourceInput): string {
    let byResource = this.keys.get(source);
    if (!byResource) {
      byResource = new Map();
      this.keys.set(source, byResource);
    }
    let key = byResource.get(resource);
    if (key === undefined) {
      const s = source;
      key = JSON.stringify([
        resource,
        s.provider,
        s.type,
        s.app_id,
        s.device_id,
        s.sport,
        s.workout_id,
        s.workout_provider_id,
      ]);
      byResource.set(resource, key);
    }
    return key;
  }

  get timeseries(): TimeseriesInput[] {
    return [...this.series.values()];
  }
}
