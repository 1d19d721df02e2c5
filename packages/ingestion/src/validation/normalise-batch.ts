import type { ZoneOffsets } from '../time/zone-offset';
import { isRecord } from './check-source';
import { IssueList } from './issue-list';
import { normaliseSummaries, type NormalisedSummary } from './normalise-summaries';
import { normaliseTimeseries, type NormalisedSample } from './normalise-timeseries';
import { normaliseWorkoutStreams, type NormalisedWorkoutStream } from './normalise-workout-streams';

export interface NormalisedBatch {
  samples: NormalisedSample[];
  summaries: NormalisedSummary[];
  streams: NormalisedWorkoutStream[];
}

/** Validates and normalises a whole batch; throws one ValidationError listing every problem. */
export function normaliseBatch(
  batch: unknown,
  ctx: { userId: string; fallbackZone: string | null; now: Date; zoneOffsets: ZoneOffsets },
): NormalisedBatch {
  const raw = isRecord(batch) ? batch : {};
  const issues = new IssueList();
  if (raw.mode !== 'daily' && raw.mode !== 'historical') {
    issues.add(['mode'], "Input should be 'daily' or 'historical'", 'enum', raw.mode, {
      expected: ['daily', 'historical'],
    });
  }
  const samples = normaliseTimeseries(raw.timeseries, ctx.userId, issues);
  const summaries = normaliseSummaries(raw.summaries, ctx, issues);
  const streams = normaliseWorkoutStreams(raw.workoutStreams, ctx.userId, issues);
  issues.throwIfAny();
  return { samples, summaries, streams };
}
