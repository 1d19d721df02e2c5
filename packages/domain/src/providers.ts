/**
 * The provider catalog served by `GET /v2/providers`.
 *
 * Pure data + helpers: no I/O. Slug, lab and auth-type enums follow the API
 * shapes document exactly (order preserved).
 */
import { type Resource, RESOURCES } from './resources';

/** Every `ProviderSlug` value, in spec order. */
export const PROVIDER_SLUGS = [
  'oura',
  'fitbit',
  'garmin',
  'whoop',
  'strava',
  'renpho',
  'peloton',
  'wahoo',
  'zwift',
  'freestyle_libre',
  'abbott_libreview',
  'freestyle_libre_ble',
  'eight_sleep',
  'withings',
  'apple_health_kit',
  'manual',
  'ihealth',
  'google_fit',
  'beurer_api',
  'beurer_ble',
  'omron',
  'omron_ble',
  'onetouch_ble',
  'accuchek_ble',
  'contour_ble',
  'dexcom',
  'dexcom_v3',
  'hammerhead',
  'my_fitness_pal',
  'health_connect',
  'polar',
  'cronometer',
  'kardia',
  'whoop_v2',
  'ultrahuman',
  'my_fitness_pal_v2',
  'map_my_fitness',
  'runkeeper',
  'tandem_source',
  'samsung_health',
  'google_health',
] as const;

export type ProviderSlug = (typeof PROVIDER_SLUGS)[number];

const providerSlugSet: ReadonlySet<string> = new Set(PROVIDER_SLUGS);

export function isProviderSlug(value: string): value is ProviderSlug {
  return providerSlugSet.has(value);
}

/** Every `LabSlug` value, in spec order. */
export const LAB_SLUGS = [
  'ayumetrix',
  'spiriplex',
  'ussl',
  'quest',
  'labcorp',
  'bioreference',
  'us_biotek',
  'manual',
  'sanocardio',
  'ihd',
  'nexus',
  'my_uti',
  'sonora_quest',
  'crl',
  'mtl',
] as const;

export type LabSlug = (typeof LAB_SLUGS)[number];

const labSlugSet: ReadonlySet<string> = new Set(LAB_SLUGS);

export function isLabSlug(value: string): value is LabSlug {
  return labSlugSet.has(value);
}

/** How a provider is connected. `sdk` = data pushed by a mobile SDK (HealthKit, Health Connect, BLE). */
export const AUTH_TYPES = ['oauth', 'team_oauth', 'sdk', 'password', 'email', 'app'] as const;

export type AuthType = (typeof AUTH_TYPES)[number];

/** Catalogue filter `source_type`. */
export const SOURCE_KINDS = ['app', 'ble', 'device', 'lab', 'provider'] as const;

export type SourceKind = (typeof SOURCE_KINDS)[number];

export interface ProviderInfo {
  slug: ProviderSlug;
  name: string;
  description: string;
  logo: string;
  authType: AuthType;
  sourceKind: SourceKind;
  supportedResources: readonly Resource[];
}

/** The spec's `Provider` object. */
export interface ProviderObject {
  name: string;
  slug: string;
  logo: string;
}

/** The spec's `ProviderDetailed` object. */
export interface ProviderDetailed {
  name: string;
  slug: string;
  description: string;
  logo: string | null;
  auth_type: AuthType | null;
  supported_resources: Resource[];
}

const LOGO_BASE = 'https://storage.meridian.health/providers/';

type ProviderSpec = Omit<ProviderInfo, 'logo'>;

// Shared resource lists ------------------------------------------------------

