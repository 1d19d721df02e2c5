/**
 * Strava `sport_type` (and the older `type`) → Meridian's workout sport `{id, name, slug}`. Ids 1–6 match the
 * sports the demo data uses; the rest continue that list. Unknown sport types become `other`.
 */
export interface Sport {
  id: number;
  name: string;
  slug: string;
}

const sport = (id: number, slug: string, name: string): Sport => ({ id, slug, name });

const RUNNING = sport(1, 'running', 'Running');
const CYCLING = sport(2, 'cycling', 'Cycling');
const WALKING = sport(3, 'walking', 'Walking');
const SWIMMING = sport(4, 'swimming', 'Swimming');
const STRENGTH = sport(5, 'strength_training', 'Strength Training');
const YOGA = sport(6, 'yoga', 'Yoga');
const HIKING = sport(7, 'hiking', 'Hiking');
const ROWING = sport(8, 'rowing', 'Rowing');
const ELLIPTICAL = sport(9, 'elliptical', 'Elliptical');
const STAIRS = sport(10, 'stair_climbing', 'Stair Climbing');
const HIIT = sport(11, 'high_intensity_interval_training', 'High Intensity Interval Training');
const SKIING = sport(12, 'skiing', 'Skiing');
const CROSS_COUNTRY_SKIING = sport(13, 'cross_country_skiing', 'Cross-Country Skiing');
const PADDLING = sport(14, 'paddling', 'Paddling');
const WORKOUT = sport(15, 'workout', 'Workout');
const OTHER = sport(99, 'other', 'Other');

const BY_STRAVA_TYPE: Readonly<Record<string, Sport>> = {
  Run: RUNNING,
  TrailRun: RUNNING,
  VirtualRun: RUNNING,
  Ride: CYCLING,
  MountainBikeRide: CYCLING,
  GravelRide: CYCLING,
  EBikeRide: CYCLING,
  EMountainBikeRide: CYCLING,
  VirtualRide: CYCLING,
  Velomobile: CYCLING,
  Handcycle: CYCLING,
  Walk: WALKING,
  Hike: HIKING,
  Swim: SWIMMING,
  WeightTraining: STRENGTH,
  Crossfit: HIIT,
  HighIntensityIntervalTraining: HIIT,
  Yoga: YOGA,
  Pilates: YOGA,
  Rowing: ROWING,
  VirtualRow: ROWING,
  Elliptical: ELLIPTICAL,
  StairStepper: STAIRS,
  AlpineSki: SKIING,
  BackcountrySki: SKIING,
  Snowboard: SKIING,
  NordicSki: CROSS_COUNTRY_SKIING,
  Kayaking: PADDLING,
  Canoeing: PADDLING,
  StandUpPaddling: PADDLING,
  Workout: WORKOUT,
};

export function sportOf(sportType: unknown, type: unknown): Sport {
  const key = typeof sportType === 'string' && BY_STRAVA_TYPE[sportType] ? sportType : type;
  return (typeof key === 'string' ? BY_STRAVA_TYPE[key] : undefined) ?? OTHER;
}
