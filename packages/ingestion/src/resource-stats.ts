import type { ResourceStat } from './storage/resource-stats.repository';
import { dateStartMs } from './time/parse-date-time';
import type { NormalisedBatch } from './validation/normalise-batch';

/**
 * Per provider/resource the batch touched: how many items were kept and the span of their data. A
 * resource whose items were all dropped still records the attempt (count 0).
 */
export function collectResourceStats(all: NormalisedBatch, kept: NormalisedBatch): ResourceStat[] {
  // provider → resource → stat: no key string per item.
  const stats = new Map<string, Map<string, ResourceStat>>();
  const stat = (provider: string, resource: string) => {
    let byResource = stats.get(provider);
    if (!byResource) stats.set(provider, (byResource = new Map()));
    let s = byResource.get(resource);
    if (!s) byResource.set(resource, (s = { provider, resource, count: 0, oldestMs: null, newestMs: null }));
    return s;
  };
  const count = (s: ResourceStat, ms: number | null) => {
    s.count += 1;
    if (ms === null) return;
    s.oldestMs = s.oldestMs === null ? ms : Math.min(s.oldestMs, ms);
    s.newestMs = s.newestMs === null ? ms : Math.max(s.newestMs, ms);
  };
  // Samples of one series share their source and spec objects: the stat is looked up when they change, and
  // a run's count and span are kept in locals (a number stored per sample into the stat would be boxed).
  const sampleStats = (samples: NormalisedBatch['samples'], counted: boolean) => {
    let source: object | null = null;
    let spec: object | null = null;
    let current: ResourceStat | null = null;
    let n = 0;
    let oldest = Number.POSITIVE_INFINITY;
    let newest = Number.NEGATIVE_INFINITY;
    const flush = () => {
      if (current === null || n === 0) return;
      current.count += n;
      current.oldestMs = current.oldestMs === null ? oldest : Math.min(current.oldestMs, oldest);
      current.newestMs = current.newestMs === null ? newest : Math.max(current.newestMs, newest);
    };
    // An index loop, per sample: a for-of iterator allocates a result object per step.
    for (let i = 0; i < samples.length; i += 1) {
      const s = samples[i]!;
      if (current === null || s.source !== source || s.spec !== spec) {
        flush();
        source = s.source;
        spec = s.spec;
        current = stat(s.source.provider, s.spec.resource);
        n = 0;
        oldest = Number.POSITIVE_INFINITY;
        newest = Number.NEGATIVE_INFINITY;
      }
      if (!counted) continue;
      n += 1;
      const ms = s.startMs;
      if (ms < oldest) oldest = ms;
      if (ms > newest) newest = ms;
    }
    flush();
  };
  sampleStats(all.samples, false);
  for (const s of all.summaries) stat(s.source.provider, s.kind);
  for (const s of all.streams) stat(s.provider, 'workout_stream');
  sampleStats(kept.samples, true);
  for (const s of kept.summaries)
    count(stat(s.source.provider, s.kind), s.startMs ?? dateStartMs(s.calendarDate));
  for (const s of kept.streams) count(stat(s.provider, 'workout_stream'), null);
  const out: ResourceStat[] = [];
  for (const byResource of stats.values()) out.push(...byResource.values());
  return out.sort((a, b) => compareKey(a, b));
}

const compareKey = (a: ResourceStat, b: ResourceStat) =>
  a.provider === b.provider ? (a.resource < b.resource ? -1 : 1) : a.provider < b.provider ? -1 : 1;
