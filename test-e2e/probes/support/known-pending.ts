/**
 * Defects the probes found that belong to work being done elsewhere (issue #10's edge, document-bounds and
 * logging items), listed so the probes can run green meanwhile WITHOUT hiding them: every matching case is
 * still printed, as PENDING, in the test output, and an entry that no longer matches anything is reported
 * as stale.
 *
 * THIS LIST MUST END EMPTY. Each entry names where its fix belongs; remove the entry when that fix lands
 * (the probe then fails if the defect is still there).
 */
import type { FuzzFailure } from './fuzz-runner';
import type { LogFinding } from './log-scan';

export interface PendingDefect {
  /** Short name, e.g. "edge/uuid-format". */
  id: string;
  /** What goes wrong and where the fix belongs, in a sentence. */
  what: string;
  /** A fuzz case this defect explains. */
  matches?(
    f: Pick<FuzzFailure, 'api' | 'method' | 'route' | 'kind' | 'detail' | 'status' | 'findings' | 'excerpt'>,
  ): boolean;
  /** A log line this defect explains. */
  matchesLog?(f: LogFinding): boolean;
}

export const PENDING_DEFECTS: readonly PendingDefect[] = [];

export function matchPending(list: readonly PendingDefect[], f: FuzzFailure): PendingDefect | undefined {
  return list.find((d) => d.matches?.(f));
}

export function matchPendingLog(list: readonly PendingDefect[], f: LogFinding): PendingDefect | undefined {
  return list.find((d) => d.matchesLog?.(f));
}

/** Entries nothing matched: their defect no longer shows, so they should be removed. */
export function stalePending(
  list: readonly PendingDefect[],
  matched: Array<{ pending?: PendingDefect }>,
): PendingDefect[] {
  const used = new Set(matched.map((f) => f.pending?.id));
  return list.filter((d) => !used.has(d.id));
}
