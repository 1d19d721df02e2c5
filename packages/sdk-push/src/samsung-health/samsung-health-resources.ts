import type { ResourceMapper } from '../common/env';
import {
  samsungBodyMapper,
  samsungProfileMapper,
  samsungSleepMapper,
  samsungWorkoutMapper,
} from './samsung-health-sessions';
import { SAMSUNG_VALUES, samsungBloodPressureMapper, valueMapper } from './samsung-health-values';

/** Meridian resource → the mapper of its Samsung Health data points. */
export const SAMSUNG_HEALTH_RESOURCES: ReadonlyMap<string, ResourceMapper> = new Map<string, ResourceMapper>([
  ...Object.entries(SAMSUNG_VALUES).map(
    ([resource, rule]) => [resource, valueMapper(resource, rule)] as const,
  ),
  ['blood_pressure', samsungBloodPressureMapper],
  ['sleep', samsungSleepMapper],
  ['workouts', samsungWorkoutMapper],
  ['body', samsungBodyMapper],
  ['profile', samsungProfileMapper],
]);
