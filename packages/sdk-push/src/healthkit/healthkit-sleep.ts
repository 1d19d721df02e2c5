import { eachRecord, type MapEnv, type ResourceMapper } from '../common/env';
import { isoWithOffset } from '../common/local-time';
import type { RecordReader } from '../common/read';
import { sleepFields, type SleepStage, type StageSpan } from '../common/sleep';
import { healthKitOffset, readHealthKitSample, type HealthKitSample } from './healthkit-record';

/**
 * HealthKit sleep: `HKCategoryTypeIdentifierSleepAnalysis` samples (one per stage span) → Meridian sleep
 * summaries. Samples are grouped per source family (one app; Apple's own iPhone and Watch sources are one
 * family, `com.apple.health.*`), and a family's samples form one session while they follow each other
 * with gaps under SESSION_GAP_MS. Sessions of different families stay apart (a third-party sleep app and
 * the Watch both describing the night are two summaries, each with its source), and within a session
 * overlapping samples count once (the most specific stage wins: see common/sleep.ts).
 *
 * The session's provider_id is the uuid of its earliest sample, so resending the same samples gives the
 * same summary. The SDK should push a night's samples in one batch (HealthKit writes them together on
 * waking).
 */
export const SESSION_GAP_MS = 60 * 60 * 1000;

/** HKCategoryValueSleepAnalysis raw values (iOS 16+), and their names. */
const STAGES = new Map<number | string, SleepStage>([
  [0, 'in_bed'],
  [1, 'asleep'],
  [2, 'awake'],
  [3, 'light'],
  [4, 'deep'],
  [5, 'rem'],
  ['inBed', 'in_bed'],
  ['asleepUnspecified', 'asleep'],
  ['asleep', 'asleep'],
  ['awake', 'awake'],
  ['asleepCore', 'light'],
  ['asleepDeep', 'deep'],
  ['asleepREM', 'rem'],
]);

interface SleepSample {
  sample: HealthKitSample;
  stage: SleepStage;
}

const ACCEPTED = new Set(['HKCategoryTypeIdentifierSleepAnalysis']);

function readStage(r: RecordReader): SleepStage | null {
  const raw = r.value('value');
  const stage = typeof raw === 'number' || typeof raw === 'string' ? STAGES.get(raw) : undefined;
  if (stage === undefined) {
    return r.fail(
      'value',
      'Input should be an HKCategoryValueSleepAnalysis value: 0 inBed, 1 asleepUnspecified, 2 awake, 3 asleepCore, 4 asleepDeep, 5 asleepREM',
      'enum',
    );
  }
  return stage;
}

const familyOf = (s: HealthKitSample) =>
  s.bundleId === null ? '' : /^com\.apple\.health\./i.test(s.bundleId) ? 'com.apple.health' : s.bundleId;

export const healthKitSleepMapper: ResourceMapper = (records, env) => {
  const byFamily = new Map<string, SleepSample[]>();
  eachRecord(records, env, (r) => {
    const sample = readHealthKitSample(r, env, ACCEPTED);
    const stage = readStage(r);
    if (!sample || stage === null) return;
    const family = familyOf(sample);
    const list = byFamily.get(family) ?? [];
    list.push({ sample, stage });
    byFamily.set(family, list);
  });
  if (env.issues.count > 0) return;
  for (const family of [...byFamily.keys()].sort()) {
    for (const session of sessionsOf(byFamily.get(family)!)) emitSession(session, env);
  }
};

function sessionsOf(samples: SleepSample[]): SleepSample[][] {
  const sorted = [...samples].sort(
    (a, b) => a.sample.start.ms - b.sample.start.ms || a.sample.uuid.localeCompare(b.sample.uuid),
  );
  const sessions: SleepSample[][] = [];
  let current: SleepSample[] = [];
  let currentEnd = -Infinity;
  for (const s of sorted) {
    if (current.length > 0 && s.sample.start.ms - currentEnd > SESSION_GAP_MS) {
      sessions.push(current);
      current = [];
    }
    current.push(s);
    currentEnd = Math.max(currentEnd === -Infinity ? s.sample.end.ms : currentEnd, s.sample.end.ms);
  }
  if (current.length > 0) sessions.push(current);
  return sessions;
}

function emitSession(session: SleepSample[], env: MapEnv): void {
  const first = session[0]!.sample;
  const startMs = first.start.ms;
  const endMs = Math.max(...session.map((s) => s.sample.end.ms));
  const spans: StageSpan[] = session.map((s) => ({
    startMs: s.sample.start.ms,
    endMs: s.sample.end.ms,
    stage: s.stage,
  }));
  const f = sleepFields(spans, startMs, endMs);
  // The watch is the session's source when it contributed (it measured the stages).
  const lead = session.find((s) => s.sample.fromWatch)?.sample ?? first;
  const zone = session.find((s) => s.sample.zone !== null)?.sample.zone ?? null;
  const offset = healthKitOffset({ ...first, zone }, env, startMs);
  const endOffset = healthKitOffset({ ...first, zone }, env, endMs);
  env.out.summaries.push({
    kind: 'sleep',
    source: lead.source,
    provider_id: first.uuid,
    time_zone: zone,
    timezone_offset: zone === null ? offset : null,
    fields: {
      bedtime_start: isoWithOffset(startMs, offset),
      bedtime_stop: isoWithOffset(endMs, endOffset),
      duration: f.duration,
      total: f.total,
      awake: f.awake,
      light: f.light,
      rem: f.rem,
      deep: f.deep,
      latency: f.latency,
      efficiency: f.efficiency,
    },
  });
}
