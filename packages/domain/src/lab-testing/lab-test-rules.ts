/** Lab test catalogue rules (api-shapes §6.4): slugs, default sample types, limits. */
import type { CollectionMethod, LabTestSampleType } from './enums';

export const LAB_TEST_LIMITS = {
  nameMaxLength: 200,
  slugMaxLength: 220,
  /** Markers in one lab test, and marker ids or provider ids in one request. */
  maxMarkers: 100,
  /** Lab tests in an order set (list_order_set_markers, CreateOrder.order_set). */
  maxOrderSetLabTests: 50,
  /** Lab tests one team environment may hold (GET /v3/lab_tests returns them all). */
  maxPerEnvironment: 1000,
} as const;

const SLUG_BASE_MAX = 200;

/** `Lipid Panel (Fasting)` → `lipid-panel-fasting`; a name without letters or digits → `lab-test`. */
export function labTestSlugBase(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_BASE_MAX)
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'lab-test' : slug;
}

/** The first of `base`, `base-2`, `base-3`... not in `taken`. */
export function uniqueLabTestSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** What a collection method collects when the lab test does not say: a dried blood spot for kits, else serum. */
export function defaultSampleTypeFor(method: CollectionMethod): LabTestSampleType {
  return method === 'testkit' ? 'dried_blood_spot' : 'serum';
}

/** On-site collection is done by the team's own staff; every other method comes with patient instructions. */
export function hasCollectionInstructions(method: CollectionMethod): boolean {
  return method !== 'on_site_collection';
}
