import type { ResourceMapper } from '../common/env';
import { healthKitBodyMapper, healthKitProfileMapper } from './healthkit-body';
import {
  bloodPressureMapper,
  HEALTHKIT_QUANTITIES,
  mindfulnessMapper,
  quantityMapper,
} from './healthkit-quantities';
import { healthKitSleepMapper } from './healthkit-sleep';
import { healthKitWorkoutMapper } from './healthkit-workouts';

/** Meridian resource → the mapper of its HealthKit records. */
export const HEALTHKIT_RESOURCES: ReadonlyMap<string, ResourceMapper> = new Map<string, ResourceMapper>([
  ...Object.entries(HEALTHKIT_QUANTITIES).map(
    ([resource, rules]) => [resource, quantityMapper(rules)] as const,
  ),
  ['blood_pressure', bloodPressureMapper],
  ['mindfulness_minutes', mindfulnessMapper],
  ['sleep', healthKitSleepMapper],
  ['workouts', healthKitWorkoutMapper],
  ['body', healthKitBodyMapper],
  ['profile', healthKitProfileMapper],
]);
