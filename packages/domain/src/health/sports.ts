/**
 * Meridian's sport catalogue for workout summaries (`sport: {id, name, slug}`): the same sport has the same
 * id whatever sent it (a provider connector or a mobile SDK push). Ids 1–6 match the demo data's sports.
 */
export interface Sport {
  id: number;
  name: string;
  slug: string;
}

export const SPORTS: readonly Sport[] = [
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

const bySlug = new Map(SPORTS.map((s) => [s.slug, s]));

/** The catalogue sport of a slug (a copy), or undefined for a slug the catalogue does not have. */
export function catalogSport(slug: string): Sport | undefined {
  const sport = bySlug.get(slug);
  return sport ? { ...sport } : undefined;
}
