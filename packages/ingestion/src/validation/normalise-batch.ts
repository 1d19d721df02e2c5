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
  return finishNormalising(startNormalising(batch, ctx.userId), ctx);
}

/** What `startNormalising` has done of a batch: all but its summaries. */
export interface StartedBatch {
  raw: Record<string, unknown>;
  /** The mode's and the timeseries' issues. */
  issues: IssueList;
  samples: NormalisedSample[];
  streams: NormalisedWorkoutStream[];
  streamIssues: IssueList;
}

/**
 * The part of `normaliseBatch` that needs nothing of the user but its id (mode, timeseries, workout streams):
 * it may run while the user is read. Throws nothing; `finishNormalising` reports its issues.
 */
export function startNormalising(batch: unknown, userId: string): StartedBatch {
  const raw = isRecord(batch) ? batch : {};
  const issues = new IssueList();
  if (raw.mode !== 'daily' && raw.mode !== 'historical') {
    issues.add(['mode'], "Input should be 'daily' or 'historical'", 'enum', raw.mode, {
      expected: ['daily', 'historical'],
    });
  }
  const samples = normaliseTimeseries(raw.timeseries, userId, issues);
  const streamIssues = new IssueList();
  const streams = normaliseWorkoutStreams(raw.workoutStreams, userId, streamIssues);
  return { raw, issues, samples, streams, streamIssues };
}

/** The rest of `normaliseBatch` (the summaries); throws one ValidationError listing every problem. */
export function finishNormalising(
  started: StartedBatch,
  ctx: { userId: string; fallbackZone: string | null; now: Date; zoneOffsets: ZoneOffsets },
): NormalisedBatch {
  const summaryIssues = new IssueList();
  const summaries = normaliseSummaries(started.raw.summaries, ctx, summaryIssues);
  // In the order one list would have them: mode, timeseries, summaries, workout streams.
  IssueList.concat(started.issues, summaryIssues, started.streamIssues).throwIfAny();
  return { samples: started.samples, summaries, streams: started.streams };
}
