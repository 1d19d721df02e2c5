/**
 * Defects the probes found that are being fixed elsewhere (issue #10, item 6 and the rest), listed so the
 * probes can run green meanwhile WITHOUT hiding them: every matching case is still printed, as PENDING,
 * in the test output, and an entry that no longer matches anything is reported as stale.
 *
 * THIS LIST MUST END EMPTY. Each entry names the issue item that fixes it; the lead removes the entry when
 * that fix lands (the probe then fails if the defect is still there).
 */
import type { FuzzFailure } from './fuzz-runner';

export interface PendingDefect {
  /** Issue item, e.g. "10.6 content-encoding". */
  id: string;
  /** What goes wrong, in one line. */
  what: string;
  matches(
    f: Pick<FuzzFailure, 'api' | 'method' | 'route' | 'kind' | 'detail' | 'status' | 'findings' | 'excerpt'>,
  ): boolean;
}

export const PENDING_DEFECTS: readonly PendingDefect[] = [];

export function matchPending(list: readonly PendingDefect[], f: FuzzFailure): PendingDefect | undefined {
  return list.find((d) => d.matches(f));
}

/** Entries no failure matched: their defect is fixed, so they should be removed. */
export function stalePending(list: readonly PendingDefect[], matched: FuzzFailure[]): PendingDefect[] {
  const used = new Set(matched.map((f) => f.pending?.id));
  return list.filter((d) => !used.has(d.id));
}
