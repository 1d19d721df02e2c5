import { RESOURCES } from './resources';
import {
  AUTH_TYPES,
  LAB_SLUGS,
  PROVIDERS,
  PROVIDER_SLUGS,
  SOURCE_KINDS,
  isLabSlug,
  isProviderSlug,
  providerBySlug,
  providersByKind,
  toProviderDetailed,
  toProviderObject,
  type AuthType,
  type ProviderSlug,
} from './providers';

const OAUTH: readonly ProviderSlug[] = [
  'oura',
  'fitbit',
  'garmin',
  'strava',
  'wahoo',
  'ihealth',
  'withings',
  'google_fit',
  'dexcom_v3',
  'polar',
  'cronometer',
  'omron',
  'whoop_v2',
  'my_fitness_pal_v2',
  'ultrahuman',
  'runkeeper',
  'google_health',
  'map_my_fitness',
];
const PASSWORD: readonly ProviderSlug[] = [
  'whoop',
  'renpho',
  'peloton',
  'zwift',
  'eight_sleep',
  'beurer_api',
  'dexcom',
  'hammerhead',
  'my_fitness_pal',
  'kardia',
  'abbott_libreview',
  'tandem_source',
];
const EMAIL: readonly ProviderSlug[] = ['freestyle_libre'];
const SDK: readonly ProviderSlug[] = [
  'apple_health_kit',
  'health_connect',
  'samsung_health',
  'freestyle_libre_ble',
  'beurer_ble',
  'omron_ble',
  'onetouch_ble',
  'accuchek_ble',
  'contour_ble',
];

function slugsWithAuth(auth: AuthType): string[] {
  return PROVIDERS.filter((p) => p.authType === auth)
    .map((p) => p.slug)
    .sort();
}

describe('provider catalog', () => {
  it('has 41 provider slugs, 15 lab slugs and the spec enums', () => {
    expect(PROVIDER_SLUGS).toHaveLength(41);
    expect(PROVIDER_SLUGS[0]).toBe('oura');
    expect(PROVIDER_SLUGS[PROVIDER_SLUGS.length - 1]).toBe('google_health');
    expect(LAB_SLUGS).toHaveLength(15);
    expect(AUTH_TYPES).toEqual(['oauth', 'team_oauth', 'sdk', 'password', 'email', 'app']);
    expect(SOURCE_KINDS).toEqual(['app', 'ble', 'device', 'lab', 'provider']);
    expect(new Set(PROVIDER_SLUGS).size).toBe(PROVIDER_SLUGS.length);
  });

  it('has exactly one entry per ProviderSlug, in slug order', () => {
    for (const slug of PROVIDER_SLUGS) {
      expect(PROVIDERS.filter((p) => p.slug === slug)).toHaveLength(1);
    }
    expect(PROVIDERS.map((p) => p.slug)).toEqual([...PROVIDER_SLUGS]);
  });

  it('has unique slugs', () => {
    const slugs = PROVIDERS.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('only lists resources from RESOURCES, without duplicates', () => {
    const known = new Set<string>(RESOURCES);
    for (const p of PROVIDERS) {
      expect(p.supportedResources.length).toBeGreaterThan(0);
      expect(new Set(p.supportedResources).size).toBe(p.supportedResources.length);
      for (const r of p.supportedResources) {
        expect(known.has(r)).toBe(true);
      }
    }
  });

  it('never lists lab-only resources for non-lab providers', () => {
    for (const p of PROVIDERS) {
      for (const r of ['order', 'result', 'appointment', 'hypnogram'] as const) {
        expect(p.supportedResources).not.toContain(r);
      }
    }
  });

  it('assigns the documented auth types', () => {
    expect(slugsWithAuth('oauth')).toEqual([...OAUTH].sort());
    expect(slugsWithAuth('password')).toEqual([...PASSWORD].sort());
    expect(slugsWithAuth('email')).toEqual([...EMAIL].sort());
    expect(slugsWithAuth('sdk')).toEqual([...SDK].sort());
    expect(slugsWithAuth('app')).toEqual(['manual']);
    expect(slugsWithAuth('team_oauth')).toEqual([]);
  });

  it('marks exactly the *_ble providers as ble', () => {
    for (const p of PROVIDERS) {
      expect(p.sourceKind === 'ble').toBe(p.slug.endsWith('_ble'));
    }
    expect(
      providersByKind('ble')
        .map((p) => p.slug)
        .sort(),
    ).toEqual(PROVIDER_SLUGS.filter((s) => s.endsWith('_ble')).sort());
  });

  it('has names, descriptions and logo URLs', () => {
    for (const p of PROVIDERS) {
      expect(p.name.trim()).not.toBe('');
      expect(p.description.trim()).not.toBe('');
      expect(p.logo).toBe(`https://storage.meridian.health/providers/${p.slug}.png`);
    }
    expect(providerBySlug('oura')?.name).toBe('Oura');
    expect(providerBySlug('dexcom')?.name).toBe('Dexcom G6 (legacy)');
    expect(providerBySlug('dexcom_v3')?.name).toBe('Dexcom');
    expect(providerBySlug('apple_health_kit')?.name).toBe('Apple HealthKit');
  });

  it('toProviderDetailed has exactly the six spec keys', () => {
    const oura = providerBySlug('oura');
    expect(oura).toBeDefined();
    if (!oura) return;
    const detailed = toProviderDetailed(oura);
    expect(Object.keys(detailed).sort()).toEqual([
      'auth_type',
      'description',
      'logo',
      'name',
      'slug',
      'supported_resources',
    ]);
    expect(detailed.auth_type).toBe('oauth');
    expect(detailed.supported_resources).toEqual([...oura.supportedResources]);
    expect(detailed.supported_resources).not.toBe(oura.supportedResources);
  });

  it('toProviderObject has exactly name, slug and logo', () => {
    const p = PROVIDERS[0];
    expect(p).toBeDefined();
    if (!p) return;
    expect(toProviderObject(p)).toEqual({ name: p.name, slug: p.slug, logo: p.logo });
  });

  it('providersByKind returns everything without a kind and partitions by kind', () => {
    expect(providersByKind()).toHaveLength(PROVIDERS.length);
    const total = SOURCE_KINDS.reduce((n, k) => n + providersByKind(k).length, 0);
    expect(total).toBe(PROVIDERS.length);
    expect(providersByKind('lab')).toEqual([]);
  });

  it('lookups reject unknown slugs', () => {
    expect(isProviderSlug('oura')).toBe(true);
    expect(isProviderSlug('nope')).toBe(false);
    expect(isProviderSlug('OURA')).toBe(false);
    expect(isProviderSlug('')).toBe(false);
    expect(providerBySlug('nope')).toBeUndefined();
    expect(isLabSlug('quest')).toBe(true);
    expect(isLabSlug('oura')).toBe(false);
  });
});
