import type { FetchPage } from '@meridian/connectors';
import { timeseriesBySlug } from '@meridian/domain';

/**
 * Keeps only the resources a team pulls (data-pull preferences): a stream may feed several resources and
 * the provider answers them together, so disabled ones are dropped before ingestion.
 */
export function keepEnabled(
  page: Omit<FetchPage, 'nextPage'>,
  enabled: ReadonlySet<string>,
): Omit<FetchPage, 'nextPage'> {
  const resourceOf = (name: string) => timeseriesBySlug(name)?.resource ?? name;
  return {
    timeseries: page.timeseries.filter((t) => enabled.has(resourceOf(t.resource))),
    summaries: page.summaries.filter((s) => enabled.has(s.kind)),
    workoutStreams: enabled.has('workout_stream') || enabled.has('workouts') ? page.workoutStreams : [],
  };
}

export function pageIsEmpty(page: Omit<FetchPage, 'nextPage'>): boolean {
  return page.timeseries.length === 0 && page.summaries.length === 0 && page.workoutStreams.length === 0;
}
