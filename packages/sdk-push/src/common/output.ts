import type {
  SampleInput,
  SourceInput,
  SummaryInput,
  TimeseriesInput,
  WorkoutStreamInput,
} from '@meridian/ingestion';

/** Collects one resource entry's ingestion inputs; samples are grouped per resource and source context. */
export class Output {
  private readonly series = new Map<string, TimeseriesInput>();
  readonly summaries: SummaryInput[] = [];
  readonly workoutStreams: WorkoutStreamInput[] = [];

  sample(resource: string, source: SourceInput, sample: SampleInput): void {
    const key = JSON.stringify([
      resource,
      source.provider,
      source.type,
      source.app_id,
      source.device_id,
      source.sport,
      source.workout_id,
      source.workout_provider_id,
    ]);
    let group = this.series.get(key);
    if (!group) {
      group = { resource, source, samples: [] };
      this.series.set(key, group);
    }
    group.samples.push(sample);
  }

  get sampleCount(): number {
    let n = 0;
    for (const g of this.series.values()) n += g.samples.length;
    return n;
  }

  get timeseries(): TimeseriesInput[] {
    return [...this.series.values()];
  }
}
