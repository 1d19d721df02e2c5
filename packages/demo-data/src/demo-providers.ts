import { providerBySlug, type Resource, type SourceType } from '@meridian/domain';
import type { Persona } from './persona';

/**
 * The providers the demo connection offers (api-shapes §4.6) and how each one's data looks: the kind of
 * device each resource comes from, sampling density and source units.
 */
export const DEMO_PROVIDERS = ['apple_health_kit', 'fitbit', 'freestyle_libre', 'oura'] as const;
export type DemoProvider = (typeof DEMO_PROVIDERS)[number];

export function isDemoProvider(value: string): value is DemoProvider {
  return (DEMO_PROVIDERS as readonly string[]).includes(value);
}

export interface DemoProviderProfile {
  slug: DemoProvider;
  /** Source type of most data (the wearable). */
  device: SourceType;
  /** Source type per resource where it differs from `device`. */
  sourceTypes: Partial<Record<Resource, SourceType>>;
  /** Minutes between heart-rate samples outside workouts. */
  heartRateEveryMinutes: number;
  /** HRV: every 5 minutes of sleep (`stream`) or one nightly value (`nightly`). */
  hrv: 'stream' | 'nightly';
  /** The phone also counts steps and distance (a second source context). */
  phoneCountsSteps: boolean;
  /** Body fat is sent as a fraction (0.23) rather than percent, as some scale APIs do. */
  fatAsFraction: boolean;
  /** CGM readings' unit as the provider sends them. */
  glucoseUnit: 'mg/dL' | 'mmol/L';
  sensorLocation: 'finger' | 'wrist';
}

const PROFILES: Record<DemoProvider, DemoProviderProfile> = {
  oura: {
    slug: 'oura',
    device: 'ring',
    sourceTypes: {},
    heartRateEveryMinutes: 5,
    hrv: 'stream',
    phoneCountsSteps: false,
    fatAsFraction: false,
    glucoseUnit: 'mmol/L',
    sensorLocation: 'finger',
  },
  fitbit: {
    slug: 'fitbit',
    device: 'watch',
    sourceTypes: {
      weight: 'scale',
      fat: 'scale',
      body_mass_index: 'scale',
      body: 'scale',
      meal: 'app',
      water: 'app',
    },
    heartRateEveryMinutes: 1,
    hrv: 'nightly',
    phoneCountsSteps: false,
    fatAsFraction: true,
    glucoseUnit: 'mmol/L',
    sensorLocation: 'wrist',
  },
  apple_health_kit: {
    slug: 'apple_health_kit',
    device: 'watch',
    sourceTypes: {
      weight: 'scale',
      fat: 'scale',
      body_mass_index: 'scale',
      lean_body_mass: 'scale',
      body: 'scale',
      blood_pressure: 'cuff',
      meal: 'app',
      water: 'app',
      caffeine: 'app',
      carbohydrates: 'app',
      profile: 'phone',
    },
    heartRateEveryMinutes: 1,
    hrv: 'nightly',
    phoneCountsSteps: true,
    fatAsFraction: false,
    glucoseUnit: 'mmol/L',
    sensorLocation: 'wrist',
  },
  freestyle_libre: {
    slug: 'freestyle_libre',
    device: 'automatic',
    sourceTypes: { profile: 'app' },
    heartRateEveryMinutes: 5,
    hrv: 'nightly',
    phoneCountsSteps: false,
    fatAsFraction: false,
    glucoseUnit: 'mg/dL',
    sensorLocation: 'finger',
  },
};

export function demoProviderProfile(provider: DemoProvider): DemoProviderProfile {
  return PROFILES[provider];
}

/** Every resource the generator can produce (timeseries by catalog resource name, summaries by kind). */
export const GENERATED_RESOURCES: readonly Resource[] = [
  'profile',
  'activity',
  'sleep',
  'sleep_cycle',
  'sleep_stream',
  'body',
  'workouts',
  'workout_stream',
  'meal',
  'heartrate',
  'hrv',
  'respiratory_rate',
  'blood_oxygen',
  'body_temperature_delta',
  'basal_body_temperature',
  'steps',
  'distance',
  'calories_active',
  'calories_basal',
  'floors_climbed',
  'stress_level',
  'vo2_max',
  'weight',
  'fat',
  'body_mass_index',
  'lean_body_mass',
  'blood_pressure',
  'glucose',
  'water',
  'caffeine',
  'carbohydrates',
  'stand_hour',
  'stand_duration',
  'daylight_exposure',
  'mindfulness_minutes',
  'heart_rate_recovery_one_minute',
  'workout_duration',
  'workout_distance',
];

/** What this provider's supported data looks like in the catalog; `activity` summaries follow from steps. */
export function supportedResources(provider: DemoProvider): readonly Resource[] {
  const info = providerBySlug(provider);
  if (!info) throw new Error(`${provider} is not in the provider catalog`);
  return info.supportedResources;
}

/**
 * The resources a demo connection of `provider` fills for this user: the provider's catalog resources
 * that the generator produces (catalog order). Glucose for Apple HealthKit is left out (a typical watch
 * wearer has no glucose readings), and basal body temperature is tracked by female personas only.
 */
export function demoResources(provider: DemoProvider, persona?: Pick<Persona, 'sex'>): Resource[] {
  const generated = new Set(GENERATED_RESOURCES);
  const excluded = new Set<Resource>(provider === 'apple_health_kit' ? ['glucose'] : []);
  if (persona?.sex !== 'female') excluded.add('basal_body_temperature');
  return supportedResources(provider).filter((r) => generated.has(r) && !excluded.has(r));
}
