import type { ResourceMapper } from '../common/env';
import { healthConnectBodyMapper, healthConnectProfileMapper } from './health-connect-body';
import {
  bloodPressureMapper,
  HEALTH_CONNECT_RECORDS,
  heartRateMapper,
  recordMapper,
} from './health-connect-quantities';
import { healthConnectSleepMapper, healthConnectWorkoutMapper } from './health-connect-sessions';

/**
 * Meridian resource → the mapper of its Health Connect records. Not mapped: `calories_basal` (Health
 * Connect has a basal metabolic *rate*, not energy over an interval) and `body_mass_index` (no record).
 */
export const HEALTH_CONNECT_RESOURCES: ReadonlyMap<string, ResourceMapper> = new Map<string, ResourceMapper>([
  ...Object.entries(HEALTH_CONNECT_RECORDS).map(
    ([resource, rules]) => [resource, recordMapper(rules)] as const,
  ),
  ['heartrate', heartRateMapper],
  ['blood_pressure', bloodPressureMapper],
  ['sleep', healthConnectSleepMapper],
  ['workouts', healthConnectWorkoutMapper],
  ['body', healthConnectBodyMapper],
  ['profile', healthConnectProfileMapper],
]);