const CGM: readonly Resource[] = ['glucose'];
const CGM_WITH_PROFILE: readonly Resource[] = ['profile', 'glucose'];
const GLUCOMETER_BLE: readonly Resource[] = ['glucose', 'device'];
const SCALE: readonly Resource[] = [
  'profile',
  'body',
  'weight',
  'fat',
  'body_mass_index',
  'lean_body_mass',
  'device',
];
const SCALE_BLE: readonly Resource[] = ['body', 'weight', 'fat', 'body_mass_index', 'device'];
const BP_CUFF: readonly Resource[] = ['blood_pressure', 'heartrate', 'device'];
const NUTRITION: readonly Resource[] = ['profile', 'meal', 'water', 'caffeine', 'carbohydrates'];
const CYCLING_COMPUTER: readonly Resource[] = [
  'profile',
  'workouts',
  'workout_stream',
  'workout_distance',
  'workout_duration',
  'heartrate',
  'calories_active',
  'distance',
  'device',
];
const RUN_TRACKER: readonly Resource[] = [
  'profile',
  'workouts',
  'workout_stream',
  'workout_distance',
  'workout_duration',
  'calories_active',
  'distance',
  'heartrate',
];
const WHOOP_RESOURCES: readonly Resource[] = [
  'profile',
  'activity',
  'sleep',
  'sleep_cycle',
  'workouts',
  'heartrate',
  'hrv',
  'respiratory_rate',
  'blood_oxygen',
  'body_temperature',
  'calories_active',
  'calories_basal',
  'stress_level',
  'body',
];
const MOBILE_HEALTH_STORE: readonly Resource[] = [
  'profile',
  'activity',
  'sleep',
  'sleep_stream',
  'body',
  'workouts',
  'workout_stream',
  'glucose',
  'heartrate',
  'hrv',
  'blood_oxygen',
  'blood_pressure',
  'device',
  'weight',
  'fat',
  'body_temperature',
  'meal',
  'water',
  'steps',
  'calories_active',
  'calories_basal',
  'distance',
  'floors_climbed',
  'respiratory_rate',
  'vo2_max',
  'menstrual_cycle',
  'mindfulness_minutes',
  'body_mass_index',
  'lean_body_mass',
  'workout_distance',
  'workout_duration',
  'carbohydrates',
  'insulin_injection',
  'basal_body_temperature',
  'heart_rate_recovery_one_minute',
];

