import type { ResourceStat } from './storage/resource-stats.repository';
import { dateStartMs } from './time/parse-date-time';
import type { NormalisedBatch } from './validation/normalise-batch';

/**
 * Per provider/resource the batch touched: how many items were kept and the span of their data. A
 * resource whose items were all dropped still records the attempt (count 0).
 */
export function collectResourceStats(all: NormalisedBatch, kept: NormalisedBatch): ResourceStat[] {
  const stats = new Map<string, ResourceStat>();
  const stat = (provider: string, resource: string) => {
    const key = `${provider}|${resource}`;
    let s = stats.get(key);
    if (!s) stats.set(key, (s = { provider, resource, count: 0, oldestMs: null, newestMs: null }));
    return s;
  };
  const count = (s: ResourceStat, ms: number | null) => {
    s.count += 1;
    if (ms === null) return;
    s.oldestMs = s.oldestMs === null ? ms : Math.min(s.oldestMs, ms);
    s.newestMs = s.newestMs === null ? ms : Math.max(s.newestMs, ms);
  };
  for (const s of all.samples) stat(s.source.provider, s.spec.resource);
  for (const s of all.summaries) stat(s.source.provider, s.kind);
  for (const s of all.streams) stat(s.provider, 'workout_stream');
  for (const s of kept.samples) count(stat(s.source.provider, s.spec.resource), s.startMs);
  for (const s of kept.summaries)
    count(stat(s.source.provider, s.kind), s.startMs ?? dateStartMs(s.calendarDate));
  for (const s of kept.streams) count(stat(s.provider, 'workout_stream'), null);
  return [...stats.values()].sort((a, b) => compareKey(a, b));
}

const compareKey = (a: ResourceStat, b: ResourceStat) =>
  a.provider === b.provider ? (a.resource < b.resource ? -1 : 1) : a.provider < b.provider ? -1 : 1;
