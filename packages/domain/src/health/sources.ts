/** Kind of source of one summary or value group (source context `type`, summary `source_type`). */
export const SOURCE_TYPES = [
  'unknown',
  'phone',
  'watch',
  'app',
  'multiple_sources',
  'fingerprick',
  'cuff',
  'manual_scan',
  'automatic',
  'scale',
  'chest_strap',
  'ring',
  'lab',
  'exercise_machine',
  'earphone',
  'insulin_pump',
] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export function isSourceType(value: string): value is SourceType {
  return (SOURCE_TYPES as readonly string[]).includes(value);
}

/**
 * When one provider reports the same span from several source types, summaries count the most
 * specific device once (a watch over a phone) instead of adding them up.
 */
export const SOURCE_TYPE_PRIORITY: readonly SourceType[] = [
  'watch',
  'ring',
  'chest_strap',
  'cuff',
  'scale',
  'fingerprick',
  'automatic',
  'manual_scan',
  'insulin_pump',
  'exercise_machine',
  'earphone',
  'phone',
  'app',
  'lab',
  'multiple_sources',
  'unknown',
];

export const SUMMARY_KINDS = [
  'activity',
  'body',
  'meal',
  'profile',
  'sleep',
  'workouts',
  'sleep_cycle',
  'menstrual_cycle',
  'electrocardiogram',
] as const;
export type SummaryKind = (typeof SUMMARY_KINDS)[number];