const SPECS: readonly ProviderSpec[] = [
  {
    slug: 'oura',
    name: 'Oura',
    description:
      'Smart ring that tracks sleep stages, readiness, activity, heart rate, HRV and skin temperature.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'sleep_cycle',
      'sleep_stream',
      'workouts',
      'heartrate',
      'hrv',
      'respiratory_rate',
      'body_temperature_delta',
      'blood_oxygen',
      'steps',
      'calories_active',
      'calories_basal',
      'distance',
      'stress_level',
      'vo2_max',
      'menstrual_cycle',
      'device',
    ],
  },
  {
    slug: 'fitbit',
    name: 'Fitbit',
    description:
      'Wrist-worn fitness trackers and smartwatches recording activity, sleep, heart rate, SpO2 and body measurements.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'sleep_stream',
      'body',
      'workouts',
      'heartrate',
      'hrv',
      'blood_oxygen',
      'weight',
      'fat',
      'body_temperature_delta',
      'meal',
      'water',
      'steps',
      'calories_active',
      'calories_basal',
      'distance',
      'floors_climbed',
      'respiratory_rate',
      'vo2_max',
      'electrocardiogram',
      'body_mass_index',
      'device',
    ],
  },
  {
    slug: 'garmin',
    name: 'Garmin',
    description:
      'GPS sports watches and wearables recording workouts, daily activity, sleep, heart rate, stress and body composition.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'sleep_stream',
      'body',
      'workouts',
      'workout_stream',
      'heartrate',
      'hrv',
      'blood_oxygen',
      'blood_pressure',
      'weight',
      'fat',
      'steps',
      'calories_active',
      'calories_basal',
      'distance',
      'floors_climbed',
      'respiratory_rate',
      'vo2_max',
      'stress_level',
      'menstrual_cycle',
      'body_mass_index',
      'workout_distance',
      'workout_duration',
      'device',
    ],
  },
  {
    slug: 'whoop',
    name: 'WHOOP (legacy)',
    description:
      'Legacy password-based WHOOP strap integration providing recovery, strain, sleep and heart-rate data.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: WHOOP_RESOURCES,
  },
  {
    slug: 'strava',
    name: 'Strava',
    description:
      'Social fitness platform providing recorded runs, rides and other workouts with GPS and sensor streams.',
    authType: 'oauth',
    sourceKind: 'provider',
    supportedResources: [
      'profile',
      'workouts',
      'workout_stream',
      'workout_distance',
      'workout_duration',
      'heartrate',
      'calories_active',
      'distance',
    ],
  },
  {
    slug: 'renpho',
    name: 'Renpho',
    description: 'Smart body-composition scales reporting weight, body fat, BMI and lean mass.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: SCALE,
  },
  {
    slug: 'peloton',
    name: 'Peloton',
    description:
      'Connected fitness platform providing bike, tread and class workouts with heart rate and output metrics.',
    authType: 'password',
    sourceKind: 'provider',
    supportedResources: [
      'profile',
      'workouts',
      'workout_stream',
      'workout_distance',
      'workout_duration',
      'heartrate',
      'calories_active',
      'distance',
    ],
  },
  {
    slug: 'wahoo',
    name: 'Wahoo',
    description:
      'Cycling computers, smart trainers and sensors recording rides with power, cadence and heart-rate streams.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: CYCLING_COMPUTER,
  },
  {
    slug: 'zwift',
    name: 'Zwift',
    description:
      'Virtual cycling and running platform providing indoor workouts with power, cadence and heart-rate data.',
    authType: 'password',
    sourceKind: 'provider',
    supportedResources: [
      'profile',
      'workouts',
      'workout_stream',
      'workout_distance',
      'workout_duration',
      'heartrate',
      'calories_active',
      'distance',
    ],
  },
  {
    slug: 'freestyle_libre',
    name: 'FreeStyle Libre',
    description: 'Abbott FreeStyle Libre continuous glucose monitor data shared via LibreLinkUp.',
    authType: 'email',
    sourceKind: 'device',
    supportedResources: CGM_WITH_PROFILE,
  },
  {
    slug: 'abbott_libreview',
    name: 'Abbott LibreView',
    description:
      'Abbott LibreView cloud account providing continuous glucose readings from FreeStyle Libre sensors.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: CGM_WITH_PROFILE,
  },
  {
    slug: 'freestyle_libre_ble',
    name: 'FreeStyle Libre BLE',
    description: 'FreeStyle Libre sensor glucose readings captured over Bluetooth by the mobile SDK.',
    authType: 'sdk',
    sourceKind: 'ble',
    supportedResources: GLUCOMETER_BLE,
  },
  {
    slug: 'eight_sleep',
    name: 'Eight Sleep',
    description:
      'Smart mattress cover that tracks sleep stages, heart rate, HRV, breathing rate and bed temperature.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'sleep',
      'sleep_cycle',
      'sleep_stream',
      'heartrate',
      'hrv',
      'respiratory_rate',
      'body_temperature_delta',
      'device',
    ],
  },
  {
    slug: 'withings',
    name: 'Withings',
    description:
      'Connected scales, blood-pressure monitors, watches and sleep analyzers reporting body, cardiovascular and sleep data.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'sleep_stream',
      'body',
      'workouts',
      'heartrate',
      'hrv',
      'blood_oxygen',
      'blood_pressure',
      'weight',
      'fat',
      'body_temperature',
      'steps',
      'calories_active',
      'distance',
      'respiratory_rate',
      'electrocardiogram',
      'electrocardiogram_voltage',
      'afib_burden',
      'sleep_apnea_alert',
      'body_mass_index',
      'lean_body_mass',
      'device',
    ],
  },
  {
    slug: 'apple_health_kit',
    name: 'Apple HealthKit',
    description:
      'Health data stored on iPhone and Apple Watch, read on-device through the Meridian mobile SDK.',
    authType: 'sdk',
    sourceKind: 'app',
    supportedResources: [
      ...MOBILE_HEALTH_STORE,
      'caffeine',
      'electrocardiogram',
      'electrocardiogram_voltage',
      'afib_burden',
      'heart_rate_alert',
      'stand_hour',
      'stand_duration',
      'sleep_apnea_alert',
      'sleep_breathing_disturbance',
      'wheelchair_push',
      'forced_expiratory_volume_1',
      'forced_vital_capacity',
      'peak_expiratory_flow_rate',
      'inhaler_usage',
      'fall',
      'uv_exposure',
      'daylight_exposure',
      'handwashing',
      'waist_circumference',
      'workout_swimming_stroke',
      'body_temperature_delta',
    ],
  },
  {
    slug: 'manual',
    name: 'Manual',
    description: 'Data entered manually by the user or pushed directly through the Meridian API.',
    authType: 'app',
    sourceKind: 'provider',
    supportedResources: [
      'profile',
      'body',
      'weight',
      'fat',
      'glucose',
      'blood_pressure',
      'heartrate',
      'meal',
      'water',
      'caffeine',
      'carbohydrates',
      'insulin_injection',
      'body_temperature',
      'note',
    ],
  },
  {
    slug: 'ihealth',
    name: 'iHealth',
    description:
      'Connected blood-pressure monitors, scales, glucometers and pulse oximeters syncing via the iHealth cloud.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'blood_pressure',
      'heartrate',
      'glucose',
      'blood_oxygen',
      'body',
      'weight',
      'fat',
      'body_mass_index',
      'device',
    ],
  },
  {
    slug: 'google_fit',
    name: 'Google Fit',
    description:
      'Google fitness platform aggregating activity, workouts, heart rate, sleep and body measurements.',
    authType: 'oauth',
    sourceKind: 'provider',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'body',
      'workouts',
      'heartrate',
      'blood_oxygen',
      'blood_pressure',
      'glucose',
      'weight',
      'fat',
      'body_temperature',
      'water',
      'steps',
      'calories_active',
      'calories_basal',
      'distance',
    ],
  },
  {
    slug: 'beurer_api',
    name: 'Beurer',
    description:
      'Beurer HealthManager cloud providing blood-pressure, heart-rate and body-scale measurements.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'blood_pressure',
      'heartrate',
      'body',
      'weight',
      'fat',
      'body_mass_index',
      'device',
    ],
  },
  {
    slug: 'beurer_ble',
    name: 'Beurer BLE',
    description: 'Beurer blood-pressure monitors and scales read over Bluetooth by the mobile SDK.',
    authType: 'sdk',
    sourceKind: 'ble',
    supportedResources: [...BP_CUFF, ...SCALE_BLE],
  },
  {
    slug: 'omron',
    name: 'Omron',
    description: 'Omron connect cloud providing blood-pressure and pulse readings from Omron monitors.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: ['profile', ...BP_CUFF, 'weight', 'body'],
  },
  {
    slug: 'omron_ble',
    name: 'Omron BLE',
    description: 'Omron blood-pressure monitors read over Bluetooth by the mobile SDK.',
    authType: 'sdk',
    sourceKind: 'ble',
    supportedResources: BP_CUFF,
  },
  {
    slug: 'onetouch_ble',
    name: 'OneTouch BLE',
    description: 'OneTouch blood glucose meters read over Bluetooth by the mobile SDK.',
    authType: 'sdk',
    sourceKind: 'ble',
    supportedResources: GLUCOMETER_BLE,
  },
  {
    slug: 'accuchek_ble',
    name: 'Accu-Chek BLE',
    description: 'Roche Accu-Chek blood glucose meters read over Bluetooth by the mobile SDK.',
    authType: 'sdk',
    sourceKind: 'ble',
    supportedResources: GLUCOMETER_BLE,
  },
  {
    slug: 'contour_ble',
    name: 'Contour BLE',
    description: 'Ascensia Contour blood glucose meters read over Bluetooth by the mobile SDK.',
    authType: 'sdk',
    sourceKind: 'ble',
    supportedResources: GLUCOMETER_BLE,
  },
  {
    slug: 'dexcom',
    name: 'Dexcom G6 (legacy)',
    description:
      'Legacy Dexcom Share integration providing continuous glucose readings from Dexcom G6 sensors.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: CGM,
  },
  {
    slug: 'dexcom_v3',
    name: 'Dexcom',
    description: 'Dexcom continuous glucose monitor readings and device data via the official Dexcom API.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: ['profile', 'glucose', 'device'],
  },
  {
    slug: 'hammerhead',
    name: 'Hammerhead',
    description: 'Hammerhead Karoo cycling computers recording rides with GPS, power and heart-rate streams.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: CYCLING_COMPUTER,
  },
  {
    slug: 'my_fitness_pal',
    name: 'MyFitnessPal (legacy)',
    description:
      'Legacy password-based MyFitnessPal integration providing food diary meals, macronutrients and water intake.',
    authType: 'password',
    sourceKind: 'provider',
    supportedResources: NUTRITION,
  },
  {
    slug: 'health_connect',
    name: 'Health Connect',
    description: 'Android Health Connect data store, read on-device through the Meridian mobile SDK.',
    authType: 'sdk',
    sourceKind: 'app',
    supportedResources: [...MOBILE_HEALTH_STORE, 'sleep_cycle', 'workout_swimming_stroke'],
  },
  {
    slug: 'polar',
    name: 'Polar',
    description:
      'Polar sports watches and heart-rate sensors recording training sessions, daily activity and sleep.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'workouts',
      'workout_stream',
      'heartrate',
      'hrv',
      'steps',
      'calories_active',
      'calories_basal',
      'distance',
      'workout_distance',
      'workout_duration',
      'vo2_max',
      'device',
    ],
  },
  {
    slug: 'cronometer',
    name: 'Cronometer',
    description:
      'Nutrition tracking app providing logged meals, macro- and micronutrients, water and caffeine intake.',
    authType: 'oauth',
    sourceKind: 'provider',
    supportedResources: [...NUTRITION, 'weight', 'body'],
  },
  {
    slug: 'kardia',
    name: 'Kardia',
    description: 'AliveCor KardiaMobile personal ECG devices providing single- and six-lead ECG recordings.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: ['profile', 'electrocardiogram', 'electrocardiogram_voltage', 'heartrate'],
  },
  {
    slug: 'whoop_v2',
    name: 'WHOOP',
    description:
      'WHOOP strap data via the official API, covering recovery, strain, sleep, workouts and heart rate.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: WHOOP_RESOURCES,
  },
  {
    slug: 'ultrahuman',
    name: 'Ultrahuman',
    description: 'Ultrahuman Ring AIR tracking sleep, heart rate, HRV, skin temperature and movement.',
    authType: 'oauth',
    sourceKind: 'device',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'sleep_stream',
      'heartrate',
      'hrv',
      'body_temperature_delta',
      'steps',
      'calories_active',
      'respiratory_rate',
      'vo2_max',
      'blood_oxygen',
    ],
  },
  {
    slug: 'my_fitness_pal_v2',
    name: 'MyFitnessPal',
    description:
      'MyFitnessPal food diary via the official API, providing meals, macronutrients and water intake.',
    authType: 'oauth',
    sourceKind: 'provider',
    supportedResources: NUTRITION,
  },
  {
    slug: 'map_my_fitness',
    name: 'MapMyFitness',
    description:
      'Under Armour MapMyFitness platform providing GPS-tracked runs, rides, walks and other workouts.',
    authType: 'oauth',
    sourceKind: 'provider',
    supportedResources: RUN_TRACKER,
  },
  {
    slug: 'runkeeper',
    name: 'Runkeeper',
    description: 'ASICS Runkeeper app providing GPS-tracked runs and other workouts.',
    authType: 'oauth',
    sourceKind: 'provider',
    supportedResources: RUN_TRACKER,
  },
  {
    slug: 'tandem_source',
    name: 'Tandem Source',
    description: 'Tandem insulin pump data including insulin deliveries and paired CGM glucose readings.',
    authType: 'password',
    sourceKind: 'device',
    supportedResources: ['profile', 'insulin_injection', 'glucose', 'carbohydrates', 'device'],
  },
  {
    slug: 'samsung_health',
    name: 'Samsung Health',
    description:
      'Samsung Health data from Galaxy phones and watches, read on-device through the Meridian mobile SDK.',
    authType: 'sdk',
    sourceKind: 'app',
    supportedResources: [...MOBILE_HEALTH_STORE, 'electrocardiogram', 'stress_level', 'caffeine'],
  },
  {
    slug: 'google_health',
    name: 'Google Health',
    description:
      'Google health platform providing activity, sleep, heart-rate and body data from Fitbit and Pixel devices.',
    authType: 'oauth',
    sourceKind: 'provider',
    supportedResources: [
      'profile',
      'activity',
      'sleep',
      'body',
      'workouts',
      'heartrate',
      'hrv',
      'blood_oxygen',
      'weight',
      'fat',
      'steps',
      'calories_active',
      'calories_basal',
      'distance',
      'floors_climbed',
      'respiratory_rate',
      'vo2_max',
      'body_temperature_delta',
    ],
  },
];

