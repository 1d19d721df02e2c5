import type { Resource, SourceType } from '@meridian/domain';
import type {
  IngestBatch,
  SampleInput,
  SourceInput,
  SummaryInput,
  TimeseriesInput,
  WorkoutStreamInput,
} from '@meridian/ingestion';
import { demoProviderProfile, supportedResources, type DemoProvider } from './demo-providers';

/**
 * Collects what one provider would report, keeping only its catalog resources and only items that
 * became available inside [from, to): a sample when it ends, a summary when its session ends. Every
 * item has exactly one availability instant, so consecutive ranges partition the data.
 */

interface PendingSample {
  resource: string;
  source: SourceInput;
  sample: SampleInput;
}

/** The catalog resource a timeseries or summary belongs to (hypnograms are part of the sleep stream). */
export function catalogResourceOf(resource: string): Resource {
  return (resource === 'hypnogram' ? 'sleep_stream' : resource) as Resource;
}

export class DemoEmitter {
  private readonly supported: ReadonlySet<string>;
  private readonly samples: PendingSample[] = [];
  private readonly summaries = new Map<string, SummaryInput>();
  private readonly streams: WorkoutStreamInput[] = [];

  constructor(
    readonly provider: DemoProvider,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.supported = new Set(supportedResources(provider));
  }

  supports(resource: string): boolean {
    return this.supported.has(catalogResourceOf(resource));
  }

  /** Whether something available at `at` belongs to this batch. */
  inRange(at: number): boolean {
    return at >= this.from && at < this.to;
  }

  /** Whether anything available between `firstAt` and `lastAt` (inclusive) can be in this batch. */
  touches(firstAt: number, lastAt: number): boolean {
    return lastAt >= this.from && firstAt < this.to;
  }

  sourceType(resource: string): SourceType {
    const profile = demoProviderProfile(this.provider);
    return profile.sourceTypes[catalogResourceOf(resource)] ?? profile.device;
  }

  source(resource: string, extra: Partial<SourceInput> = {}): SourceInput {
    return { provider: this.provider, type: this.sourceType(resource), ...extra };
  }

  sample(resource: string, sample: SampleInput, at: number, source?: SourceInput): void {
    if (!this.supports(resource) || !this.inRange(at)) return;
    this.samples.push({ resource, source: source ?? this.source(resource), sample });
  }

  summary(resource: Resource, summary: Omit<SummaryInput, 'source'>, at: number, source?: SourceInput): void {
    if (!this.supports(resource) || !this.inRange(at)) return;
    // A repeated (kind, provider_id) replaces the earlier one, as a provider re-sending a record would.
    this.summaries.set(`${summary.kind}\u001f${summary.provider_id}`, {
      ...summary,
      source: source ?? this.source(resource),
    });
  }

  stream(stream: WorkoutStreamInput, at: number): void {
    if (!this.supports('workout_stream') || !this.inRange(at)) return;
    this.streams.push(stream);
  }

  toBatch(userId: string, mode: IngestBatch['mode']): IngestBatch {
    const groups = new Map<string, TimeseriesInput>();
    for (const { resource, source, sample } of this.samples) {
      const key = JSON.stringify([resource, source]);
      let group = groups.get(key);
      if (!group) {
        group = { resource, source, samples: [] };
        groups.set(key, group);
      }
      group.samples.push(sample);
    }
    const timeseries = [...groups.values()].sort((a, b) => compareKeys(seriesKey(a), seriesKey(b)));
    for (const series of timeseries) series.samples.sort((a, b) => compareKeys(a.timestamp, b.timestamp));
    const summaries = [...this.summaries.values()].sort((a, b) =>
      compareKeys(`${a.kind}\u001f${a.provider_id}`, `${b.kind}\u001f${b.provider_id}`),
    );
    const workoutStreams = [...this.streams].sort((a, b) =>
      compareKeys(a.workout_provider_id, b.workout_provider_id),
    );
    return { userId, mode, timeseries, summaries, workoutStreams };
  }
}

function seriesKey(series: TimeseriesInput): string {
  return JSON.stringify([series.resource, series.source]);
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
