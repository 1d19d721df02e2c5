import type { FetchPage } from '../../connector';
import { ProviderResponseError } from '../../errors';
import { mapGarminActivity } from './map-garmin-activities';
import { mapGarminDaily } from './map-garmin-dailies';
import { mapGarminEpochs } from './map-garmin-epochs';
import { mapGarminSleep } from './map-garmin-sleeps';

/** The summary types Meridian ingests; each is also the stream name and the backfill path segment. */
export const GARMIN_SUMMARY_TYPES = ['dailies', 'epochs', 'sleeps', 'activities'] as const;
export type GarminSummaryType = (typeof GARMIN_SUMMARY_TYPES)[number];

export const isGarminSummaryType = (v: string): v is GarminSummaryType =>
  (GARMIN_SUMMARY_TYPES as readonly string[]).includes(v);

/** Summaries of one type, as pushed inline or returned by a ping's callback URL → one page of inputs. */
export function mapGarminSummaries(type: GarminSummaryType, items: unknown): Omit<FetchPage, 'nextPage'> {
  if (!Array.isArray(items)) throw new ProviderResponseError(`Garmin ${type} is not a list`);
  const page: Omit<FetchPage, 'nextPage'> = { timeseries: [], summaries: [], workoutStreams: [] };
  switch (type) {
    case 'dailies':
      page.timeseries = items.flatMap(mapGarminDaily);
      break;
    case 'epochs':
      page.timeseries = mapGarminEpochs(items);
      break;
    case 'sleeps':
      for (const item of items) {
        const { summary, hypnogram } = mapGarminSleep(item);
        page.summaries.push(summary);
        if (hypnogram) page.timeseries.push(hypnogram);
      }
      break;
    case 'activities':
      page.summaries = items.map(mapGarminActivity);
      break;
  }
  return page;
}