/** Dedupes a resource list and puts it in canonical (spec) order. */
function canonicalResources(list: readonly Resource[]): readonly Resource[] {
  const wanted: ReadonlySet<Resource> = new Set(list);
  return Object.freeze(RESOURCES.filter((r) => wanted.has(r)));
}

/** One entry per `ProviderSlug`, in spec order. */
export const PROVIDERS: readonly ProviderInfo[] = Object.freeze(
  SPECS.map((spec): ProviderInfo =>
    Object.freeze({
      ...spec,
      logo: `${LOGO_BASE}${spec.slug}.png`,
      supportedResources: canonicalResources(spec.supportedResources),
    }),
  ),
);

const providerIndex: ReadonlyMap<string, ProviderInfo> = new Map(PROVIDERS.map((p) => [p.slug, p]));

export function providerBySlug(slug: string): ProviderInfo | undefined {
  return providerIndex.get(slug);
}

export function toProviderObject(p: ProviderInfo): ProviderObject {
  return { name: p.name, slug: p.slug, logo: p.logo };
}

export function toProviderDetailed(p: ProviderInfo): ProviderDetailed {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description,
    logo: p.logo,
    auth_type: p.authType,
    supported_resources: [...p.supportedResources],
  };
}

/** Providers whose `sourceKind` matches; all providers when `kind` is omitted. */
export function providersByKind(kind?: SourceKind): readonly ProviderInfo[] {
  if (kind === undefined) return PROVIDERS;
  return PROVIDERS.filter((p) => p.sourceKind === kind);
}
