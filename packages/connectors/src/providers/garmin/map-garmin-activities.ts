import type { SummaryInput } from '@meridian/ingestion';
import {
  GARMIN_SOURCE,
  garminNumber,
  garminRecord,
  garminStart,
  garminString,
  garminTime,
  optionalNumber,
} from './garmin-payload';

/**
 * An activity summary (`activities`) → a workouts summary. `activityType` names the sport (Garmin's
 * list is long; the common ones map to Meridian's sports, the rest become `other` with Garmin's name).
 */

const SPORTS: Record<string, { id: number; name: string; slug: string }> = {
  RUNNING: { id: 1, name: 'Running', slug: 'running' },
  TREADMILL_RUNNING: { id: 1, name: 'Running', slug: 'running' },
  TRAIL_RUNNING: { id: 1, name: 'Running', slug: 'running' },
  CYCLING: { id: 2, name: 'Cycling', slug: 'cycling' },
  ROAD_BIKING: { id: 2, name: 'Cycling', slug: 'cycling' },
  MOUNTAIN_BIKING: { id: 2, name: 'Cycling', slug: 'cycling' },
  INDOOR_CYCLING: { id: 2, name: 'Cycling', slug: 'cycling' },
  WALKING: { id: 3, name: 'Walking', slug: 'walking' },
  LAP_SWIMMING: { id: 4, name: 'Swimming', slug: 'swimming' },
  OPEN_WATER_SWIMMING: { id: 4, name: 'Swimming', slug: 'swimming' },
  STRENGTH_TRAINING: { id: 5, name: 'Strength Training', slug: 'strength_training' },
  YOGA: { id: 6, name: 'Yoga', slug: 'yoga' },
  HIKING: { id: 7, name: 'Hiking', slug: 'hiking' },
};

export function garminSport(activityType: string): { id: number; name: string; slug: string } {
  const known = SPORTS[activityType];
  if (known) return known;
  const label = activityType.toLowerCase().replace(/_/g, ' ');
  return { id: 0, name: label.replace(/^\w/, (c) => c.toUpperCase()), slug: 'other' };
}

export function mapGarminActivity(raw: unknown): SummaryInput {
  const activity = garminRecord(raw, 'activity');
  const { seconds, offset } = garminStart(activity, 'activity');
  const duration = garminNumber(activity, 'durationInSeconds', 'activity');
  const sport = garminSport(garminString(activity, 'activityType', 'activity'));
  return {
    kind: 'workouts',
    source: { ...GARMIN_SOURCE, sport: sport.slug },
    provider_id: garminString(activity, 'summaryId', 'activity'),
    timezone_offset: offset,
    fields: {
      title: typeof activity.activityName === 'string' ? activity.activityName : sport.name,
      time_start: garminTime(seconds, offset),
      time_end: garminTime(seconds + duration, offset),
      sport,
      moving_time: duration,
      calories: optionalNumber(activity.activeKilocalories),
      distance: optionalNumber(activity.distanceInMeters),
      average_hr: optionalNumber(activity.averageHeartRateInBeatsPerMinute),
      max_hr: optionalNumber(activity.maxHeartRateInBeatsPerMinute),
      average_speed: optionalNumber(activity.averageSpeedInMetersPerSecond),
      max_speed: optionalNumber(activity.maxSpeedInMetersPerSecond),
      total_elevation_gain: optionalNumber(activity.totalElevationGainInMeters),
      steps: optionalNumber(activity.steps),
    },
  };
}
