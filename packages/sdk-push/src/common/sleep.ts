/**
 * Sleep stages → the fields of Meridian's sleep summary. Platforms overlap their stage records (HealthKit:
 * an `inBed` sample spans the night while stage samples lie inside it; two apps of one family may both
 * write the same night), so each instant counts once, as the most specific stage covering it.
 */
export type SleepStage = 'awake' | 'deep' | 'rem' | 'light' | 'asleep' | 'in_bed';

export interface StageSpan {
  startMs: number;
  endMs: number;
  stage: SleepStage;
}

/** Most specific first: a staged instant beats "asleep" (unspecified), which beats "in bed". */
const PRIORITY: Record<SleepStage, number> = {
  awake: 6,
  deep: 5,
  rem: 4,
  light: 3,
  asleep: 2,
  in_bed: 1,
};

export interface SleepFields {
  bedtime_start_ms: number;
  bedtime_stop_ms: number;
  /** Seconds. */
  duration: number;
  total: number;
  awake: number;
  light: number;
  rem: number;
  deep: number;
  latency: number | null;
  efficiency: number | null;
}

/**
 * Stage durations of one session spanning [startMs, endMs): `total` is the time asleep (staged or
 * unspecified), `awake` the rest of the time in bed (awake stages, in bed not asleep, uncovered gaps).
 */
export function sleepFields(spans: readonly StageSpan[], startMs: number, endMs: number): SleepFields {
  const edges = [...new Set(spans.flatMap((s) => [s.startMs, s.endMs]))].sort((a, b) => a - b);
  const ms: Record<SleepStage, number> = { awake: 0, deep: 0, rem: 0, light: 0, asleep: 0, in_bed: 0 };
  let firstAsleep: number | null = null;
  // Sweep the elementary intervals between edges; spans are sorted by start to bound the scan.
  const sorted = [...spans].sort((a, b) => a.startMs - b.startMs);
  const active: StageSpan[] = [];
  let next = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    while (next < sorted.length && sorted[next]!.startMs <= from) active.push(sorted[next++]!);
    let best: SleepStage | null = null;
    for (let k = active.length - 1; k >= 0; k--) {
      const span = active[k]!;
      if (span.endMs <= from) {
        active.splice(k, 1);
        continue;
      }
      if (best === null || PRIORITY[span.stage] > PRIORITY[best]) best = span.stage;
    }
    if (best === null) continue;
    ms[best] += to - from;
    if (firstAsleep === null && best !== 'awake' && best !== 'in_bed') firstAsleep = from;
  }
  const seconds = (v: number) => Math.round(v / 1000);
  const duration = seconds(endMs - startMs);
  const total = seconds(ms.deep + ms.rem + ms.light + ms.asleep);
  return {
    bedtime_start_ms: startMs,
    bedtime_stop_ms: endMs,
    duration,
    total,
    awake: Math.max(0, duration - total),
    light: seconds(ms.light),
    rem: seconds(ms.rem),
    deep: seconds(ms.deep),
    latency: firstAsleep === null ? null : seconds(firstAsleep - startMs),
    efficiency: duration > 0 ? Math.round((total / duration) * 1000) / 10 : null,
  };
}
