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
  // Samples of one series share their source and spec objects: the stat is looked up when they change.
  const eachSampleStat = (samples: NormalisedBatch['samples'], visit: (s: ResourceStat, i: number) => void) => {
    let source: object | null = null;
    let spec: object | null = null;
    let current: ResourceStat | null = null;
    // An index loop, per sample: a for-of iterator allocates a result object per step.
    for (let i = 0; i < samples.length; i += 1) {
      const s = samples[i]!;
      if (current === null || s.source !== source || s.spec !== spec) {
        source = s.source;
        spec = s.spec;
        current = stat(s.source.provider, s.spec.resource);
      }
      visit(current, i);
    }
  };
  eachSampleStat(all.samples, () => {});
  for (const s of all.summaries) stat(s.source.provider, s.kind);
  for (const s of all.streams) stat(s.provider, 'workout_stream');
  const keptSamples = kept.samples;
  eachSampleStat(keptSamples, (s, i) => count(s, keptSamples[i]!.startMs));
  for (const s of kept.summaries)
    count(stat(s.source.provider, s.kind), s.startMs ?? dateStartMs(s.calendarDate));
  for (const s of kept.streams) count(stat(s.provider, 'workout_stream'), null);
  const out: ResourceStat[] = [];
  for (const byResource of stats.values()) out.push(...byResource.values());
  return out.sort((a, b) => compareKey(a, b));
}

const compareKey = (a: ResourceStat, b: ResourceStat) =>
  a.provider === b.provider ? (a.resource < b.resource ? -1 : 1) : a.provider < b.provider ? -1 : 1;
