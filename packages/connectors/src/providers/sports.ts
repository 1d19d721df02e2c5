/**
 * Meridian's sport catalog for workout summaries (`sport: {id, name, slug}`), shared by the connectors so
 * the same sport has the same id whatever the provider. Ids 1–6 match the demo data's sports.
 */
export interface Sport {
  id: number;
  name: string;
  slug: string;
}

const CATALOG: readonly Sport[] = [
  { id: 0, name: 'Other', slug: 'other' },
  { id: 1, name: 'Running', slug: 'running' },
  { id: 2, name: 'Cycling', slug: 'cycling' },
  { id: 3, name: 'Walking', slug: 'walking' },
  { id: 4, name: 'Swimming', slug: 'swimming' },
  { id: 5, name: 'Strength Training', slug: 'strength_training' },
  { id: 6, name: 'Yoga', slug: 'yoga' },
  { id: 7, name: 'Hiking', slug: 'hiking' },
  { id: 8, name: 'Rowing', slug: 'rowing' },
  { id: 9, name: 'Elliptical', slug: 'elliptical' },
  { id: 10, name: 'High-Intensity Interval Training', slug: 'hiit' },
  { id: 11, name: 'Dancing', slug: 'dancing' },
  { id: 12, name: 'Tennis', slug: 'tennis' },
  { id: 13, name: 'Pilates', slug: 'pilates' },
];

const bySlug = new Map(CATALOG.map((s) => [s.slug, s]));

/** The catalog sport of a slug; unknown slugs are `other`. */
export function sportOf(slug: string): Sport {
  return { ...(bySlug.get(slug) ?? bySlug.get('other')!) };
}
