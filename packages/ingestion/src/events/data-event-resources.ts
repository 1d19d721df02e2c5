import { SUMMARY_KINDS, TIMESERIES } from '@meridian/domain';

/** Resources `<R>` of `daily.data.<R>.*` / `historical.data.<R>.created` (api-shapes §7.2): hypnogram never. */
export const DATA_EVENT_RESOURCES: ReadonlySet<string> = new Set<string>([
  ...TIMESERIES.filter((t) => t.resource !== 'hypnogram').map((t) => t.resource),
  ...SUMMARY_KINDS,
  'workout_stream',
]);
